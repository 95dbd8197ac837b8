import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog } from 'electron';
import type { BrowserWindow } from 'electron';
import { safeFileName } from '../core/file-names';
import type { PdfPrinter } from '../core/pdf-printer';

/** The page on screen (a voucher, a report), printed by Chromium to A4 (the page's print styles hide the app around it), saved where the agent says. */
export function electronPdfPrinter(window: () => BrowserWindow | null): PdfPrinter {
  return {
    async savePdf(suggestedFileName) {
      const target = window();
      if (!target) return null;
      const pdf = await target.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
      const { canceled, filePath } = await dialog.showSaveDialog(target, {
        // A name, never a path: whatever the caller passed, the dialog opens in Documents.
        defaultPath: join(app.getPath('documents'), safeFileName(suggestedFileName, 'document.pdf')),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (canceled || !filePath) return null;
      await writeFile(filePath, pdf);
      return filePath;
    },
  };
}

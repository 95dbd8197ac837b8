import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, dialog, session } from 'electron';
import type { BrowserWindow } from 'electron';
import { safeFileName } from '../core/file-names';
import type { PdfPrinter } from '../core/pdf-printer';
import { createSecureWindow, denyAllPermissions } from './hardening';

const PRINT_OPTIONS = { printBackground: true, pageSize: 'A4' } as const;

/** The documents being printed now: the only addresses their session lets a page load. */
const printing = new Set<string>();
let printSession: Electron.Session | null = null;

/** A session of its own for printed documents, in memory, that loads nothing but the document being printed. */
function documentSession(): Electron.Session {
  if (printSession) return printSession;
  printSession = session.fromPartition('print-documents');
  denyAllPermissions(printSession);
  printSession.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !printing.has(details.url) }));
  return printSession;
}

/** A document's PDF, from a hidden window with scripts off that loads the document's file and nothing else. */
async function printDocumentFile(html: string): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'packdesk-print-'));
  const file = join(folder, 'document.html');
  const url = pathToFileURL(file).href;
  const window = createSecureWindow({ show: false, width: 900, height: 1200 }, { session: documentSession(), scripts: false });
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  printing.add(url);
  try {
    await writeFile(file, html, { encoding: 'utf8', mode: 0o600 });
    await window.loadURL(url);
    return await window.webContents.printToPDF(PRINT_OPTIONS);
  } finally {
    printing.delete(url);
    window.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** Printed by Chromium to A4 and saved where the agent says. */
export function electronPdfPrinter(window: () => BrowserWindow | null): PdfPrinter {
  async function saveWithDialog(parent: BrowserWindow, pdf: Buffer, suggestedFileName: string): Promise<string | null> {
    const { canceled, filePath } = await dialog.showSaveDialog(parent, {
      // A name, never a path: whatever the caller passed, the dialog opens in Documents.
      defaultPath: join(app.getPath('documents'), safeFileName(suggestedFileName, 'document.pdf')),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
    if (canceled || !filePath) return null;
    await writeFile(filePath, pdf);
    return filePath;
  }
  return {
    async savePdf(suggestedFileName) {
      const target = window();
      if (!target) return null;
      return saveWithDialog(target, await target.webContents.printToPDF(PRINT_OPTIONS), suggestedFileName);
    },
    async saveDocumentPdf(suggestedFileName, html) {
      const parent = window();
      if (!parent) return null;
      return saveWithDialog(parent, await printDocumentFile(html), suggestedFileName);
    },
  };
}

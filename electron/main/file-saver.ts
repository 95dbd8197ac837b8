import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog } from 'electron';
import type { BrowserWindow } from 'electron';
import { safeFileName } from '../core/file-names';
import type { FileSaver } from '../core/file-saver';

/** A text file saved where the agent says in the system's save dialog, opened in Documents. */
export function electronFileSaver(window: () => BrowserWindow | null): FileSaver {
  return {
    async saveText(suggestedFileName, text, type) {
      const options = {
        // A name, never a path: whatever the caller passed, the dialog opens in Documents.
        defaultPath: join(app.getPath('documents'), safeFileName(suggestedFileName, `packdesk.${type.extension}`)),
        filters: [{ name: type.name, extensions: [type.extension] }],
      };
      const parent = window();
      const { canceled, filePath } = await (parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options));
      if (canceled || !filePath) return null;
      await writeFile(filePath, text, 'utf8');
      return filePath;
    },
  };
}

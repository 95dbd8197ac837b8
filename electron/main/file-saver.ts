import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog } from 'electron';
import type { BrowserWindow } from 'electron';
import { safeFileName } from '../core/file-names';
import { writeChunks } from '../core/file-saver';
import type { FileSaver } from '../core/file-saver';

/** A text file saved where the agent says in the system's save dialog, opened in Documents. */
export function electronFileSaver(window: () => BrowserWindow | null): FileSaver {
  /** Where the agent says, in the system's save dialog; null when they cancel it. */
  async function chosenPath(suggestedFileName: string, type: { name: string; extension: string }): Promise<string | null> {
    const options = {
      // A name, never a path: whatever the caller passed, the dialog opens in Documents.
      defaultPath: join(app.getPath('documents'), safeFileName(suggestedFileName, `packdesk.${type.extension}`)),
      filters: [{ name: type.name, extensions: [type.extension] }],
    };
    const parent = window();
    const { canceled, filePath } = await (parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options));
    return canceled || !filePath ? null : filePath;
  }
  return {
    async saveText(suggestedFileName, text, type) {
      const filePath = await chosenPath(suggestedFileName, type);
      if (filePath) await writeFile(filePath, text, 'utf8');
      return filePath;
    },
    async saveStream(suggestedFileName, chunks, type) {
      const filePath = await chosenPath(suggestedFileName, type);
      if (filePath) await writeChunks(filePath, chunks);
      return filePath;
    },
  };
}

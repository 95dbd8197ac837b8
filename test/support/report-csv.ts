import { join } from 'node:path';
import { writeChunks } from '../../electron/core/file-saver';
import type { FileSaver } from '../../electron/core/file-saver';

/** The save dialog as the agent answers it: into the test's folder, under the name offered, written as a stream. */
export function savingInto(folder: string): FileSaver {
  return {
    saveText: () => Promise.reject(new Error('the report is written as a stream, not one text')),
    saveStream: async (name, chunks) => (await writeChunks(join(folder, name), chunks), join(folder, name)),
  };
}

/** CSV as a spreadsheet reads it (the reports quote only what needs it). */
export const parsedCsv = (csv: string) =>
  csv
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
        .map((match) => (match[1] ?? '').replace(/^"|"$/g, '').replace(/""/g, '"'))
        .slice(0, -1),
    );

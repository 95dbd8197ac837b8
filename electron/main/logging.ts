import { join } from 'node:path';
import { app } from 'electron';
import { logConsoleToFile } from '../core/log-file';

/**
 * The main process's console goes to a rotated file in the system's logs folder (Help → Open logs
 * folder), as well as to the terminal, with nothing secret in either (core/log-file.ts). Loaded
 * only inside Electron: electron-log/main needs the real one.
 */
export async function startLogging(): Promise<void> {
  const { default: log } = await import('electron-log/main');
  logConsoleToFile(log, join(app.getPath('logs'), 'main.log'), { catchErrors: true });
}

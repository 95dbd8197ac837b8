import { join } from 'node:path';
import { app } from 'electron';

/** A log file the size of this is moved to main.old.log and a new one begun: two files at most. */
const LOG_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The main process's console goes to a rotated file in the system's logs folder (Help → Open logs
 * folder), as well as to the terminal. Loaded only inside Electron: electron-log needs the real one.
 */
export async function startLogging(): Promise<void> {
  const { default: log } = await import('electron-log/main');
  log.transports.file.maxSize = LOG_MAX_BYTES;
  log.transports.file.resolvePathFn = () => join(app.getPath('logs'), 'main.log');
  Object.assign(console, log.functions);
  log.errorHandler.startCatching({ showDialog: false });
}

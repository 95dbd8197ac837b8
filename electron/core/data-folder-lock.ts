import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from './app-error';

const LOCK_FILE = 'packdesk.lock';

/** Whether a process is running (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One Packdesk per data folder, whatever started it (an installed app, `npm start`, a second user
 * pointing at the same folder): two would write the same ledger at once. The lock names the process
 * holding it; one left by a process that died is taken over. Returns the release.
 */
export function lockDataFolder(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    try {
      holder = Number(readFileSync(file, 'utf8'));
    } catch {
      // Removed meanwhile by the Packdesk that held it: try again.
      continue;
    }
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new AppError(
        'data_folder_in_use',
        `Another Packdesk (process ${holder}) is already using this counter's data folder, ${dataDir}.`,
        'Switch to the Packdesk window that is open. If none is, restart the computer; no booking is lost.',
      );
    }
    // Left by a Packdesk that stopped without closing (a crash, a power cut).
    rmSync(file, { force: true });
  }
  throw new AppError(
    'data_folder_in_use',
    `The data folder ${dataDir} is being opened by another Packdesk at this very moment.`,
    'Close the other Packdesk, then start this one again.',
  );
}

import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../shared/i18n/messages';
import { AppError } from './app-error';

const words = defineMessages({
  inUse: {
    id: 'error.dataFolder.inUse.message',
    defaultMessage:
      "Another Packdesk{holder, select, known { (process {pid})} other {}} is already using this counter's data folder, {folder}.",
  },
  inUseHint: {
    id: 'error.dataFolder.inUse.hint',
    defaultMessage: 'Switch to the Packdesk window that is open. If none is, restart the computer; no booking is lost.',
  },
  opening: {
    id: 'error.dataFolder.opening.message',
    defaultMessage: 'The data folder {folder} is being opened by another Packdesk at this very moment.',
  },
  openingHint: { id: 'error.dataFolder.opening.hint', defaultMessage: 'Close the other Packdesk, then start this one again.' },
});

const LOCK_FILE = 'packdesk.lock';
/** Beside the lock, the process that holds it: only for the words of a refusal, never to judge the lock. */
const HOLDER_FILE = 'packdesk.lock.pid';

/** SQLite's answers when another connection holds the lock, and when the file is no SQLite file. */
const SQLITE_BUSY = 5;
const SQLITE_NOTADB = 26;

/** The inode at `file` now, or null when there is none. */
function inodeAt(file: string): number | null {
  try {
    return statSync(file).ino;
  } catch {
    return null;
  }
}

/** The exclusive lock taken on `file`; 'busy' when another connection holds it, 'not-sqlite' when no one can. */
function takeLock(file: string): DatabaseSync | 'busy' | 'not-sqlite' {
  const db = new DatabaseSync(file, { timeout: 0 });
  try {
    // An exclusive transaction kept open: the kernel's byte-range lock on the file, gone when the process is.
    db.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE');
    return db;
  } catch (error) {
    db.close();
    const code = (error as { errcode?: number }).errcode;
    if (code === SQLITE_BUSY) return 'busy';
    if (code === SQLITE_NOTADB) return 'not-sqlite';
    throw error;
  }
}

/** Removes the file unless the system refuses (Windows, while a process has it open); whether it is gone. */
function removeIfClosed(file: string): boolean {
  try {
    rmSync(file, { force: true });
    return true;
  } catch {
    return false;
  }
}

function holderOf(dataDir: string): { holder: 'known' | 'unknown'; pid: number } {
  try {
    const pid = Number(readFileSync(join(dataDir, HOLDER_FILE), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? { holder: 'known', pid } : { holder: 'unknown', pid: 0 };
  } catch {
    return { holder: 'unknown', pid: 0 };
  }
}

/**
 * One Packdesk per data folder, whatever started it (an installed app, `npm start`, a second user
 * pointing at the same folder): two would write the same ledger at once. The lock is the operating
 * system's, held on a SQLite file for the process's life: a crash or a power cut releases it, and no
 * process id (which the system may give to another program) decides anything. Returns the release.
 */
export function lockDataFolder(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // The file exists before SQLite opens it, so the lock taken can be checked to be on the file at this name.
    // Never opened here when it exists: closing any descriptor of a file drops this process's locks on it.
    try {
      writeFileSync(file, '', { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const inode = inodeAt(file);
    const lock = takeLock(file);
    if (lock === 'not-sqlite') {
      // An older Packdesk's lock, written with its process id: nothing holds it.
      rmSync(file, { force: true });
      continue;
    }
    if (lock === 'busy') {
      throw new AppError(
        'data_folder_in_use',
        { message: words.inUse, values: { ...holderOf(dataDir), folder: dataDir } },
        { message: words.inUseHint },
      );
    }
    // The Packdesk that held it removed it while this one was opening it: the lock is on a file no one else will see.
    if (inode === null || inodeAt(file) !== inode) {
      lock.close();
      continue;
    }
    const held = lock;
    writeFileSync(join(dataDir, HOLDER_FILE), String(process.pid));
    return () => {
      rmSync(join(dataDir, HOLDER_FILE), { force: true });
      // Removed while still held: a Packdesk opening the name from now on makes a new file and locks that.
      const removed = removeIfClosed(file);
      held.close();
      // Windows removes no open file: released first there, then removed unless another Packdesk opened it meanwhile.
      if (!removed) removeIfClosed(file);
    };
  }
  throw new AppError('data_folder_in_use', { message: words.opening, values: { folder: dataDir } }, { message: words.openingHint });
}

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';
import { openBackupFile } from './backup-file';
import { buildCleanLedger } from './clean-restore';
import { continueReferenceSeries } from './reference-series';
import type { RestoreFacts, ThisCounter } from './clean-restore';

const words = defineMessages({
  failed: { id: 'error.backup.failed.message', defaultMessage: 'The ledger could not be copied to {target}: {reason}.' },
  failedHint: {
    id: 'error.backup.failed.hint',
    defaultMessage: 'Choose a folder you can write to, with free space, and try again. The ledger itself is unchanged.',
  },
});

/** The clean ledger built from a backup waits in this file until the next start puts it in place of the ledger. */
const PENDING_RESTORE = 'ledger.db.restore';
/** Daily copies kept in the data folder's backups/ folder. */
const DAILY_KEPT = 7;
const DAILY_NAME = /^ledger-(\d{4}-\d{2}-\d{2})\.db$/;

export interface BackupFacts {
  path: string;
  bookings: number;
  schema: number;
}

/**
 * A consistent copy of the ledger while the app runs: `VACUUM INTO` reads one snapshot of what
 * is committed (a write under way is either all in it or not at all) and writes a compact file.
 */
export function backUpLedger(db: DatabaseSync, target: string): BackupFacts {
  if (existsSync(target)) rmSync(target);
  try {
    db.prepare('VACUUM INTO ?').run(target);
  } catch (error) {
    throw new AppError(
      'backup_failed',
      { message: words.failed, values: { target, reason: (error as Error).message } },
      { message: words.failedHint },
      { cause: error },
    );
  }
  return checkBackup(target);
}

/** Whether a file is a sound Packdesk ledger this version can read: intact, a known schema, with its tables (backup-file.ts). */
export function checkBackup(file: string): BackupFacts {
  const backup = openBackupFile(file);
  try {
    return { path: file, bookings: backup.count('bookings'), schema: backup.schema };
  } finally {
    backup.close();
  }
}

/**
 * Reads a backup as data and builds from it a clean ledger (clean-restore.ts) that the next start
 * puts in place of the ledger (the app restarts for it). Nothing of the file runs, and nothing it
 * left open is sent: what it holds is returned for the agent to confirm.
 */
export function stageRestore(dataDir: string, file: string, thisCounter: ThisCounter): RestoreFacts {
  const backup = openBackupFile(file);
  try {
    const building = join(dataDir, `${PENDING_RESTORE}.building`);
    const facts = buildCleanLedger(backup, building, thisCounter);
    renameSync(building, join(dataDir, PENDING_RESTORE));
    return facts;
  } finally {
    backup.close();
  }
}

/** A staged restore the agent did not confirm. */
export function cancelStagedRestore(dataDir: string): void {
  rmSync(join(dataDir, PENDING_RESTORE), { force: true });
}

/**
 * Before the ledger opens: a staged restore replaces it. The ledger it replaces is kept beside it
 * (ledger-before-restore-<time>.db), so a restore can itself be undone. Returns that file's path.
 */
export function applyStagedRestore(dataDir: string, now: Date = new Date()): string | null {
  const staged = join(dataDir, PENDING_RESTORE);
  if (!existsSync(staged)) return null;
  const ledger = join(dataDir, 'ledger.db');
  const kept = join(dataDir, `ledger-before-restore-${now.toISOString().replace(/[:.]/g, '-')}.db`);
  if (existsSync(ledger)) {
    // Folds the WAL in first, so the kept file is complete on its own.
    const old = new DatabaseSync(ledger);
    old.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const restored = new DatabaseSync(staged);
    try {
      continueReferenceSeries(old, restored);
    } finally {
      restored.close();
      old.close();
    }
    renameSync(ledger, kept);
    for (const suffix of ['-wal', '-shm']) rmSync(`${ledger}${suffix}`, { force: true });
  }
  renameSync(staged, ledger);
  return existsSync(kept) ? kept : null;
}

/** Today's automatic copy in backups/, unless there is one; then only the last seven days are kept. */
export function dailyBackup(db: DatabaseSync, dataDir: string, now: Date = new Date()): string | null {
  const dir = join(dataDir, 'backups');
  mkdirSync(dir, { recursive: true });
  const today = join(dir, `ledger-${now.toISOString().slice(0, 10)}.db`);
  const made = existsSync(today) ? null : backUpLedger(db, today).path;
  const dailies = readdirSync(dir)
    .filter((name) => DAILY_NAME.test(name))
    .sort()
    .reverse();
  for (const old of dailies.slice(DAILY_KEPT)) rmSync(join(dir, old));
  return made;
}

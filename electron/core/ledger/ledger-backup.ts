import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { AppError } from '../app-error';
import { ledgerMigrations } from './ledger-migrations';

/** The file a checked backup waits in until the next start puts it in place of the ledger. */
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
      `The ledger could not be copied to ${target}: ${(error as Error).message}.`,
      'Choose a folder you can write to, with free space, and try again. The ledger itself is unchanged.',
      { cause: error },
    );
  }
  return checkBackup(target);
}

/** Whether a file is a sound Packdesk ledger this version can open: intact, a known schema, with its tables. */
export function checkBackup(file: string): BackupFacts {
  const refuse = (why: string) =>
    new AppError('backup_unusable', `${file} cannot be restored: ${why}.`, 'Choose another backup; the ledger in use is unchanged.');
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch {
    throw refuse('it is not a database file');
  }
  try {
    const integrity = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok') throw refuse('the file is damaged (integrity check failed)');
    const schema = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (schema === 0) throw refuse('it is not a Packdesk ledger');
    if (schema > ledgerMigrations.length) throw refuse(`it was written by a newer Packdesk (schema ${schema})`);
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name),
    );
    if (!['bookings', 'booking_events', 'intents'].every((name) => tables.has(name))) throw refuse('it is not a Packdesk ledger');
    const bookings = (db.prepare('SELECT count(*) AS n FROM bookings').get() as { n: number }).n;
    return { path: file, bookings, schema };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = (error as Error).message;
    throw refuse(/not a database/i.test(message) ? 'it is not a database file' : `it could not be read (${message})`);
  } finally {
    db.close();
  }
}

/** Checks a backup and leaves it for the next start, which puts it in place of the ledger (the app restarts for it). */
export function stageRestore(dataDir: string, file: string): BackupFacts {
  const facts = checkBackup(file);
  copyFileSync(file, join(dataDir, PENDING_RESTORE));
  return facts;
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
    old.close();
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

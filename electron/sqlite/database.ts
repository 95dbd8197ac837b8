import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { AppErrorShape } from '../../shared/errors';

/** One schema step; the list index + 1 is the `user_version` it produces. */
export type Migration = (db: DatabaseSync) => void;

/** A file whose schema is newer than the migrations given: refused, never downgraded. Worded for the agent, as an AppError is. */
export class DatabaseTooNewError extends Error implements AppErrorShape {
  readonly code = 'database_too_new';
  readonly hint = 'Install the newer Packdesk again; this version will not change a file it does not understand.';

  constructor(file: string, schema: number, known: number) {
    super(`The data file ${file} was written by a newer version of Packdesk (schema ${schema}, this version knows ${known}).`);
    this.name = 'DatabaseTooNewError';
  }
}

/**
 * Opens a database in WAL mode with full fsync, so an acknowledged write survives a power cut,
 * and brings its schema up to date. A file written by a newer Packdesk is refused, not downgraded.
 */
export function openDatabase(file: string, migrations: readonly Migration[]): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // The busy timeout first: another connection (a backup, or one recovering the WAL after a crash) may hold the file for a moment.
  // temp_store in memory: a write inside a long transaction (a batch of another counter's changes) keeps a statement
  // journal of the pages its triggers and indexes touch, which past 64 KiB went to a temp file, a third of a catch-up's time.
  db.exec(
    'PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY;',
  );
  const current = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (current > migrations.length) {
    db.close();
    throw new DatabaseTooNewError(file, current, migrations.length);
  }
  for (let version = current; version < migrations.length; version += 1) {
    const migrate = migrations[version] as Migration;
    transaction(db, () => {
      migrate(db);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
  return db;
}

/** Runs `work` in one transaction: all of it is saved, or none. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Like `transaction`, without waiting for the disk: for what can be learnt again (a read of the service,
 * a schedule, a batch the agency sends again from the same place). Still all or nothing; a power cut may
 * undo the last of them, never part of one, and the next fsynced commit makes them all durable.
 */
export function relaxedTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('PRAGMA synchronous = NORMAL');
  try {
    return transaction(db, work);
  } finally {
    db.exec('PRAGMA synchronous = FULL');
  }
}

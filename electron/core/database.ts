import type { DatabaseSync } from 'node:sqlite';
import { DatabaseTooNewError, openDatabase as openSqliteDatabase } from '../sqlite/database';
import type { Migration } from '../sqlite/database';
import { AppError } from './app-error';

export { relaxedTransaction, transaction } from '../sqlite/database';
export type { Migration } from '../sqlite/database';

/** The SQLite library's `openDatabase`; a file from a newer Packdesk is refused as an AppError, which the core shows an agent. */
export function openDatabase(file: string, migrations: readonly Migration[]): DatabaseSync {
  try {
    return openSqliteDatabase(file, migrations);
  } catch (error) {
    if (error instanceof DatabaseTooNewError) throw new AppError(error.code, error.message, error.hint);
    throw error;
  }
}

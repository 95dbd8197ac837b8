import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, DatabaseSync } from 'node:sqlite';
import type { SQLOutputValue } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Message } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';
import type { WordValues } from '../i18n/main-words';
import { openDatabase } from '../database';
import { ledgerMigrations } from './ledger-migrations';

const words = defineMessages({
  unusable: { id: 'error.backup.unusable.message', defaultMessage: '{file} cannot be restored: {why}.' },
  unusableHint: { id: 'error.backup.unusable.hint', defaultMessage: 'Choose another backup; the ledger in use is unchanged.' },
  unreadable: { id: 'error.backup.unreadable.message', defaultMessage: '{file} cannot be restored: it could not be read ({reason}).' },
  notADatabase: { id: 'error.backup.notADatabase.message', defaultMessage: '{file} cannot be restored: it is not a database file.' },
  damaged: {
    id: 'error.backup.damaged.message',
    defaultMessage: '{file} cannot be restored: the file is damaged (its {table} failed the integrity check).',
  },
  notALedger: { id: 'error.backup.notALedger.message', defaultMessage: '{file} cannot be restored: it is not a Packdesk ledger.' },
  newer: {
    id: 'error.backup.newer.message',
    defaultMessage: '{file} cannot be restored: it was written by a newer Packdesk (schema {schema}).',
  },
  notATable: {
    id: 'error.backup.notATable.message',
    defaultMessage: '{file} cannot be restored: it is not a Packdesk ledger (its {table} are not a table).',
  },
  missingColumn: {
    id: 'error.backup.missingColumn.message',
    defaultMessage: '{file} cannot be restored: it is not a Packdesk ledger of schema {schema} ({table} has no {column}).',
  },
  computedColumn: {
    id: 'error.backup.computedColumn.message',
    defaultMessage: '{file} cannot be restored: its {table}.{column} is computed by the file itself, not stored.',
  },
});

/** A row read from a backup: the named columns only, as SQLite stored them. */
export type BackupRow = Record<string, SQLOutputValue>;

/** A column as a ledger of some schema version declares it. */
export interface KnownColumn {
  name: string;
  type: string;
  notNull: boolean;
}

/** What the schema object is in sqlite_master, and its name. */
interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** The ledger tables a restore reads; every other object of the file (the agency's state, the counts, the index) is not. */
const READ_TABLES = ['bookings', 'booking_events', 'intents', 'counter', 'agency_state', 'agency_outbox', 'held_writes'] as const;
export type ReadTable = (typeof READ_TABLES)[number];
const ALWAYS_THERE: readonly ReadTable[] = ['bookings', 'booking_events', 'intents', 'counter'];
/** The only pragmas the reading connection may run. */
const READ_PRAGMAS = new Set(['integrity_check', 'user_version', 'table_xinfo']);

/** The refusal of a backup, in the words the File menu shows. */
export const unusableBackup = (file: string, why: string | { message: Message; values?: WordValues }, options?: { cause?: unknown }) =>
  new AppError(
    'backup_unusable',
    // A reason of its own is one sentence with the file in it; a row's problem is named as the check found it.
    typeof why === 'string'
      ? { message: words.unusable, values: { file, why } }
      : { message: why.message, values: { file, ...why.values } },
    { message: words.unusableHint },
    options,
  );

/** A ledger made by the first `version` migrations alone, in memory: what a file of that version should hold, and nothing else. */
export function ledgerAtVersion(version: number): DatabaseSync {
  return openDatabase(':memory:', ledgerMigrations.slice(0, version));
}

const schemaObjects = (db: DatabaseSync): SchemaObject[] =>
  db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all() as unknown as SchemaObject[];

const columnsOf = (db: DatabaseSync, table: string) =>
  db.prepare('SELECT name, type, "notnull" AS not_null, hidden FROM pragma_table_xinfo(?) ORDER BY cid').all(table) as {
    name: string;
    type: string;
    not_null: number;
    hidden: number;
  }[];

/**
 * A backup opened to be read, never run: a private copy of the file, opened read-only in defensive mode
 * with `trusted_schema` off, under an authorizer that lets plain reads of the ledger's own tables through
 * and nothing else (no function, no view, no trigger, nothing from the file's schema but its table
 * definitions). It says which schema version the file is, what it holds that a ledger of that version
 * does not (left out of the restore), and hands out the rows of known tables, known columns only.
 */
export interface BackupFile {
  /** The file as the agent chose it. */
  path: string;
  schema: number;
  /** The columns a ledger of this schema version has in each table it reads (empty: the table is not in that version). */
  knownColumns(table: ReadTable): readonly KnownColumn[];
  /** What the file holds beyond a ledger of its version ("trigger copy_holders", "table bookings (column shadow)"). */
  leftOut: readonly string[];
  rows(table: ReadTable): IterableIterator<BackupRow>;
  count(table: ReadTable): number;
  close(): void;
}

/** Opens a backup to read it (see BackupFile); refused in words when it is not a sound ledger this Packdesk can read. */
export function openBackupFile(file: string): BackupFile {
  const folder = mkdtempSync(join(tmpdir(), 'packdesk-restore-'));
  const copy = join(folder, 'backup.db');
  let db: DatabaseSync | null = null;
  const discard = () => {
    db?.close();
    db = null;
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    try {
      copyFileSync(file, copy);
    } catch (error) {
      throw unusableBackup(
        file,
        { message: words.unreadable, values: { reason: (error as NodeJS.ErrnoException).code ?? 'read error' } },
        { cause: error },
      );
    }
    const opened = openReadOnly(file, copy);
    db = opened;
    const backup = describe(file, opened);
    return { ...backup, close: discard };
  } catch (error) {
    discard();
    if (error instanceof AppError) throw error;
    const message = (error as Error).message;
    throw unusableBackup(
      file,
      /not a database|file is not a database|malformed|corrupt/i.test(message)
        ? { message: words.notADatabase }
        : { message: words.unreadable, values: { reason: message } },
      { cause: error },
    );
  }
}

function openReadOnly(file: string, copy: string): DatabaseSync {
  const db = new DatabaseSync(copy, { readOnly: true, defensive: true, allowExtension: false });
  // Functions the file's schema names (a view's, a CHECK's, a generated column's) run only if harmless.
  db.exec('PRAGMA trusted_schema = OFF');
  let allowedTables: ReadonlySet<string> = new Set(['sqlite_master', 'pragma_table_xinfo']);
  db.setAuthorizer((action, first, second, _database, triggerOrView) => {
    // Anything a view or a trigger of the file would do is refused outright.
    if (triggerOrView !== null) return constants.SQLITE_DENY;
    if (action === constants.SQLITE_SELECT) return constants.SQLITE_OK;
    if (action === constants.SQLITE_READ) return first !== null && allowedTables.has(first) ? constants.SQLITE_OK : constants.SQLITE_DENY;
    if (action === constants.SQLITE_PRAGMA) return first !== null && READ_PRAGMAS.has(first) ? constants.SQLITE_OK : constants.SQLITE_DENY;
    // count(*) is the one function a read here calls; the file's schema never gets to call one.
    if (action === constants.SQLITE_FUNCTION) return second === 'count' ? constants.SQLITE_OK : constants.SQLITE_DENY;
    return constants.SQLITE_DENY;
  });
  // Only the tables a restore reads are checked: a whole-file check would start the file's virtual tables (the search index).
  const present = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((table) => table.name),
  );
  for (const table of READ_TABLES.filter((name) => present.has(name))) {
    const integrity = db.prepare(`PRAGMA integrity_check("${table}")`).all() as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok') {
      db.close();
      throw unusableBackup(file, { message: words.damaged, values: { table } });
    }
  }
  allowedTables = new Set([...allowedTables, ...READ_TABLES]);
  return db;
}

function describe(file: string, db: DatabaseSync): Omit<BackupFile, 'close'> {
  const schema = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  const objects = schemaObjects(db);
  const tableObject = (name: string) => objects.find((object) => object.name === name);
  if (schema === 0 || !tableObject('bookings')) throw unusableBackup(file, { message: words.notALedger });
  if (schema > ledgerMigrations.length) throw unusableBackup(file, { message: words.newer, values: { schema } });

  const reference = ledgerAtVersion(schema);
  try {
    const expected = schemaObjects(reference);
    const known = new Map<ReadTable, KnownColumn[]>(
      READ_TABLES.map((table) => [
        table,
        columnsOf(reference, table).map((column) => ({ name: column.name, type: column.type, notNull: column.not_null === 1 })),
      ]),
    );
    for (const [table, columns] of known) {
      if (!columns.length) continue;
      const object = tableObject(table);
      // A view or a virtual table under a ledger table's name would run the file's own code on every read.
      if (!object || object.type !== 'table' || !/^CREATE TABLE/i.test(object.sql ?? '')) {
        if (ALWAYS_THERE.includes(table) || object) throw unusableBackup(file, { message: words.notATable, values: { table } });
        continue;
      }
      const present = new Map(columnsOf(db, table).map((column) => [column.name, column]));
      for (const column of columns) {
        const found = present.get(column.name);
        if (!found) throw unusableBackup(file, { message: words.missingColumn, values: { schema, table, column: column.name } });
        if (found.hidden !== 0) throw unusableBackup(file, { message: words.computedColumn, values: { table, column: column.name } });
      }
    }
    return {
      path: file,
      schema,
      knownColumns: (table) => known.get(table) ?? [],
      leftOut: leftOutOf(db, objects, expected, known),
      *rows(table) {
        const columns = known.get(table) ?? [];
        if (!columns.length || !tableObject(table)) return;
        // Our own column names, never the file's: only what a ledger of this version has is read (the first is the key).
        const list = columns.map((column) => `"${column.name}"`).join(', ');
        yield* db.prepare(`SELECT ${list} FROM main."${table}" ORDER BY 1`).iterate() as IterableIterator<BackupRow>;
      },
      count(table) {
        if (!(known.get(table) ?? []).length || !tableObject(table)) return 0;
        return (db.prepare(`SELECT count(*) AS n FROM main."${table}"`).get() as { n: number }).n;
      },
    };
  } finally {
    reference.close();
  }
}

/** The file's schema objects that a ledger of its version does not have, or has otherwise, in words, sorted. */
function leftOutOf(
  db: DatabaseSync,
  objects: readonly SchemaObject[],
  expected: readonly SchemaObject[],
  known: ReadonlyMap<ReadTable, readonly KnownColumn[]>,
): string[] {
  const ours = new Map(expected.map((object) => [`${object.type} ${object.name}`, object]));
  const words: string[] = [];
  for (const object of objects) {
    const mine = ours.get(`${object.type} ${object.name}`);
    if (mine?.sql === object.sql) continue;
    const columns = known.get(object.name as ReadTable);
    if (mine && object.type === 'table' && columns?.length) {
      const extra = columnsOf(db, object.name)
        .map((column) => column.name)
        .filter((name) => !columns.some((column) => column.name === name));
      words.push(`table ${object.name}${extra.length ? ` (column${extra.length === 1 ? '' : 's'} ${extra.join(', ')})` : ' (altered)'}`);
    } else {
      words.push(`${object.type} ${object.name}`);
    }
  }
  return words.sort();
}

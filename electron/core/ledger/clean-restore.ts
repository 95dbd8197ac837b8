import { rmSync } from 'node:fs';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { bookingRecordSchema } from '../../../shared/bookings';
import { openDatabase, transaction } from '../database';
import { unusableBackup } from './backup-file';
import type { BackupFile, BackupRow, ReadTable } from './backup-file';
import { defineMessages } from '../../../shared/i18n/messages';
import { describeHeldWrite } from './held-writes';
import type { WriteOperation } from './intent-details';
import { ledgerMigrations } from './ledger-migrations';
import { attentionWords, eventWords, serializeWords } from './ledger-words';
import { storedChangeOf, toRecord } from './ledger-rows';
import type { Row } from './ledger-rows';
import { checkedRow, ROW_WORDS } from './restored-values';
import { statement } from './statements';

const lines = defineMessages({
  heldAfterRestore: {
    id: 'attention.restore.heldAfterRestore',
    defaultMessage:
      'Restored from a backup while a {operation, select, prebook {hold} book {payment} cancel {cancellation} other {change}} was being sent: its outcome is not known. Check it with the service, or discard it, from the list at the top of Bookings.',
  },
  heldAfterRestoreLine: {
    id: 'timeline.restore.heldAfterRestore',
    defaultMessage:
      'Restored from a backup with the {operation, select, prebook {hold} book {payment} cancel {cancellation} other {change}} sent and its outcome unknown: held for the agent, not sent again.',
  },
});

/** This counter, as a restore compares a backup with it. */
export interface ThisCounter {
  /** Its id in the agency, when it is in one. */
  counterId: string | null;
  /** The code its client references carry (PD-ABCD-…), once it has made a booking. */
  referenceCode: string | null;
}

/** What a backup holds, for the agent to read before the restore is confirmed. */
export interface RestoreFacts {
  path: string;
  schema: number;
  bookings: number;
  /** The writes it left open, in words: held after the restore, never sent again by themselves. */
  heldWrites: string[];
  /** Changes it had not sent to the agency yet: never sent. */
  unsentAgencyChanges: number;
  /** The counter it was made at, as the agency named it; null when it does not say. */
  madeAt: string | null;
  /** It was made at another counter than this one; null when that cannot be told (this counter has no id or code yet). */
  madeElsewhere: boolean | null;
  /** This counter is in an agency: the restored ledger is not shared with it until the agent connects again. */
  agencyWaits: boolean;
  /** What the file holds that a ledger does not (triggers, views, tables, columns), in words: left out. */
  leftOut: readonly string[];
}

/** A write of the backup with no outcome, as it will wait for the agent. */
interface OpenWrite {
  bookingId: number | null;
  operation: WriteOperation;
  detail: string;
  startedAt: string;
}

const REFERENCE_CODE = /^[A-Z2-9]{4,8}$/;

const removeDatabaseFiles = (file: string) => {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
};

/** `INSERT INTO table (columns) VALUES (…)` for a checked row, refused in words when the row breaks a rule of the ledger. */
function insertRow(db: DatabaseSync, file: string, table: ReadTable, row: BackupRow, values: Record<string, SQLInputValue>): void {
  const columns = Object.keys(values);
  try {
    // Prepared once per table (the statement cache): a ledger of years is hundreds of thousands of rows.
    statement(
      db,
      `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    ).run(...Object.values(values));
  } catch (error) {
    throw unusableBackup(file, `${ROW_WORDS[table](row)} could not be copied (${(error as Error).message})`, { cause: error });
  }
}

/**
 * Copies the backup's known tables, column by column and checked, into a ledger made by the first
 * migrations up to the backup's own version (so the rows fit as they are); its open writes are kept
 * aside. The search index and the counts are filled by the ledger's own triggers from the rows copied.
 */
function copyAtBackupVersion(backup: BackupFile, target: string): { openWrites: OpenWrite[]; bookings: number; code: string | null } {
  const db = openDatabase(target, ledgerMigrations.slice(0, backup.schema));
  const checked = (table: ReadTable, row: BackupRow) => {
    const result = checkedRow(table, backup.knownColumns(table), row);
    if ('problem' in result) throw unusableBackup(backup.path, result.problem);
    return result.values;
  };
  const hasColumn = (table: ReadTable, name: string) => backup.knownColumns(table).some((column) => column.name === name);
  try {
    return transaction(db, () => {
      const bookingIds = new Set<number>();
      // Whole numbers or null already (checkedRow); a booking the backup does not hold is refused in words.
      const belongs = (table: ReadTable, row: BackupRow, values: Record<string, SQLInputValue>) => {
        const bookingId = (values.booking_id ?? null) as number | null;
        if (bookingId !== null && !bookingIds.has(bookingId))
          throw unusableBackup(backup.path, `${ROW_WORDS[table](row)} names booking ${bookingId}, which the backup does not hold`);
      };
      for (const row of backup.rows('bookings')) {
        const values = checked('bookings', row);
        // A write is in flight only while one of its writes is held (set once they are, below).
        if (hasColumn('bookings', 'in_flight')) values.in_flight = null;
        insertRow(db, backup.path, 'bookings', row, values);
        bookingIds.add(values.id as number);
      }
      for (const row of backup.rows('booking_events')) {
        const values = checked('booking_events', row);
        belongs('booking_events', row, values);
        insertRow(db, backup.path, 'booking_events', row, values);
      }
      const openWrites: OpenWrite[] = [];
      const keepOpen = (table: ReadTable, row: BackupRow, values: Record<string, SQLInputValue>) => {
        belongs(table, row, values);
        openWrites.push({
          bookingId: (values.booking_id ?? null) as number | null,
          operation: values.operation as WriteOperation,
          detail: values.detail as string,
          startedAt: values.started_at as string,
        });
      };
      for (const row of backup.rows('intents')) {
        const values = checked('intents', row);
        if (values.finished_at === null) {
          keepOpen('intents', row, values);
          continue;
        }
        belongs('intents', row, values);
        if (hasColumn('intents', 'next_check_at')) values.next_check_at = null;
        insertRow(db, backup.path, 'intents', row, values);
      }
      for (const row of backup.rows('held_writes')) keepOpen('held_writes', row, checked('held_writes', row));
      // The client references' code and sequence; nothing else the table might hold.
      let code: string | null = null;
      for (const row of backup.rows('counter')) {
        const values = checked('counter', row);
        const value = values.value as string;
        if (values.key === 'code' && REFERENCE_CODE.test(value)) code = value;
        else if (!(values.key === 'sequence' && /^\d{1,12}$/.test(value))) continue;
        insertRow(db, backup.path, 'counter', row, values);
      }
      return { openWrites, bookings: bookingIds.size, code };
    });
  } finally {
    db.close();
  }
}

/** The agency this backup's counter was in: its id and name there, from its agency state; null when in none. */
function agencyCounterOf(backup: BackupFile): { counterId: string | null; counterName: string | null } {
  const state = new Map<string, string>();
  for (const row of backup.rows('agency_state')) {
    const result = checkedRow('agency_state', backup.knownColumns('agency_state'), row);
    if ('problem' in result) throw unusableBackup(backup.path, result.problem);
    state.set(result.values.key as string, result.values.value as string);
  }
  return { counterId: state.get('counter_id') ?? null, counterName: state.get('counter_name') ?? null };
}

/** Every booking restored must read as one the app shows (its JSON in the shapes the app writes). */
function checkBookings(db: DatabaseSync, file: string): void {
  for (const row of db.prepare('SELECT * FROM bookings').iterate() as IterableIterator<Row & { pending_change: string | null }>) {
    let problem: string | null = null;
    try {
      const stored = storedChangeOf(row) as unknown;
      if (stored !== null && (typeof stored !== 'object' || Array.isArray(stored))) problem = 'its waiting change';
      const read = bookingRecordSchema.safeParse(toRecord(row));
      if (!read.success) problem = read.error.issues[0]?.path.join('.') ?? 'a field';
    } catch {
      problem = 'a field';
    }
    if (problem) throw unusableBackup(file, `booking ${row.id} is not one Packdesk writes (${problem})`);
  }
}

/**
 * Builds, in `target`, a clean ledger holding what the backup holds: a database made by this
 * Packdesk's own migrations, into which the known tables are copied column by column and checked
 * (nothing of the file's schema comes along: no trigger, view, index or table of its own). Writes it
 * left open are held for the agent, its agency outbox and state are not taken, and the restore says
 * where it came from. Refused in words, with nothing left in `target`, when a row cannot be copied.
 */
export function buildCleanLedger(backup: BackupFile, target: string, thisCounter: ThisCounter, now = new Date()): RestoreFacts {
  removeDatabaseFiles(target);
  try {
    const copied = copyAtBackupVersion(backup, target);
    const origin = agencyCounterOf(backup);
    // By the agency's counter ids when both have one, else by the code of their client references.
    const madeElsewhere =
      origin.counterId !== null && thisCounter.counterId !== null
        ? origin.counterId !== thisCounter.counterId
        : copied.code !== null && thisCounter.referenceCode !== null
          ? copied.code !== thisCounter.referenceCode
          : null;
    // The remaining migrations run on clean rows, with the app's own triggers only.
    const db = openDatabase(target, ledgerMigrations);
    try {
      const at = now.toISOString();
      transaction(db, () => {
        for (const write of copied.openWrites) {
          db.prepare('INSERT INTO held_writes (booking_id, operation, detail, started_at, held_at) VALUES (?, ?, ?, ?, ?)').run(
            write.bookingId,
            write.operation,
            write.detail,
            write.startedAt,
            at,
          );
          // A hold's booking (when it made one) is not being written; any other write's booking waits for the agent's word.
          if (write.bookingId === null || write.operation === 'prebook') continue;
          const held = attentionWords(lines.heldAfterRestore, { operation: write.operation });
          db.prepare('UPDATE bookings SET in_flight = ?, attention = ?, attention_words = ?, version = version + 1 WHERE id = ?').run(
            write.operation,
            held.attention,
            serializeWords(held.attentionWords),
            write.bookingId,
          );
          // Packdesk's own line: the restore found the write open as it started.
          const line = eventWords(lines.heldAfterRestoreLine, { operation: write.operation });
          db.prepare('INSERT INTO booking_events (booking_id, at, type, summary, words, by_packdesk) VALUES (?, ?, ?, ?, ?, 1)').run(
            write.bookingId,
            at,
            'held_after_restore',
            line.summary,
            serializeWords(line.words),
          );
        }
        // What that counter made is shown as its own, and is not sent as this counter's when it connects to the agency.
        if (madeElsewhere === true && origin.counterName !== null)
          db.prepare('UPDATE bookings SET origin_counter = ? WHERE origin_counter IS NULL').run(origin.counterName);
        db.prepare(
          'INSERT INTO restored_from (id, restored_at, counter_id, counter_name, made_elsewhere, agency_paused) VALUES (1, ?, ?, ?, ?, 1)',
        ).run(at, origin.counterId, origin.counterName, madeElsewhere === null ? null : Number(madeElsewhere));
      });
      checkBookings(db, backup.path);
      const bookingOf = (id: number) => {
        const row = db.prepare('SELECT * FROM bookings WHERE id = ?').get(id) as Row | undefined;
        return row ? toRecord(row) : null;
      };
      const heldWrites = copied.openWrites.map(
        (write) => describeHeldWrite(write, write.bookingId === null ? null : bookingOf(write.bookingId)).what,
      );
      // One file on its own: the next start puts it in place as it is.
      db.exec('PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;');
      return {
        path: backup.path,
        schema: backup.schema,
        bookings: copied.bookings,
        heldWrites,
        unsentAgencyChanges: backup.count('agency_outbox'),
        madeAt: origin.counterName,
        madeElsewhere,
        agencyWaits: thisCounter.counterId !== null,
        leftOut: backup.leftOut,
      };
    } finally {
      db.close();
    }
  } catch (error) {
    removeDatabaseFiles(target);
    throw error;
  }
}

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { TRAINING_STATUS_RULES } from '../../../shared/status-rules';

/** Statuses the built-in service moves no more by itself: its final ones, and Pending, which waits for the agent. */
const SETTLED_STATUSES = [...TRAINING_STATUS_RULES.final, 'Pending'];

const UNSETTLED_ROW = `in_flight IS NOT NULL OR pending_modification_reference IS NOT NULL
  OR status NOT IN (${SETTLED_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** Where a counter's ledger file stands, read from outside on a connection of the soak's own. */
export interface LedgerState {
  /** Writes whose intent is journaled and whose outcome is not. */
  openWrites: number;
  /**
   * Rows not settled as docs/ledger.md says: a write in flight, a change waiting for payment, or a status the
   * service may still move by itself. (A Pending booking from another counter keeps a fallback read scheduled
   * at each counter until it wins the booking's tracker lease: settled all the same.)
   */
  unsettledRows: number;
  /** Changes made here that the agency has not acknowledged. */
  unsent: number;
  /** The agency sequence this counter has applied through. */
  pulledThrough: number;
}

/** Reads the state of the ledger in `counterDir`; null when it cannot be read (not made yet, or being recovered). */
export function ledgerState(counterDir: string): LedgerState | null {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(join(counterDir, 'ledger.db'), { readOnly: true });
    db.exec('PRAGMA busy_timeout = 2000');
    const count = (sql: string) => (db?.prepare(sql).get() as { n: number } | undefined)?.n ?? 0;
    const pulled = db.prepare("SELECT value FROM agency_state WHERE key = 'last_pulled_seq'").get() as { value: string } | undefined;
    return {
      openWrites: count('SELECT count(*) AS n FROM intents WHERE finished_at IS NULL'),
      unsettledRows: count(`SELECT count(*) AS n FROM bookings WHERE ${UNSETTLED_ROW}`),
      unsent: count('SELECT count(*) AS n FROM agency_outbox'),
      pulledThrough: Number(pulled?.value ?? 0),
    };
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/** The first `limit` open writes and unsettled rows of the ledger in `counterDir`, each in words, to show what did not settle. */
export function unsettledInWords(counterDir: string, limit: number): string[] {
  const db = new DatabaseSync(join(counterDir, 'ledger.db'), { readOnly: true });
  try {
    const writes = db.prepare('SELECT operation, booking_id FROM intents WHERE finished_at IS NULL LIMIT ?').all(limit) as {
      operation: string;
      booking_id: number | null;
    }[];
    const rows = db
      .prepare(
        `SELECT agency_key, holder_name || ' ' || holder_surname AS sale, status, in_flight, pending_modification_reference AS change,
           next_check_at FROM bookings WHERE ${UNSETTLED_ROW} LIMIT ?`,
      )
      .all(limit) as {
      agency_key: string | null;
      sale: string;
      status: string;
      in_flight: string | null;
      change: string | null;
      next_check_at: number | null;
    }[];
    return [
      ...writes.map((write) => `a ${write.operation} on booking ${write.booking_id ?? '?'} with no outcome`),
      ...rows.map(
        (row) =>
          `${row.agency_key ?? 'an unshared row'} ("${row.sale}") ${row.status}${row.in_flight ? `, ${row.in_flight} in flight` : ''}${
            row.change ? `, change ${row.change} waiting for payment` : ''
          }${row.next_check_at === null ? ', no read scheduled' : ''}`,
      ),
    ].slice(0, limit);
  } finally {
    db.close();
  }
}

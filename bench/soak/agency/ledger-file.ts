import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Where a counter's ledger file stands, read from outside on a connection of the soak's own. */
export interface LedgerState {
  /** Writes whose intent is journaled and whose outcome is not. */
  openWrites: number;
  /** Rows with a write in flight or a read still due (docs/ledger.md: not settled). */
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
      unsettledRows: count('SELECT count(*) AS n FROM bookings WHERE in_flight IS NOT NULL OR next_check_at IS NOT NULL'),
      unsent: count('SELECT count(*) AS n FROM agency_outbox'),
      pulledThrough: Number(pulled?.value ?? 0),
    };
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

import type { DatabaseSync } from 'node:sqlite';

/**
 * Ledger migration 10: what a restored backup left open. Its writes whose outcome it never learnt
 * wait here for the agent, out of the journal, so the reconciler never sends or checks one by
 * itself; the backup's origin and whether the agency link waits for the agent are kept beside them.
 */
export function holdRestoredWrites(db: DatabaseSync): void {
  db.exec(`
    -- A write of the backup's journal with no outcome, as it was journaled; the agent checks or discards each.
    CREATE TABLE held_writes (
      id INTEGER PRIMARY KEY,
      booking_id INTEGER REFERENCES bookings (id),
      operation TEXT NOT NULL,
      detail TEXT NOT NULL,
      started_at TEXT NOT NULL,
      held_at TEXT NOT NULL
    );
    -- The backup this ledger was restored from (one row, or none): the agency counter it was made at, whether that was
    -- another counter than this one (NULL: could not be told), and agency_paused, 1 until the agent connects to the agency again.
    CREATE TABLE restored_from (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      restored_at TEXT NOT NULL,
      counter_id TEXT,
      counter_name TEXT,
      made_elsewhere INTEGER,
      agency_paused INTEGER NOT NULL
    );
  `);
}

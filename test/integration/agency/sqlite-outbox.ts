import { DatabaseSync } from 'node:sqlite';
import type { AgencyChange } from '../../../electron/core/agency/agency-change';
import type { OutgoingChange } from '../../../electron/core/agency/change-log';
import type { OutboxPort } from '../../../electron/core/agency/outbox-pusher';

/** A counter's outbox on a real SQLite file, as the ledger will keep it: numbered by the counter, deleted once acknowledged. */
export interface SqliteOutbox extends OutboxPort {
  pending(limit: number): OutgoingChange[];
  acknowledge(throughCounterSeq: number): void;
  size(): number;
  append(change: AgencyChange): void;
  close(): void;
}

export function openSqliteOutbox(file: string): SqliteOutbox {
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS agency_outbox (counter_seq INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL);
  `);
  return {
    append: (change) => {
      db.prepare('INSERT INTO agency_outbox (body) VALUES (?)').run(JSON.stringify(change));
    },
    pending: (limit) =>
      (
        db.prepare('SELECT counter_seq, body FROM agency_outbox ORDER BY counter_seq LIMIT ?').all(limit) as {
          counter_seq: number;
          body: string;
        }[]
      ).map((row): OutgoingChange => ({ counterSeq: row.counter_seq, change: JSON.parse(row.body) as AgencyChange })),
    acknowledge: (throughCounterSeq) => {
      db.prepare('DELETE FROM agency_outbox WHERE counter_seq <= ?').run(throughCounterSeq);
    },
    size: () => (db.prepare('SELECT count(*) AS n FROM agency_outbox').get() as { n: number }).n,
    close: () => {
      db.close();
    },
  };
}

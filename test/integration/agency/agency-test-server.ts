import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Pool } from 'pg';
import { afterEach } from 'vitest';
import type { AgencyBooking, AgencyChange } from '../../../electron/core/agency/agency-change';
import type { AgencyConnectionSettings } from '../../../electron/core/agency/agency-connection';
import type { ChangeFeed, RemoteChangesPort } from '../../../electron/core/agency/change-feed';
import type { PulledChange } from '../../../electron/core/agency/change-log';
import { connectToAgency } from '../../../electron/core/agency/connect-to-agency';
import { useFreshAgencyDatabase } from '../../support/agency-database';
import { useTempDir } from '../../support/temp-dir';

/** A counter joined to the agency, with its own SQLite copy of what it pulled. */
export interface TestCounter {
  counterId: string;
  name: string;
  pool: Pool;
  replica: SqliteReplica;
}

/**
 * A fresh agency database per test (tests run in parallel on one server), and the counters,
 * feeds and files a test opens, all closed and dropped after it.
 */
export function useAgencyDatabase(): {
  settings: () => AgencyConnectionSettings;
  joinCounter: (name: string) => Promise<TestCounter>;
  keepFeed: (feed: ChangeFeed) => ChangeFeed;
} {
  const pools: Pool[] = [];
  const feeds: ChangeFeed[] = [];
  const replicas: SqliteReplica[] = [];
  // Registered first, so its clean-up runs after the replicas are closed.
  const tempDir = useTempDir('packdesk-agency-');
  // Then the database, dropped after the feeds and pools below are closed.
  const settings = useFreshAgencyDatabase({ prefix: 'agency', tests: 'Agency tests' });
  afterEach(async () => {
    await Promise.all(feeds.splice(0).map((feed) => feed.stop()));
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
    for (const replica of replicas.splice(0)) replica.close();
  });
  return {
    settings,
    joinCounter: async (name) => {
      const counterId = randomUUID();
      const pool = await connectToAgency(settings(), { counterId, name });
      pools.push(pool);
      const replica = openSqliteReplica(join(tempDir(), 'replica.db'));
      replicas.push(replica);
      return { counterId, name, pool, replica };
    },
    keepFeed: (feed) => {
      feeds.push(feed);
      return feed;
    },
  };
}

/** The pull side of a counter's ledger, on a real SQLite file: others' changes and the cursor, in one transaction per batch. */
export interface SqliteReplica extends RemoteChangesPort {
  /** Every change applied, in the order it was applied. */
  applied(): { seq: number; counterId: string; counterSeq: number; change: AgencyChange }[];
  close(): void;
}

function openSqliteReplica(file: string): SqliteReplica {
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    CREATE TABLE IF NOT EXISTS remote_changes (seq INTEGER PRIMARY KEY, counter_id TEXT NOT NULL, counter_seq INTEGER NOT NULL, body TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS agency_cursor (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL);
    INSERT OR IGNORE INTO agency_cursor VALUES (1, 0);
  `);
  const insert = db.prepare('INSERT INTO remote_changes (seq, counter_id, counter_seq, body) VALUES (?, ?, ?, ?)');
  return {
    lastPulledSeq: () => (db.prepare('SELECT seq FROM agency_cursor').get() as { seq: number }).seq,
    applyRemote: ({ changes, throughSeq }: { changes: readonly PulledChange[]; throughSeq: number }) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const pulled of changes) insert.run(pulled.seq, pulled.counterId, pulled.counterSeq, JSON.stringify(pulled.change));
        db.prepare('UPDATE agency_cursor SET seq = ?').run(throughSeq);
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    applied: () =>
      (
        db.prepare('SELECT seq, counter_id, counter_seq, body FROM remote_changes ORDER BY rowid').all() as {
          seq: number;
          counter_id: string;
          counter_seq: number;
          body: string;
        }[]
      ).map((row) => ({
        seq: row.seq,
        counterId: row.counter_id,
        counterSeq: row.counter_seq,
        change: JSON.parse(row.body) as AgencyChange,
      })),
    close: () => {
      db.close();
    },
  };
}

/** A booking's state as a counter would push it; `n` makes each one distinct, and a higher `n` a later revision. */
export function bookingChange(bookingKey: string, n: number, status = 'Pending'): AgencyBooking {
  return {
    kind: 'booking',
    bookingKey,
    serviceBookingId: 1000 + n,
    status,
    checkIn: '2027-03-10',
    checkOut: '2027-03-14',
    holderName: 'Ana',
    holderSurname: `Silva ${n}`,
    holderEmail: 'ana.silva@example.com',
    packageId: 7,
    packageTitle: 'Lisbon City Break',
    propertyId: 70,
    propertyName: 'Hotel Alfama Palace',
    adults: 2,
    paxAges: [],
    items: [{ availability_id: 900, paxes: [{ age: 30 }, { age: 30 }] }],
    totalMinor: 120_000 + n,
    currency: 'EUR',
    clientReference: `PD-TEST-${String(n).padStart(6, '0')}`,
    bookingReference: null,
    inFlight: null,
    createdAt: '2027-01-05T10:00:00.000Z',
    updatedAt: new Date(Date.UTC(2027, 0, 5, 10, 0, n % 60)).toISOString(),
    revision: n,
    basedOn: null,
    madeBy: null,
    madeAtCounter: null,
    changedBy: null,
    changedApprover: null,
    changedAtCounter: null,
  };
}

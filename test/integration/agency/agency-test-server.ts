import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Client } from 'pg';
import type { Pool } from 'pg';
import { afterEach, beforeEach } from 'vitest';
import type { AgencyChange } from '../../../electron/core/agency/agency-change';
import type { AgencyConnectionSettings } from '../../../electron/core/agency/agency-connection';
import type { ChangeFeed, RemoteChangesPort } from '../../../electron/core/agency/change-feed';
import type { PulledChange } from '../../../electron/core/agency/change-log';
import { connectToAgency } from '../../../electron/core/agency/connect-to-agency';
import { useTempDir } from '../../support/temp-dir';

const serverUrl = process.env.PACKDESK_TEST_PG_URL;

/** Why agency tests skip on a developer's run; CI always runs them under scripts/with-postgres.sh. */
const NO_SERVER = 'no PostgreSQL: PACKDESK_TEST_PG_URL is not set (run the tests under scripts/with-postgres.sh)';

async function asAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Every connection to this database is cut, as a server restart does to its clients. */
export async function dropConnections(database: string): Promise<number> {
  return asAdmin(async (admin) => {
    const killed = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return killed.rowCount ?? 0;
  });
}

/** Runs SQL on the test's agency database directly, as an auditor would read the agency's record. */
export async function queryAgency<R extends object>(settings: AgencyConnectionSettings, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new Client({ ...settings, ssl: false });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as R[];
  } finally {
    await client.end();
  }
}

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
  let current: AgencyConnectionSettings | null = null;
  const pools: Pool[] = [];
  const feeds: ChangeFeed[] = [];
  const replicas: SqliteReplica[] = [];
  // Registered first, so its clean-up runs after the replicas are closed.
  const tempDir = useTempDir('packdesk-agency-');
  beforeEach(async (context) => {
    if (!serverUrl) {
      // CI starts the server for these tests: a skip there would hide that it did not.
      if (process.env.CI) throw new Error(`Agency tests cannot run in CI with ${NO_SERVER}`);
      context.skip(NO_SERVER);
    }
    const database = `agency_${randomBytes(6).toString('hex')}`;
    await asAdmin((admin) => admin.query(`CREATE DATABASE ${database}`));
    const url = new URL(serverUrl as string);
    current = { host: url.hostname, port: Number(url.port), database, user: url.username, password: '', tlsMode: 'disable' };
  });
  afterEach(async () => {
    await Promise.all(feeds.splice(0).map((feed) => feed.stop()));
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
    for (const replica of replicas.splice(0)) replica.close();
    const database = current?.database;
    current = null;
    if (database) await asAdmin((admin) => admin.query(`DROP DATABASE ${database} WITH (FORCE)`));
  });
  const settings = (): AgencyConnectionSettings => {
    if (!current) throw new Error('useAgencyDatabase: no database outside a test');
    return current;
  };
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

/** A booking's state as a counter would push it; `n` makes each one distinct. */
export function bookingChange(bookingKey: string, n: number, status = 'Pending'): AgencyChange {
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
  };
}

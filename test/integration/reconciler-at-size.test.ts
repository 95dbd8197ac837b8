/**
 * The status tracker on a ledger of years: it reads only what is due, from the partial indexes, the
 * most recently due first, whatever the number of finished bookings around them.
 */
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from 'vitest';
import type { BookingRecord } from '../../shared/bookings';
import { openDatabase } from '../../electron/core/database';
import { createReconciler } from '../../electron/core/engine/reconciler';
import { createLedger } from '../../electron/core/ledger/ledger';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import { seedLedger } from '../support/seed-ledger';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir('packdesk-tracker-');
const NOW = Date.parse('2026-06-01T12:00:00Z');

/** 20,000 bookings, one in ten unfinished and due at some moment of the last two hours (the newest due ten minutes ago), with an open write. */
function busyLedger() {
  const file = `${tempDir()}/ledger.db`;
  openDatabase(file, ledgerMigrations).close();
  seedLedger(file, 1, 20_000);
  const seeding = new DatabaseSync(file);
  seeding.exec(`UPDATE bookings SET status = 'Confirming', next_check_at = ${NOW - 600_000} - (id * 7919 % 6_600_000) WHERE id % 10 = 0`);
  seeding.exec(
    `INSERT INTO intents (booking_id, operation, detail, started_at, next_check_at) VALUES (5, 'cancel', '{"reason":"x"}', '2026-06-01T10:00:00Z', ${NOW + 60_000})`,
  );
  seeding.close();
  const db = openDatabase(file, ledgerMigrations);
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  };
  return { db, ledger: createLedger(db, () => new Date(NOW)), prepared, reader: new DatabaseSync(file) };
}

test('a pass reads the most recently due bookings first, and asks SQLite nothing that walks the ledger', async () => {
  const { ledger, prepared, reader } = busyLedger();
  const followed: number[] = [];
  const reconciler = createReconciler({
    ledger,
    settle: async () => ({ settled: false }),
    follow: async (booking: BookingRecord) => {
      followed.push(booking.id);
      return { booking, following: true };
    },
    concurrency: 3,
    now: () => NOW,
  });
  const newestDue = (
    reader
      .prepare('SELECT id FROM bookings NOT INDEXED WHERE next_check_at <= ? AND id != 4321 ORDER BY next_check_at DESC LIMIT 2')
      .all(NOW) as {
      id: number;
    }[]
  ).map((row) => row.id);
  // A booking paid just now is due now: it is read in the first pass, ahead of 2,000 older ones.
  ledger.checkNow(4_321, NOW);
  await Promise.all(reconciler.tick());
  expect(followed).toEqual([4_321, ...newestDue]);
  // Read, they wait for their backoff (a second at first); the open write comes due in a minute.
  expect(ledger.nextDueAt(NOW)).toBe(NOW + 1_000);

  const reads = prepared.filter((sql) => /^\s*SELECT/.test(sql) && /bookings|intents/.test(sql));
  expect(reads.length).toBeGreaterThanOrEqual(4);
  for (const sql of reads) {
    const plan = (
      reader.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array(sql.includes('?1') ? 1 : sql.split('?').length - 1).fill(0)) as {
        detail: string;
      }[]
    )
      .map((step) => step.detail)
      .join('\n');
    // A SCAN grows with the ledger; the due questions SEARCH their partial index, a row is read by its id.
    expect(plan, sql).not.toMatch(/^SCAN (bookings|intents)\b/m);
    if (sql.includes('next_check_at <=') || sql.includes('next_check_at >'))
      expect(plan, sql).toMatch(/USING (COVERING )?INDEX (bookings|intents)_due/);
  }
});

/** Ledger migration 14 on ledgers written by every earlier schema: the report's figures start where each booking stands. */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../../electron/core/database';
import { createLedger } from '../../../electron/core/ledger/ledger';
import { ledgerMigrations } from '../../../electron/core/ledger/ledger-migrations';
import { useTempDir } from '../../support/temp-dir';
import { copyFixture, fixtureName, olderVersions } from '../../support/migration-fixtures';

const tempDir = useTempDir('packdesk-report-upgrade-');

/** Where the fixture's bookings' money stands (see scripts/migration-fixtures/ledger.mjs): by status and reference. */
const STAGES = [
  [1, 'none', 0], // a hold
  [2, 'captured', 100800], // Paid
  [3, 'ended', 0], // Cancelled
  [4, 'captured', 44800], // Paid, a change waiting
  [5, 'authorized', 99000], // paid for, Pending
  [6, 'authorized', 107400], // Confirming
  [7, 'none', 0], // an unconfirmed hold
  [8, 'ended', 0], // Failed
  [9, 'captured', 144500], // Paid, another profile
];

describe.each(olderVersions(ledgerMigrations).filter((version) => version < 14))('a ledger written by schema %i', (version) => {
  test('gets each booking’s money stage from its status, its day’s counts, no invented movement; then a cancellation refunds what was captured', () => {
    const file = copyFixture(tempDir(), fixtureName('ledger', version));
    const before = new DatabaseSync(file, { readOnly: true });
    const bookings = (
      before.prepare('SELECT profile_id, substr(created_at, 1, 10) AS day, status FROM bookings').all() as {
        profile_id: number;
        day: string;
        status: string;
      }[]
    ).map((row) => ({ ...row, status: row.status === 'Booked' ? 'Pending' : row.status })); // Migration 5's rename.
    before.close();
    const db = openDatabase(file, ledgerMigrations);
    try {
      expect(db.prepare('SELECT booking_id, stage, held_minor FROM booking_money ORDER BY booking_id').all().map(Object.values)).toEqual(
        STAGES,
      );
      expect(db.prepare('SELECT count(*) AS n FROM money_movements').get()).toEqual({ n: 0 });
      const counted = db.prepare('SELECT profile_id, day, status, sum(n) AS n FROM report_day_counts GROUP BY 1, 2, 3').all();
      const expected = new Map<string, number>();
      for (const row of bookings)
        expected.set(`${row.profile_id}|${row.day}|${row.status}`, (expected.get(`${row.profile_id}|${row.day}|${row.status}`) ?? 0) + 1);
      expect(
        (counted as { profile_id: number; day: string; status: string; n: number }[])
          .map((row) => [`${row.profile_id}|${row.day}|${row.status}`, row.n])
          .sort(),
      ).toEqual([...expected].sort());

      const ledger = createLedger(db, () => new Date('2025-03-05T10:00:00.000Z'));
      const paid = ledger.get(2);
      ledger.applyRead(2, paid?.version ?? 0, { status: 'Cancelled' });
      expect(ledger.endOfDay(1, '2025-03-05').totals).toEqual([
        { currency: 'EUR', authorized: 0, captured: 0, released: 0, refunded: 100800, paidAtLink: 0, takings: -100800 },
      ]);
    } finally {
      db.close();
    }
  });
});

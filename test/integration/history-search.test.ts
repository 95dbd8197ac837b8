/** The Bookings screen's queries on a seeded ledger: the same answers as a plain scan, found without one. */

import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../electron/core/database';
import { createLedger } from '../../electron/core/ledger/ledger';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import type { BookingFilter } from '../../shared/bookings';
import { renameBookings, scannedHistory } from '../support/history-fixtures';
import { seedLedger } from '../support/seed-ledger';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir('packdesk-history-');

/** A seeded ledger whose every prepared SQL text is kept, to ask SQLite how it runs each one. */
function seeded(counts: [profileId: number, count: number][]) {
  const file = `${tempDir()}/ledger.db`;
  openDatabase(file, ledgerMigrations).close();
  for (const [profileId, count] of counts) seedLedger(file, profileId, count);
  const db = openDatabase(file, ledgerMigrations);
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  };
  // The reference scans read through a connection of their own, so their SQL is not the ledger's.
  return { db, reader: new DatabaseSync(file), ledger: createLedger(db), prepared };
}

const FILTERS: Omit<BookingFilter, 'profileId'>[] = [
  {},
  { query: 'tanaka' },
  { query: 'Tanaka3' },
  { query: 'kenji.18@example.com' },
  { query: 'PD-SEED-000042' },
  { query: 'lisbon alfama' },
  { query: 'example', statuses: ['Cancelled', 'Failed'] },
  { statuses: ['Paid'] },
  { statuses: ['Pending', 'Failed', 'Unknown'] },
  { from: '2024-02-01', to: '2024-02-10' },
  { from: '2024-01-05', dateField: 'created', statuses: ['Paid'] },
  { to: '2024-01-09', dateField: 'created' },
  { query: 'sofia', from: '2024-02-01', to: '2024-02-14' },
  // A word in every booking and a few days: read from the range's side.
  { query: 'example', from: '2024-02-01', to: '2024-02-03' },
  { query: 'example', statuses: ['Paid'], from: '2024-01-03', to: '2024-01-04', dateField: 'created' },
  // Words that are, or start, a token of the index's hidden scope column (p<profile>, s<hex of a status>):
  // kept out of it, they find nothing here (without, 'p1' would find every booking of profile 1, 'S5061' every Paid one).
  { query: 'p1' },
  { query: 'S5061' },
  { query: 'tanaka ṗ1' },
  { query: 'sofia s' },
  // Words that cannot be one, searched without the column filter: the same bookings.
  { query: 'kenji.18' },
  { query: 'Müller' },
];

describe('the history, at any size', () => {
  let ledger: ReturnType<typeof seeded>;
  beforeAll(() => {
    ledger = seeded([
      [1, 1_500],
      [2, 700],
    ]);
    // Rows the tracker and the agent changed since: the kept counts and the search index follow them.
    const db = ledger.db;
    db.exec("UPDATE bookings SET status = 'Cancelled', booking_reference = 'PKDMOVED' WHERE id % 97 = 0");
    db.exec("UPDATE bookings SET check_in = '2024-02-05' WHERE id % 89 = 0");
    db.exec('UPDATE bookings SET next_check_at = 5, version = version + 1 WHERE id % 3 = 0');
  });

  test.each(FILTERS)('finds, counts and pages exactly what a scan of the table finds: %o', (filter) => {
    for (const profileId of [1, 2]) {
      const expected = scannedHistory(ledger.reader, { profileId, ...filter });
      for (const [offset, limit] of [
        [0, 25],
        [40, 25],
        [Math.max(expected.length - 10, 0), 25],
        [expected.length + 5, 25],
      ] as const) {
        const page = ledger.ledger.list({ profileId, ...filter, offset, limit });
        expect(page.total).toBe(expected.length);
        expect(page.totalIsEstimate).toBe(false);
        expect(page.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + limit));
      }
      expect(ledger.ledger.exportCsv({ profileId, ...filter }).rows).toBe(expected.length);
    }
  });

  test('a page holds the same records, field for field, as reading each booking alone', () => {
    const db = ledger.db;
    db.exec(`UPDATE bookings SET pending_modification_reference = 'PKDCHANGE10', pending_payment_link = 'https://pay.example/10',
      pending_change = '{"amountMinor":1200,"checkIn":"2024-05-01","checkOut":"2024-05-04","propertyName":"Alfama","requestedAt":"2024-04-01T10:00:00.000Z"}',
      payment_intent_id = 'pi_10', attention = 'The answer was lost', in_flight = 'book', origin_counter = 'Desk 2' WHERE id = 10`);
    const alone = (rows: { id: number }[]) => rows.map((row) => ledger.ledger.get(row.id));
    for (const filter of [{}, { query: 'PKDCHANGE10' }, { query: 'kenji' }, { statuses: ['Paid'], offset: 40 }]) {
      const page = ledger.ledger.list({ profileId: 1, limit: 30, ...filter });
      expect(page.rows.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(page.rows).toEqual(alone(page.rows));
    }
    expect(ledger.ledger.list({ profileId: 1, query: 'PKDCHANGE10' }).rows[0]).toMatchObject({
      pendingModification: { reference: 'PKDCHANGE10', amountMinor: 1200, propertyName: 'Alfama' },
      paymentIntentId: 'pi_10',
      inFlight: 'book',
      originCounter: 'Desk 2',
    });
    const attention = ledger.ledger.needingAttention(1);
    expect(attention.map((booking) => booking.id)).toContain(10);
    expect(attention).toEqual(alone(attention));
  });

  test('a status change is found under the new status at once, and counted there', () => {
    const before = ledger.ledger.list({ profileId: 1, statuses: ['Failed'] }).total;
    expect(ledger.ledger.get(8)?.status).toBe('Paid');
    ledger.ledger.update(8, { status: 'Failed', bookingReference: 'PKDREFUND8' });
    expect(ledger.ledger.list({ profileId: 1, statuses: ['Failed'] }).total).toBe(before + 1);
    expect(ledger.ledger.list({ profileId: 1, query: 'PKDREFUND8', statuses: ['Failed'] }).rows.map((row) => row.id)).toEqual([8]);
    expect(ledger.ledger.list({ profileId: 1, query: 'PKDREFUND8', statuses: ['Paid'] }).total).toBe(0);
    expect(scannedHistory(ledger.reader, { profileId: 1, statuses: ['Failed'] })).toHaveLength(before + 1);
  });

  test('no history query walks the bookings table: a search is driven by its index (or a date range by its own), a total by the kept counts', () => {
    for (const filter of FILTERS) ledger.ledger.list({ profileId: 1, ...filter, offset: 60, limit: 25 });
    ledger.ledger.list({ profileId: 1, offset: 1_400, limit: 25 });
    ledger.ledger.needingAttention(1);
    const reads = ledger.prepared.filter((sql) => sql.startsWith('SELECT'));
    expect(reads.length).toBeGreaterThan(5);
    // Explained on the ledger's own connection: the list of the index's terms it asks is a temporary table of that connection.
    for (const sql of reads) {
      const plan = (ledger.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail);
      const steps = plan.join('\n');
      // A full scan of the table or of one of its indexes grows with the ledger; a SEARCH reads a range.
      expect(steps, sql).not.toMatch(/^SCAN (b|bookings)\b/m);
      if (/count\(\*\) AS n|sum\(n\)/.test(sql)) expect(steps, sql).not.toMatch(/(SCAN|SEARCH) (b|bookings)\b/);
      // The few bookings flagged for a look come from their own index, not from every row of the profile.
      if (sql.includes('attention IS NOT NULL')) expect(steps, sql).toMatch(/USING INDEX bookings_attention/);
    }
    const searches = reads.filter((sql) => sql.includes('MATCH'));
    for (const sql of searches) {
      const plan = (ledger.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail);
      const first = plan.find((step) => /^(SCAN|SEARCH) /.test(step));
      if (sql.includes('bookings_search CROSS JOIN') || !sql.includes(' IN (SELECT rowid FROM bookings_search'))
        // The first table read is the search index: the bookings come after, by their ids.
        expect(first, sql).toMatch(/^SCAN bookings_search VIRTUAL TABLE/);
      else {
        // Or a date range's rows from their index, each looked up in the search's matches, gathered once.
        expect(first, sql).toMatch(/^SEARCH b USING (COVERING )?INDEX bookings_(check_in|newest) \(profile_id=\? AND \w+>\? AND \w+<\?\)/);
        expect(plan.join('\n'), sql).toMatch(/LIST SUBQUERY[\s\S]*SCAN bookings_search VIRTUAL TABLE/);
      }
    }
  });
});

/** Renamed as an edit would: their ids, newest first, as the history lists them. */
const rename = (db: DatabaseSync, surname: string, takes: (place: number) => boolean): number[] =>
  renameBookings(db, surname, takes).reverse();

/** What the Bookings list does as the agent scrolls to its end: reads the page holding its last row, until the total is exact. */
function scrollToTheEnd(ledger: ReturnType<typeof createLedger>, query: string): { reads: number; total: number; lastRows: number[] } {
  const pageSize = 40;
  let shown = ledger.list({ profileId: 1, query, offset: 0, limit: pageSize });
  let reads = 1;
  while (shown.totalIsEstimate) {
    const offset = Math.floor((shown.total - 1) / pageSize) * pageSize;
    const answer = ledger.list({ profileId: 1, query, offset, limit: pageSize });
    reads += 1;
    // A full page is never the estimated end: the list grows, or the answer is exact.
    if (answer.totalIsEstimate) expect(answer.total).toBeGreaterThan(shown.total);
    shown = answer;
    if (reads > 200) throw new Error(`the end of "${query}" was not found in 200 reads`);
  }
  const offset = Math.max(shown.total - 5, 0);
  return { reads, total: shown.total, lastRows: ledger.list({ profileId: 1, query, offset, limit: pageSize }).rows.map((row) => row.id) };
}

describe('a search matching more than can be counted at once', () => {
  test('says its total is an estimate, close to the true count, and still pages exactly; its end is counted exactly', () => {
    const { ledger, reader } = seeded([[1, 24_000]]);
    for (const query of ['example', 'tanaka']) {
      const truth = scannedHistory(reader, { profileId: 1, query });
      expect(truth.length).toBeGreaterThan(1_001);
      for (const offset of [0, 100, truth.length - 150]) {
        const found = ledger.list({ profileId: 1, query, offset, limit: 50 });
        expect(found.totalIsEstimate, `${query} at ${offset}`).toBe(true);
        expect(Math.abs(found.total - truth.length) / truth.length).toBeLessThan(0.05);
        // A full page never says the list ends with it.
        expect(found.total).toBeGreaterThan(offset + 50);
        expect(found.rows.map((row) => row.id)).toEqual(truth.slice(offset, offset + 50));
      }
      // The last page is short and the one past it empty: both know the exact count.
      expect(ledger.list({ profileId: 1, query, offset: truth.length - 20, limit: 50 })).toMatchObject({
        total: truth.length,
        totalIsEstimate: false,
      });
      expect(ledger.list({ profileId: 1, query, offset: truth.length + 10, limit: 50 })).toMatchObject({
        rows: [],
        total: truth.length,
        totalIsEstimate: false,
      });
    }
    // A narrower search is counted exactly.
    const kenjiTanaka = scannedHistory(reader, { profileId: 1, query: 'kenji tanaka' });
    expect(ledger.list({ profileId: 1, query: 'kenji tanaka', limit: 50 })).toMatchObject({
      total: kenjiTanaka.length,
      totalIsEstimate: false,
    });
  });

  test('counts exactly up to 1,000 matches; from 1,001 the total is an estimate, never fewer than found', () => {
    const { ledger, db } = seeded([[1, 3_000]]);
    const thousand = rename(db, 'Zephyrine', (place) => place % 3 === 0);
    const more = rename(db, 'Quokkason', (place) => place % 3 === 1 || place === 2);
    expect([thousand.length, more.length]).toEqual([1_000, 1_001]);
    expect(ledger.list({ profileId: 1, query: 'zephyrine', limit: 40 })).toMatchObject({ total: 1_000, totalIsEstimate: false });
    const estimated = ledger.list({ profileId: 1, query: 'quokkason', limit: 40 });
    expect(estimated.totalIsEstimate).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(1_001);
    expect(estimated.rows.map((row) => row.id)).toEqual(more.slice(0, 40));
  });

  test('an estimate too low or too high: reading on from its end finds the exact count and the oldest booking', () => {
    const { ledger, db, reader } = seeded([[1, 12_000]]);
    // Every old booking and one in ten new ones: the newest matches are sparse, the estimate too low (about 1,300 of 3,900).
    const fewer = rename(db, 'Zephyrine', (place) => place < 3_000 || place % 10 === 0);
    // One in ten of the others before and nine in ten new ones: the newest are dense, the estimate too high (about 10,800 of 3,300).
    const more = rename(db, 'Quokkason', (place) => (place >= 9_000 && place % 10 !== 0) || (place >= 3_000 && place % 10 === 5));
    for (const [query, truth] of [
      ['zephyrine', fewer],
      ['quokkason', more],
    ] as const) {
      expect(scannedHistory(reader, { profileId: 1, query })).toEqual(truth);
      const first = ledger.list({ profileId: 1, query, limit: 40 });
      expect(first.totalIsEstimate).toBe(true);
      expect(Math.abs(first.total - truth.length)).toBeGreaterThan(1_000);
      const end = scrollToTheEnd(ledger, query);
      expect(end.total).toBe(truth.length);
      expect(end.lastRows).toEqual(truth.slice(-5));
    }
  });
});

describe('a ledger of one profile', () => {
  test('is searched without asking the index for the profile, and exactly again once another profile has bookings', () => {
    const { ledger, reader, db } = seeded([[1, 900]]);
    const searches = FILTERS.filter((filter) => filter.query);
    const agrees = (profileId: number) => {
      for (const filter of searches) {
        const expected = scannedHistory(reader, { profileId, ...filter });
        const page = ledger.list({ profileId, ...filter, offset: 5, limit: 20 });
        expect(page.total, JSON.stringify(filter)).toBe(expected.length);
        expect(page.rows.map((row) => row.id)).toEqual(expected.slice(5, 25));
      }
    };
    agrees(1);
    // A profile with no bookings finds none, though its search asks nothing of the index's profile tokens.
    expect(ledger.list({ profileId: 2, query: 'tanaka' })).toMatchObject({ rows: [], total: 0 });
    // A second profile's bookings arrive (a counter that also sells live): each profile finds only its own.
    seedLedger(db.location() as string, 2, 300);
    agrees(1);
    agrees(2);
  });
});

describe('a counter that trains, tests and sells live (three profiles)', () => {
  test('a rare name is found, counted and paged within the profile and its statuses, as a scan finds it; a longer name written later too', () => {
    const { ledger, db, reader } = seeded([
      [1, 700],
      [2, 700],
      [3, 700],
    ]);
    // About 14 bookings of each profile: read from their own rows, not from the profile's token in the index.
    rename(db, 'Okonkwo', (place) => place % 50 === 7);
    db.exec("UPDATE bookings SET status = 'Cancelled' WHERE holder_surname = 'Okonkwo' AND id % 3 = 0");
    for (const profileId of [1, 2, 3]) {
      for (const filter of [
        { query: 'okonkwo' },
        { query: 'Okonk' },
        { query: 'okonkwo', statuses: ['Cancelled'] },
        { query: 'okonkwo example' },
      ]) {
        const expected = scannedHistory(reader, { profileId, ...filter });
        expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(2);
        for (const [offset, limit] of [
          [0, 100],
          [2, 5],
          [expected.length + 1, 5],
        ] as const) {
          const page = ledger.list({ profileId, ...filter, offset, limit });
          expect(page.total, JSON.stringify({ profileId, filter })).toBe(expected.length);
          expect(page.totalIsEstimate).toBe(false);
          expect(page.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + limit));
        }
      }
    }
    // A whole word in the index, asked for as itself, is still the start of a word: a longer name written later is found too.
    const [longer] = rename(db, 'Okonkwoson', (place) => place === 1_000);
    for (const profileId of [1, 2, 3]) {
      const expected = scannedHistory(reader, { profileId, query: 'okonkwo' });
      expect(ledger.list({ profileId, query: 'okonkwo' }).rows.map((row) => row.id)).toEqual(expected);
    }
    expect(ledger.list({ profileId: 2, query: 'OKONKWO' }).rows.map((row) => row.id)).toContain(longer);
  });
});

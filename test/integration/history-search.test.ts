/** The Bookings screen's queries on a seeded ledger: the same answers as a plain scan, found without one. */

import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue } from 'node:sqlite';
import { beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../electron/core/database';
import { createLedger } from '../../electron/core/ledger/ledger';
import { ftsQuery } from '../../electron/core/ledger/ledger-history';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import type { BookingFilter } from '../../shared/bookings';
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

/** The history as a plain scan of the table reads it: every match, newest first. */
function scanned(db: DatabaseSync, filter: BookingFilter): number[] {
  const clauses = ['profile_id = ?'];
  const params: SQLInputValue[] = [filter.profileId];
  const match = filter.query ? ftsQuery(filter.query) : null;
  if (match) {
    clauses.push('id IN (SELECT rowid FROM bookings_search WHERE bookings_search MATCH ?)');
    params.push(`{holder email refs package property} : (${match})`);
  }
  if (filter.statuses?.length) {
    clauses.push(`status IN (${filter.statuses.map(() => '?').join(', ')})`);
    params.push(...filter.statuses);
  }
  const column = filter.dateField === 'created' ? 'substr(created_at, 1, 10)' : 'check_in';
  if (filter.from) {
    clauses.push(`${column} >= ?`);
    params.push(filter.from);
  }
  if (filter.to) {
    clauses.push(`${column} <= ?`);
    params.push(filter.to);
  }
  const rows = db.prepare(`SELECT id FROM bookings NOT INDEXED WHERE ${clauses.join(' AND ')} ORDER BY id DESC`).all(...params);
  return (rows as { id: number }[]).map((row) => row.id);
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
      const expected = scanned(ledger.reader, { profileId, ...filter });
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

  test('a status change is found under the new status at once, and counted there', () => {
    const before = ledger.ledger.list({ profileId: 1, statuses: ['Failed'] }).total;
    expect(ledger.ledger.get(8)?.status).toBe('Paid');
    ledger.ledger.update(8, { status: 'Failed', bookingReference: 'PKDREFUND8' });
    expect(ledger.ledger.list({ profileId: 1, statuses: ['Failed'] }).total).toBe(before + 1);
    expect(ledger.ledger.list({ profileId: 1, query: 'PKDREFUND8', statuses: ['Failed'] }).rows.map((row) => row.id)).toEqual([8]);
    expect(ledger.ledger.list({ profileId: 1, query: 'PKDREFUND8', statuses: ['Paid'] }).total).toBe(0);
    expect(scanned(ledger.reader, { profileId: 1, statuses: ['Failed'] })).toHaveLength(before + 1);
  });

  test('no history query walks the bookings table: a search is driven by its index (or a date range by its own), a total by the kept counts', () => {
    for (const filter of FILTERS) ledger.ledger.list({ profileId: 1, ...filter, offset: 60, limit: 25 });
    ledger.ledger.list({ profileId: 1, offset: 1_400, limit: 25 });
    ledger.ledger.needingAttention(1);
    const reads = ledger.prepared.filter((sql) => sql.startsWith('SELECT'));
    expect(reads.length).toBeGreaterThan(5);
    for (const sql of reads) {
      const plan = (ledger.reader.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail);
      const steps = plan.join('\n');
      // A full scan of the table or of one of its indexes grows with the ledger; a SEARCH reads a range.
      expect(steps, sql).not.toMatch(/^SCAN (b|bookings)\b/m);
      if (/count\(\*\) AS n|sum\(n\)/.test(sql)) expect(steps, sql).not.toMatch(/(SCAN|SEARCH) (b|bookings)\b/);
      // The few bookings flagged for a look come from their own index, not from every row of the profile.
      if (sql.includes('attention IS NOT NULL')) expect(steps, sql).toMatch(/USING INDEX bookings_attention/);
    }
    const searches = reads.filter((sql) => sql.includes('MATCH'));
    for (const sql of searches) {
      const plan = (ledger.reader.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail);
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

describe('a search matching more than can be counted at once', () => {
  test('says its total is an estimate, close to the true count, and still pages exactly', () => {
    const { ledger, reader } = seeded([[1, 24_000]]);
    const found = ledger.list({ profileId: 1, query: 'example', offset: 100, limit: 50 });
    const truth = scanned(reader, { profileId: 1, query: 'example' });
    expect(found.totalIsEstimate).toBe(true);
    expect(Math.abs(found.total - truth.length) / truth.length).toBeLessThan(0.05);
    expect(found.rows.map((row) => row.id)).toEqual(truth.slice(100, 150));
    // A narrower search is counted exactly.
    expect(ledger.list({ profileId: 1, query: 'tanaka' })).toMatchObject({
      total: scanned(reader, { profileId: 1, query: 'tanaka' }).length,
      totalIsEstimate: false,
    });
  });
});

describe('a ledger of one profile', () => {
  test('is searched without asking the index for the profile, and exactly again once another profile has bookings', () => {
    const { ledger, reader, db } = seeded([[1, 900]]);
    const searches = FILTERS.filter((filter) => filter.query);
    const agrees = (profileId: number) => {
      for (const filter of searches) {
        const expected = scanned(reader, { profileId, ...filter });
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

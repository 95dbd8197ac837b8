/**
 * "All counters" / "This counter" on the Bookings screen, against a real SQLite ledger in an agency:
 * the other counters' bookings arrive through the agency ledger's own apply path, interleaved with
 * bookings made here, and every filter finds, counts, pages and exports what a scan of the table finds.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AgencyChange } from '../../electron/core/agency/agency-change';
import type { PulledChange } from '../../electron/core/agency/change-log';
import { openDatabase } from '../../electron/core/database';
import { createAgencyLedger } from '../../electron/core/ledger/agency-ledger';
import { createLedger } from '../../electron/core/ledger/ledger';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import type { BookingFilter } from '../../shared/bookings';
import { scannedHistory } from '../support/history-fixtures';
import { seedLedger } from '../support/seed-ledger';

const OTHERS = [
  { counterId: '00000000-0000-4000-8000-000000000002', counterName: 'Desk 2' },
  { counterId: '00000000-0000-4000-8000-000000000003', counterName: 'Desk 3' },
];
const STATUSES = ['Paid', 'Cancelled', 'Pending', 'Paid', 'Failed'];
const NAMES = [
  ['Kenji', 'Tanaka'],
  ['Ngozi', 'Okafor'],
  ['Ana', 'Silva'],
];
let seq = 0;

/** A booking made at another counter, as the agency hands it to this one. */
function fromElsewhere(n: number): PulledChange {
  const other = OTHERS[n % OTHERS.length] as (typeof OTHERS)[number];
  const [name, surname] = NAMES[n % NAMES.length] as [string, string];
  const day = (offset: number) => new Date(Date.UTC(2024, 1, 1 + offset)).toISOString().slice(0, 10);
  const change: AgencyChange = {
    kind: 'booking',
    bookingKey: `${other.counterId}/${n}`,
    serviceBookingId: 900_000 + n,
    status: STATUSES[n % STATUSES.length] as string,
    checkIn: day(n % 10),
    checkOut: day((n % 10) + 3),
    holderName: name,
    holderSurname: `${surname}${n}`,
    holderEmail: `${name.toLowerCase()}.elsewhere${n}@example.com`,
    packageId: 1,
    packageTitle: 'Lisbon City Break',
    propertyId: 11,
    propertyName: 'Hotel Alfama Palace',
    adults: 2,
    paxAges: [40, 38],
    items: [{ availability_id: 900, paxes: [{ age: 40 }, { age: 38 }] }],
    totalMinor: 120_000 + n,
    currency: 'EUR',
    clientReference: `PD-D${n % OTHERS.length}-${String(n).padStart(6, '0')}`,
    bookingReference: null,
    inFlight: null,
    createdAt: new Date(Date.UTC(2024, 0, 2, 9, n % 60)).toISOString(),
    updatedAt: new Date(Date.UTC(2024, 0, 2, 9, n % 60)).toISOString(),
    revision: 1,
    basedOn: null,
    madeBy: null,
    madeAtCounter: null,
    changedBy: null,
    changedApprover: null,
    changedAtCounter: null,
  };
  seq += 1;
  return { seq, counterId: other.counterId, counterName: other.counterName, counterSeq: n + 1, committedAt: new Date(), change };
}

const FILTERS: Omit<BookingFilter, 'profileId' | 'counter'>[] = [
  {},
  { statuses: ['Paid'] },
  { statuses: ['Pending', 'Cancelled'] },
  { from: '2024-02-03', to: '2024-02-06' },
  { from: '2024-01-02', dateField: 'created', statuses: ['Paid'] },
  { query: 'tanaka' },
  { query: 'kenji', statuses: ['Paid', 'Failed'] },
  { query: 'example', from: '2024-02-02', to: '2024-02-04' },
  { query: 'alfama' },
];

describe('All counters / This counter, in a ledger shared with an agency', () => {
  let dir: string;
  let db: DatabaseSync;
  let reader: DatabaseSync;
  let ledger: ReturnType<typeof createLedger>;
  let agency: ReturnType<typeof createAgencyLedger>;
  const prepared: string[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'packdesk-counter-filter-'));
    const file = join(dir, 'ledger.db');
    openDatabase(file, ledgerMigrations).close();
    seedLedger(file, 1, 1_200);
    seedLedger(file, 2, 300);
    db = openDatabase(file, ledgerMigrations);
    const prepare = db.prepare.bind(db);
    db.prepare = (sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    };
    ledger = createLedger(db);
    agency = createAgencyLedger(db, {
      now: Date.now,
      isFinal: (_profile, status) => ['Paid', 'Cancelled', 'Failed'].includes(status),
      isTerminal: (_profile, status) => ['Cancelled', 'Failed'].includes(status),
      announce: () => undefined,
    });
    agency.join({ counterId: '00000000-0000-4000-8000-000000000001', profileId: 1, profileKind: 'training' });
    // The others' bookings arrive in two batches, with bookings made here between them: the ids interleave.
    const first = Array.from({ length: 400 }, (_, n) => fromElsewhere(n));
    agency.remote.applyRemote({ changes: first, throughSeq: seq });
    db.exec(`INSERT INTO bookings (profile_id, profile_kind, service_booking_id, package_id, package_title, property_id, property_name,
        check_in, check_out, adults, holder_name, holder_surname, holder_email, paxes, items, total_minor, currency, client_reference,
        booking_reference, status, created_at, updated_at)
      SELECT profile_id, profile_kind, service_booking_id + 1000000, package_id, package_title, property_id, property_name, check_in,
        check_out, adults, holder_name, holder_surname, holder_email, paxes, items, total_minor, currency, client_reference || '-B',
        booking_reference, status, created_at, updated_at
      FROM bookings WHERE profile_id = 1 AND id <= 250 ORDER BY id`);
    const second = Array.from({ length: 200 }, (_, n) => fromElsewhere(400 + n));
    agency.remote.applyRemote({ changes: second, throughSeq: seq });
    reader = new DatabaseSync(file);
  });
  afterAll(() => {
    db.close();
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the ledger holds both kinds of rows, interleaved', () => {
    const here = scannedHistory(reader, { profileId: 1, counter: 'here' });
    const all = scannedHistory(reader, { profileId: 1 });
    expect(here).toHaveLength(1_450);
    expect(all).toHaveLength(2_050);
    // Rows from elsewhere sit both above and below rows made here.
    const elsewhere = all.filter((id) => !here.includes(id));
    expect(Math.min(...elsewhere)).toBeLessThan(Math.max(...here));
    expect(Math.max(...elsewhere)).toBeGreaterThan(Math.max(...here));
  });

  test.each(FILTERS)('finds, counts, pages and exports exactly what a scan finds, for each counter choice: %o', (filter) => {
    for (const counter of ['all', 'here'] as const) {
      const expected = scannedHistory(reader, { profileId: 1, counter, ...filter });
      expect(expected.length, JSON.stringify({ counter, ...filter })).toBeGreaterThan(0);
      for (const [offset, limit] of [
        [0, 40],
        [40, 40],
        [Math.max(expected.length - 10, 0), 40],
        [expected.length + 5, 40],
      ] as const) {
        const page = ledger.list({ profileId: 1, counter, ...filter, offset, limit });
        expect(page.total, JSON.stringify({ counter, offset, ...filter })).toBe(expected.length);
        expect(page.totalIsEstimate).toBe(false);
        expect(page.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + limit));
        if (counter === 'here') expect(page.rows.every((row) => row.originCounter === null)).toBe(true);
      }
      expect(ledger.exportCsv({ profileId: 1, counter, ...filter }).rows).toBe(expected.length);
    }
    // Another profile of the counter is never mixed in.
    expect(ledger.list({ profileId: 2, counter: 'here', ...filter }).total).toBe(
      scannedHistory(reader, { profileId: 2, ...filter }).length,
    );
  });

  test('the CSV names the counter that made each booking, this counter by its own name', () => {
    const csv = [...ledger.exportCsv({ profileId: 1, query: 'kenji' }, { counterName: 'Desk 1' }).lines].join('');
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header?.split(',').at(-1)).toBe('Counter');
    const byCounter = new Map<string, number>();
    for (const line of lines) {
      const counter = line.split(',').at(-1) as string;
      byCounter.set(counter, (byCounter.get(counter) ?? 0) + 1);
    }
    expect([...byCounter.keys()].sort()).toEqual(['Desk 1', 'Desk 2', 'Desk 3']);
    const here = ledger.exportCsv({ profileId: 1, query: 'kenji', counter: 'here' }, { counterName: 'Desk 1' });
    expect(here.rows).toBe(byCounter.get('Desk 1'));
    // Without a name (no agency), the counter's own rows still say where they were made.
    expect([...ledger.exportCsv({ profileId: 1, counter: 'here', statuses: ['Pending'] }).lines].join('')).toMatch(/,This counter\r\n$/);
  });

  test('a booking arriving from another counter is counted under All counters only', () => {
    const before = { all: ledger.list({ profileId: 1 }).total, here: ledger.list({ profileId: 1, counter: 'here' }).total };
    agency.remote.applyRemote({ changes: [fromElsewhere(5_000)], throughSeq: seq });
    const newest = ledger.list({ profileId: 1, limit: 1 }).rows[0];
    expect(newest).toMatchObject({ originCounter: 'Desk 2', holder: { surname: 'Silva5000' } });
    expect(ledger.list({ profileId: 1 }).total).toBe(before.all + 1);
    expect(ledger.list({ profileId: 1, counter: 'here' }).total).toBe(before.here);
    expect(ledger.list({ profileId: 1, counter: 'here', limit: 1 }).rows[0]?.originCounter).toBeNull();
  });

  test('"This counter" counts the other counters\' rows from their partial index and never walks the table', () => {
    for (const filter of FILTERS) ledger.list({ profileId: 1, counter: 'here', ...filter, offset: 60, limit: 25 });
    const reads = prepared.filter((sql) => sql.startsWith('SELECT'));
    const elsewhere = reads.filter((sql) => sql.includes('origin_counter IS NOT NULL'));
    expect(elsewhere.length).toBeGreaterThan(0);
    // Both ways of counting a status or a date range under "This counter" ran in the tests above (each checked against a scan):
    // the other counters' rows when they are fewer, the filter's own rows when those are.
    expect(
      reads.some((sql) => /INDEXED BY bookings_elsewhere WHERE b\.profile_id = \? AND b\.(status|check_in|created_at)/.test(sql)),
    ).toBe(true);
    expect(reads.some((sql) => /^SELECT count\(\*\) AS n FROM bookings b WHERE .*origin_counter IS NULL/.test(sql))).toBe(true);
    // Explained on the ledger's own connection: the list of the index's terms it asks is a temporary table of that connection.
    for (const sql of reads) {
      const steps = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail).join('\n');
      expect(steps, sql).not.toMatch(/^SCAN (b|bookings)\b/m);
      if (sql.includes('origin_counter IS NOT NULL')) expect(steps, sql).toMatch(/USING (COVERING )?INDEX bookings_elsewhere/);
    }
  });
});

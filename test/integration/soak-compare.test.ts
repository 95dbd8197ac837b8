import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { attentionCause, compareWithService } from '../../bench/soak/compare';
import { openDatabase } from '../../electron/sqlite/database';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import { sandboxMigrations } from '../../electron/sandbox/migrations';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir('packdesk-soak-compare-');
const AT = '2026-01-05T10:00:00.000Z';

/** A service file made by the built-in service's own migrations, with bookings, payments and logged writes put in by hand. */
function serviceFile(dir: string, fill: (put: ReturnType<typeof serviceWriter>) => void, migrations = sandboxMigrations): string {
  const file = join(dir, 'service.db');
  const db = openDatabase(file, migrations);
  fill(serviceWriter(db));
  db.close();
  return file;
}

function serviceWriter(db: DatabaseSync) {
  return {
    booking(
      id: number,
      sale: string,
      status: string,
      authorizations = 0,
      stay = { checkIn: '2026-03-01', checkOut: '2026-03-04', total: 90000 },
    ) {
      db.prepare(
        `INSERT INTO bookings (id, organization_id, package_id, property_id, check_in, check_out, holder, items, total_minor, currency, status, created_at, updated_at)
         VALUES (?, 1, 1, 101, ?, ?, ?, '[]', ?, 'EUR', ?, ?, ?)`,
      ).run(
        id,
        stay.checkIn,
        stay.checkOut,
        JSON.stringify({ name: 'Soak', surname: 'Counter0', email: sale }),
        stay.total,
        status,
        AT,
        AT,
      );
      for (let count = 0; count < authorizations; count += 1)
        db.prepare(
          "INSERT INTO payments (booking_id, kind, amount_minor, currency, created_at) VALUES (?, 'authorization', ?, 'EUR', ?)",
        ).run(id, stay.total, AT);
    },
    payment(bookingId: number, kind: string, amount: number, currency = 'EUR') {
      db.prepare('INSERT INTO payments (booking_id, kind, amount_minor, currency, created_at) VALUES (?, ?, ?, ?, ?)').run(
        bookingId,
        kind,
        amount,
        currency,
        AT,
      );
    },
    write(operation: string, bookingId: number | null, receivedAt: number, doneAt: number) {
      db.prepare('INSERT INTO write_requests (operation, booking_id, received_at, done_at, outcome) VALUES (?, ?, ?, ?, ?)').run(
        operation,
        bookingId,
        receivedAt,
        doneAt,
        '200',
      );
    },
  };
}

type Row = {
  number: number | null;
  sale: string;
  status: string;
  checkIn?: string;
  checkOut?: string;
  total?: number;
  attention?: string;
};

/** A money movement a counter recorded: its row's index, what moved, how much; `counter` names another desk's copy. */
type Movement = { row: number; kind: string; amount: number; currency?: string; counter?: string };

/** A counter's ledger made by the app's own migrations, with rows and money movements put in by hand (and an open write when asked). */
function ledgerDir(dir: string, name: string, rows: Row[], openWrites = 0, movements: Movement[] = []): string {
  const folder = join(dir, name);
  const db = openDatabase(join(folder, 'ledger.db'), ledgerMigrations);
  for (const [index, row] of rows.entries()) {
    db.prepare(
      `INSERT INTO bookings (profile_id, profile_kind, service_booking_id, package_id, package_title, property_id, property_name, check_in, check_out,
         adults, holder_name, holder_surname, holder_email, paxes, items, total_minor, currency, client_reference, status, attention, created_at, updated_at)
       VALUES (1, 'training', ?, 1, 'Lisbon', 101, 'Hotel', ?, ?, 2, 'Soak', 'Counter0', ?, '[35,36]', '[]', ?, 'EUR', ?, ?, ?, ?, ?)`,
    ).run(
      row.number,
      row.checkIn ?? '2026-03-01',
      row.checkOut ?? '2026-03-04',
      row.sale,
      row.total ?? 90000,
      `${name}-${index}`,
      row.status,
      row.attention ?? null,
      AT,
      AT,
    );
  }
  for (const movement of movements)
    db.prepare(
      "INSERT INTO money_movements (booking_id, profile_id, at, kind, amount_minor, currency, counter, agent) VALUES (?, 1, ?, ?, ?, ?, ?, '')",
    ).run(movement.row + 1, AT, movement.kind, movement.amount, movement.currency ?? 'EUR', movement.counter ?? '');
  for (let count = 0; count < openWrites; count += 1)
    db.prepare("INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (NULL, 'prebook', '{}', ?)").run(AT);
  db.close();
  return folder;
}

const LOST_PAID =
  'The payment’s answer was lost; the service shows it went through (Confirming, reference PKD26AF6NN). Charged once: tell the traveler the booking is made.';

describe('the soak’s comparison: every ledger row matched with the service’s records by intended sale', () => {
  test('a clean run: every row matched, every booking named, nothing counted', () => {
    const dir = tempDir();
    const service = serviceFile(dir, (put) => {
      put.booking(100001, 'a@example.com', 'paid', 1);
      put.booking(100002, 'b@example.com', 'pending');
      put.write('prebook', null, 990, 992);
      put.write('book', 100001, 1000, 1002);
      put.write('cancel', 100001, 1003, 1004);
    });
    const counter = ledgerDir(dir, 'counter-0', [
      { number: 100001, sale: 'a@example.com', status: 'Paid', attention: LOST_PAID },
      { number: 100002, sale: 'b@example.com', status: 'Pending' },
    ]);
    const { findings, ...figures } = compareWithService(service, [counter]);
    expect(findings).toEqual([]);
    expect(figures).toEqual({
      bookings: 2,
      rows: 2,
      matchedRows: 2,
      lost: 0,
      orphanHolds: 0,
      phantomRows: 0,
      duplicateRows: 0,
      wrongStatus: 0,
      wrongDates: 0,
      wrongTotal: 0,
      doubleCharged: 0,
      doubleWritten: 0,
      wrongTakings: 0,
      unsettled: 0,
      cardNumbers: 0,
      attention: 1,
      attentionByCause: { 'The payment’s answer was lost; the service shows it went through': 1 },
    });
  });

  test('planted faults: phantom rows, double charges, lost and orphaned bookings, duplicates, wrong values, overlapping writes and a card number are each counted, nothing skipped', () => {
    const dir = tempDir();
    const service = serviceFile(dir, (put) => {
      put.booking(100001, 'a@example.com', 'paid', 1);
      put.booking(100002, 'b@example.com', 'pending');
      // Charged, and no row names it: lost.
      put.booking(100003, 'c@example.com', 'confirming', 1);
      // Held, and no row names it: an orphan hold.
      put.booking(100004, 'd@example.com', 'pending');
      // Held for a sale whose row lost its number: the row is a phantom, the hold an orphan.
      put.booking(100005, 'f@example.com', 'pending');
      // One sale, two bookings, both paid: a double charge (the second, which no row names, is lost too).
      put.booking(100006, 'h@example.com', 'paid', 1);
      put.booking(100007, 'h@example.com', 'paid', 1);
      // One booking authorized twice: a double charge.
      put.booking(100008, 'i@example.com', 'paid', 2);
      put.booking(100009, 'j@example.com', 'paid', 1, { checkIn: '2026-04-01', checkOut: '2026-04-03', total: 50000 });
      // A cancel that came while the book on the same booking was still held at the service.
      put.write('book', 100001, 1000, 2500);
      put.write('cancel', 100001, 2200, 2210);
      put.write('book', 100002, 3000, 3005);
      put.write('cancel', 100002, 3010, 3012);
      // Two prebooks at once name no booking: the token makes one hold, so they are not judged.
      put.write('prebook', null, 1000, 2500);
      put.write('prebook', null, 1100, 1200);
    });
    const first = ledgerDir(dir, 'counter-0', [
      { number: 100001, sale: 'a@example.com', status: 'Paid' },
      { number: 100002, sale: 'b@example.com', status: 'Paid' },
      { number: 100006, sale: 'h@example.com', status: 'Paid' },
      { number: 100008, sale: 'i@example.com', status: 'Paid' },
      { number: 100009, sale: 'j@example.com', status: 'Paid', checkIn: '2026-04-01', checkOut: '2026-04-04', total: 60000 },
    ]);
    const second = ledgerDir(
      dir,
      'counter-1',
      [
        // A number the service does not have.
        { number: 100999, sale: 'e@example.com', status: 'Pending' },
        // No number, and the service holds a booking for its sale.
        {
          number: null,
          sale: 'f@example.com',
          status: 'Unconfirmed hold',
          attention: 'The answer to this hold was lost, and the service refused the same hold again (token_used, HTTP 409: “x”), so…',
        },
        // No number, and the service holds nothing for its sale.
        { number: null, sale: 'g@example.com', status: 'Unconfirmed hold' },
        // A number the service holds for another sale.
        { number: 100004, sale: 'k@example.com', status: 'Pending' },
        // A second row for a booking counter 0 records, and one without a number for the same sale.
        { number: 100001, sale: 'a@example.com', status: 'Paid' },
        { number: null, sale: 'a@example.com', status: 'Unconfirmed hold' },
      ],
      1,
    );
    writeFileSync(join(second, 'notes.log'), 'paid with 4242 4242 4242 4242\n');

    const { findings, ...figures } = compareWithService(service, [first, second]);
    expect(figures).toMatchObject({
      bookings: 9,
      rows: 11,
      matchedRows: 5,
      lost: 2,
      orphanHolds: 2,
      phantomRows: 4,
      duplicateRows: 2,
      wrongStatus: 1,
      wrongDates: 1,
      wrongTotal: 1,
      doubleCharged: 2,
      doubleWritten: 1,
      unsettled: 1,
      cardNumbers: 1,
      attention: 1,
    });
    // Nothing skipped: every row and every booking lands in exactly one place.
    expect(figures.matchedRows + figures.duplicateRows + figures.phantomRows).toBe(figures.rows);
    expect(figures.matchedRows + figures.lost + figures.orphanHolds).toBe(figures.bookings);
    const said = findings.map((finding) => `${finding.term}: ${finding.detail}`);
    expect(said).toEqual(
      expect.arrayContaining([
        'phantomRows: counter-1 row 1 (sale e@example.com) names booking 100999, which the service does not have',
        'phantomRows: counter-1 row 2 (sale f@example.com, no number): the service holds booking 100005 for its sale',
        'phantomRows: counter-1 row 3 (sale g@example.com, no number): the service holds nothing for its sale',
        'phantomRows: counter-1 row 4 (sale k@example.com) names booking 100004, which the service holds for sale d@example.com',
        'doubleCharged: sale h@example.com: 2 authorizations on booking 100006 (1), 100007 (1)',
        'doubleCharged: sale i@example.com: 2 authorizations on booking 100008 (2)',
        'lost: booking 100007 (sale h@example.com) is authorized and no ledger row names it',
        expect.stringMatching(/^doubleWritten: booking 100001: cancel \(200\) came 300\.0 ms before the service was done with book/),
      ]),
    );
  });

  test('the counters’ reported takings against the service’s payments: each currency whose sum differs is counted, another desk’s copy is not counted twice', () => {
    const dir = tempDir();
    const service = serviceFile(dir, (put) => {
      put.booking(100001, 'a@example.com', 'paid', 1);
      put.booking(100002, 'b@example.com', 'cancelled', 1);
      put.payment(100001, 'capture', 90000);
      put.payment(100002, 'capture', 90000);
      put.payment(100002, 'refund', 90000);
      put.payment(100001, 'charge', 1500, 'GBP');
      put.write('prebook', null, 990, 992);
    });
    const paid = { number: 100001, sale: 'a@example.com', status: 'Paid' };
    const cancelled = { number: 100002, sale: 'b@example.com', status: 'Cancelled' };
    // Desk 1 sold the first, desk 2 the second; each also holds the other's copy, counted by the desk that sold it.
    const rightDesks = [
      ledgerDir(dir, 'desk-1', [paid], 0, [
        { row: 0, kind: 'authorized', amount: 90000 },
        { row: 0, kind: 'captured', amount: 90000 },
        { row: 0, kind: 'paid_at_link', amount: 1500, currency: 'GBP' },
      ]),
      ledgerDir(dir, 'desk-2', [cancelled], 0, [
        { row: 0, kind: 'captured', amount: 90000 },
        { row: 0, kind: 'refunded', amount: 90000 },
        { row: 0, kind: 'captured', amount: 90000, counter: 'Desk 1' },
      ]),
    ];
    expect(compareWithService(service, rightDesks)).toMatchObject({ wrongTakings: 0 });

    // A refund the second desk never recorded, and a link payment recorded in euros: both currencies are wrong.
    const wrongDesks = [
      ledgerDir(dir, 'desk-3', [paid], 0, [
        { row: 0, kind: 'captured', amount: 90000 },
        { row: 0, kind: 'paid_at_link', amount: 1500 },
      ]),
      ledgerDir(dir, 'desk-4', [cancelled], 0, [{ row: 0, kind: 'captured', amount: 90000 }]),
    ];
    const { wrongTakings, findings } = compareWithService(service, wrongDesks);
    expect(wrongTakings).toBe(2);
    expect(findings.filter((finding) => finding.term === 'wrongTakings').map((finding) => finding.detail)).toEqual([
      "EUR: the counters' reports take 181500 minor units, the service's records 90000",
      "GBP: the counters' reports take 0 minor units, the service's records 1500",
    ]);
  });

  test('a service that kept no log of its writes cannot be judged for overlapping writes: -1, an anomaly', () => {
    const dir = tempDir();
    const service = serviceFile(dir, (put) => put.booking(100001, 'a@example.com', 'pending'), sandboxMigrations.slice(0, 2));
    const counter = ledgerDir(dir, 'counter-0', [{ number: 100001, sale: 'a@example.com', status: 'Pending' }]);
    expect(compareWithService(service, [counter])).toMatchObject({ matchedRows: 1, doubleWritten: -1 });
    // Nor one whose log is empty beside its bookings (kept only while logWrites is on; every booking came from a logged prebook).
    const unlogged = serviceFile(tempDir(), (put) => put.booking(100001, 'a@example.com', 'pending'));
    expect(compareWithService(unlogged, [counter])).toMatchObject({ matchedRows: 1, doubleWritten: -1 });
  });

  test('an attention flag’s cause leaves out the booking’s own numbers, dates, references and parentheses', () => {
    expect(attentionCause(LOST_PAID)).toBe('The payment’s answer was lost; the service shows it went through');
    expect(
      attentionCause(
        'Change MODX7Q2 was marked paid by the agent, but the service shows it not made (previewing it again still costs more).',
      ),
    ).toBe('Change # was marked paid by the agent, but the service shows it not made');
    expect(
      attentionCause('A cancellation whose answer was lost did not go through: the service shows the booking still Paid. Cancel it again.'),
    ).toBe('A cancellation whose answer was lost did not go through');
  });
});

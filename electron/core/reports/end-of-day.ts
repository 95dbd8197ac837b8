import type { DatabaseSync } from 'node:sqlite';
import type { EndOfDay, MoneyKind, MovementLine } from '../../../shared/reports';
import { csvField } from '../csv-field';
import { statement } from '../ledger/statements';
import { currencyTotals } from './today';

interface MovementRow {
  at: string;
  kind: MoneyKind;
  amount: number;
  currency: string;
  agent: string;
  booking_id: number;
  client_reference: string;
  booking_reference: string | null;
  holder_name: string;
  holder_surname: string;
}

/** The day's movements at this counter, oldest first, read along the day index (report-schema.ts). */
function* movementsOf(db: DatabaseSync, profileId: number, day: string): Generator<MovementLine> {
  // Prepared afresh, not the shared cached statement: a CSV export iterates it across awaits while other calls read.
  const rows = db
    .prepare(
      `SELECT m.at, m.kind, m.amount_minor AS amount, m.currency, m.agent, m.booking_id, b.client_reference, b.booking_reference, b.holder_name, b.holder_surname
       FROM money_movements m INDEXED BY money_movements_day JOIN bookings b ON b.id = m.booking_id
       WHERE m.profile_id = ? AND substr(m.at, 1, 10) = ? AND m.counter = '' ORDER BY m.id`,
    )
    .iterate(profileId, day) as Iterable<MovementRow>;
  for (const row of rows)
    yield {
      at: row.at,
      kind: row.kind,
      amountMinor: row.amount,
      currency: row.currency,
      bookingId: row.booking_id,
      clientReference: row.client_reference,
      bookingReference: row.booking_reference,
      holder: `${row.holder_name} ${row.holder_surname}`,
      agent: row.agent,
    };
}

/**
 * The end-of-day report of a day at this counter: every money movement as the service showed it,
 * the totals per currency, and what was still unsettled at the close.
 */
export function endOfDay(db: DatabaseSync, profileId: number, day: string): EndOfDay {
  const movements = [...movementsOf(db, profileId, day)];
  const totals = currencyTotals(movements.map((line) => ({ currency: line.currency, kind: line.kind, amount: line.amountMinor })));
  const unsettled = statement(
    db,
    `SELECT b.currency, sum(m.held_minor) AS amount, count(*) AS bookings FROM booking_money m JOIN bookings b ON b.id = m.booking_id
       WHERE m.stage = 'authorized' AND b.profile_id = ? AND b.origin_counter IS NULL GROUP BY b.currency ORDER BY b.currency`,
  ).all(profileId) as { currency: string; amount: number; bookings: number }[];
  const waiting = statement(
    db,
    `SELECT count(*) AS n FROM bookings INDEXED BY bookings_change_waiting
       WHERE profile_id = ? AND pending_modification_reference IS NOT NULL AND origin_counter IS NULL`,
  ).get(profileId) as { n: number };
  return {
    day,
    movements,
    totals,
    unsettled: unsettled.map((row) => ({ currency: row.currency, amountMinor: row.amount, bookings: row.bookings })),
    changesWaitingTotal: waiting.n,
  };
}

const KIND_WORDS: Record<MoneyKind, string> = {
  authorized: 'authorized',
  captured: 'captured',
  released: 'released',
  refunded: 'refunded',
  paid_at_link: 'paid at a link',
};

/**
 * The end-of-day report as CSV lines (CRLF), one movement a line, then the totals per currency:
 * yielded one at a time, so main writes them to the file as a stream.
 */
export function* endOfDayCsv(db: DatabaseSync, profileId: number, day: string): Generator<string> {
  const line = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
  yield line(['Time (UTC)', 'Movement', 'Amount (minor units)', 'Currency', 'Booking', 'Reference', 'Traveler', 'Agent']);
  const sums: { currency: string; kind: string; amount: number }[] = [];
  for (const movement of movementsOf(db, profileId, day)) {
    sums.push({ currency: movement.currency, kind: movement.kind, amount: movement.amountMinor });
    yield line([
      movement.at,
      KIND_WORDS[movement.kind],
      movement.amountMinor,
      movement.currency,
      movement.clientReference,
      movement.bookingReference,
      movement.holder,
      movement.agent,
    ]);
  }
  for (const total of currencyTotals(sums)) yield line(['Total', 'takings', total.takings, total.currency, null, null, null, null]);
}

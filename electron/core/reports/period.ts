import type { DatabaseSync } from 'node:sqlite';
import type { PeriodReport } from '../../../shared/reports';
import { csvField } from '../csv-field';
import { statement } from '../ledger/statements';
import { currencyTotals } from './today';

const TOP = 10;

/**
 * A period's report at this counter (a week, a month): the bookings made in it, read along the index of
 * when each was made (never the whole ledger), by package and hotel; how many were cancelled or
 * changed; how far ahead they were booked; and the money of its days from the kept daily sums.
 */
export function periodReport(db: DatabaseSync, profileId: number, from: string, to: string): PeriodReport {
  const made = statement(
    db,
    `SELECT b.package_title AS package, b.property_name AS hotel, b.status = 'Cancelled' AS cancelled,
        EXISTS (SELECT 1 FROM booking_events e WHERE e.booking_id = b.id AND e.type = 'modified') AS changed,
        julianday(b.check_in) - julianday(substr(b.created_at, 1, 10)) AS ahead
       FROM bookings b INDEXED BY bookings_newest
       WHERE b.profile_id = ? AND b.created_at >= ? AND b.created_at < ? AND b.origin_counter IS NULL`,
  ).all(profileId, `${from}T00:00:00`, `${to}T24`) as {
    package: string;
    hotel: string;
    cancelled: number;
    changed: number;
    ahead: number;
  }[];
  const sellers = (key: 'package' | 'hotel') => {
    const byName = new Map<string, { name: string; made: number; cancelled: number }>();
    for (const row of made) {
      const seller = byName.get(row[key]) ?? { name: row[key], made: 0, cancelled: 0 };
      seller.made += 1;
      seller.cancelled += row.cancelled;
      byName.set(row[key], seller);
    }
    return [...byName.values()].sort((a, b) => b.made - a.made || a.name.localeCompare(b.name)).slice(0, TOP);
  };
  const money = periodMoney(db, profileId, from, to);
  return {
    from,
    to,
    made: made.length,
    cancelled: made.filter((row) => row.cancelled).length,
    changed: made.filter((row) => row.changed).length,
    averageDaysAhead: made.length ? Math.round((made.reduce((sum, row) => sum + row.ahead, 0) / made.length) * 10) / 10 : null,
    topPackages: sellers('package'),
    topHotels: sellers('hotel'),
    money,
  };
}

/** The money of the period's days per currency, from the kept daily sums. */
function periodMoney(db: DatabaseSync, profileId: number, from: string, to: string) {
  const rows = statement(
    db,
    `SELECT currency, kind, sum(amount_minor) AS amount FROM money_day_totals
       WHERE profile_id = ? AND day >= ? AND day <= ? AND counter = '' GROUP BY currency, kind`,
  ).all(profileId, from, to) as { currency: string; kind: string; amount: number }[];
  return currencyTotals(rows);
}

interface PeriodCsvRow {
  created_at: string;
  client_reference: string;
  booking_reference: string | null;
  package_title: string;
  property_name: string;
  check_in: string;
  ahead: number;
  status: string;
  changed: number;
  total_minor: number;
  currency: string;
  made_by: string | null;
}

/**
 * The period as CSV lines (CRLF) for a spreadsheet: each booking made in it, oldest first, then the
 * money per currency of its days. Yielded one at a time, so main writes them to the file as a stream.
 */
export function* periodCsv(db: DatabaseSync, profileId: number, from: string, to: string): Generator<string> {
  const line = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
  yield line([
    'Made (UTC)',
    'Booking',
    'Reference',
    'Package',
    'Hotel',
    'Check-in',
    'Days ahead',
    'Status',
    'Changed',
    'Total (minor units)',
    'Currency',
    'Agent',
  ]);
  // Prepared afresh, not the shared cached statement: the export iterates it across awaits while other calls read.
  const rows = db
    .prepare(
      `SELECT b.created_at, b.client_reference, b.booking_reference, b.package_title, b.property_name, b.check_in,
          CAST(julianday(b.check_in) - julianday(substr(b.created_at, 1, 10)) AS INTEGER) AS ahead, b.status,
          EXISTS (SELECT 1 FROM booking_events e WHERE e.booking_id = b.id AND e.type = 'modified') AS changed,
          b.total_minor, b.currency, b.made_by
         FROM bookings b INDEXED BY bookings_newest
         WHERE b.profile_id = ? AND b.created_at >= ? AND b.created_at < ? AND b.origin_counter IS NULL
         ORDER BY b.created_at, b.id`,
    )
    .iterate(profileId, `${from}T00:00:00`, `${to}T24`) as Iterable<PeriodCsvRow>;
  for (const row of rows)
    yield line([
      row.created_at,
      row.client_reference,
      row.booking_reference,
      row.package_title,
      row.property_name,
      row.check_in,
      row.ahead,
      row.status,
      row.changed ? 'yes' : 'no',
      row.total_minor,
      row.currency,
      row.made_by,
    ]);
  for (const total of periodMoney(db, profileId, from, to))
    yield line(['Total', 'takings', null, null, null, null, null, null, null, total.takings, total.currency, null]);
}

import type { DatabaseSync } from 'node:sqlite';
import type { PeriodReport } from '../../../shared/reports';
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
  const money = statement(
    db,
    `SELECT currency, kind, sum(amount_minor) AS amount FROM money_day_totals
       WHERE profile_id = ? AND day >= ? AND day <= ? AND counter = '' GROUP BY currency, kind`,
  ).all(profileId, from, to) as { currency: string; kind: string; amount: number }[];
  return {
    from,
    to,
    made: made.length,
    cancelled: made.filter((row) => row.cancelled).length,
    changed: made.filter((row) => row.changed).length,
    averageDaysAhead: made.length ? Math.round((made.reduce((sum, row) => sum + row.ahead, 0) / made.length) * 10) / 10 : null,
    topPackages: sellers('package'),
    topHotels: sellers('hotel'),
    money: currencyTotals(money),
  };
}

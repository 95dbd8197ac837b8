import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { BookingFilter, BookingRecord } from '../../../shared/bookings';
import { toRecord } from './ledger-rows';
import type { Row } from './ledger-rows';

/** Words of a search box as an FTS5 query: every word must match the start of a word, in any column. */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}@._-]+/u)
    .map((word) => word.replace(/["]/g, ''))
    .filter(Boolean);
  return words.length ? words.map((word) => `"${word}"*`).join(' AND ') : null;
}

const CSV_COLUMNS: [string, (record: BookingRecord) => string | number | null][] = [
  ['Local id', (r) => r.id],
  ['Service booking id', (r) => r.serviceBookingId],
  ['Booking reference', (r) => r.bookingReference],
  ['Client reference', (r) => r.clientReference],
  ['Status', (r) => r.status],
  ['Package', (r) => r.packageTitle],
  ['Property', (r) => r.propertyName],
  ['Check-in', (r) => r.checkIn],
  ['Check-out', (r) => r.checkOut],
  ['Adults', (r) => r.adults],
  ['Holder', (r) => `${r.holder.name} ${r.holder.surname}`],
  ['E-mail', (r) => r.holder.email],
  ['Total (minor units)', (r) => r.totalMinor],
  ['Currency', (r) => r.currency],
  ['Mode', (r) => r.profileKind],
  ['Created', (r) => r.createdAt],
];

/** A CSV field, quoted when needed, and defused so a spreadsheet never runs it as a formula. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What the Bookings screen reads: the filtered history, its CSV export and the bookings needing attention. */
export function createHistoryQueries(db: DatabaseSync) {
  function where(filter: BookingFilter): { sql: string; params: SQLInputValue[] } {
    const clauses = ['b.profile_id = ?'];
    const params: SQLInputValue[] = [filter.profileId];
    const match = filter.query ? ftsQuery(filter.query) : null;
    if (match) {
      clauses.push('b.id IN (SELECT rowid FROM bookings_search WHERE bookings_search MATCH ?)');
      params.push(match);
    }
    if (filter.statuses?.length) {
      clauses.push(`b.status IN (${filter.statuses.map(() => '?').join(', ')})`);
      params.push(...filter.statuses);
    }
    const dateColumn = filter.dateField === 'created' ? 'substr(b.created_at, 1, 10)' : 'b.check_in';
    if (filter.from) {
      clauses.push(`${dateColumn} >= ?`);
      params.push(filter.from);
    }
    if (filter.to) {
      clauses.push(`${dateColumn} <= ?`);
      params.push(filter.to);
    }
    return { sql: clauses.join(' AND '), params };
  }

  return {
    needingAttention(profileId: number): BookingRecord[] {
      return (
        db.prepare('SELECT * FROM bookings WHERE profile_id = ? AND attention IS NOT NULL ORDER BY id DESC').all(profileId) as Row[]
      ).map(toRecord);
    },

    list(filter: BookingFilter): { rows: BookingRecord[]; total: number } {
      const { sql, params } = where(filter);
      const total = (db.prepare(`SELECT count(*) AS n FROM bookings b WHERE ${sql}`).get(...params) as { n: number }).n;
      const rows = db
        .prepare(`SELECT b.* FROM bookings b WHERE ${sql} ORDER BY b.created_at DESC, b.id DESC LIMIT ? OFFSET ?`)
        .all(...params, filter.limit ?? 100, filter.offset ?? 0) as Row[];
      return { rows: rows.map(toRecord), total };
    },

    exportCsv(filter: BookingFilter): { csv: string; rows: number } {
      const { sql, params } = where(filter);
      const rows = (
        db.prepare(`SELECT b.* FROM bookings b WHERE ${sql} ORDER BY b.created_at DESC, b.id DESC`).all(...params) as Row[]
      ).map(toRecord);
      const lines = [
        CSV_COLUMNS.map(([name]) => name).join(','),
        ...rows.map((record) => CSV_COLUMNS.map(([, value]) => csvField(value(record))).join(',')),
      ];
      return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length };
    },
  };
}

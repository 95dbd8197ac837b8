import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { ftsQuery } from '../../electron/core/ledger/ledger-history';
import type { BookingFilter } from '../../shared/bookings';

/** The history as a plain scan of the table reads it (no index): every match of `filter`, newest first. */
export function scannedHistory(db: DatabaseSync, filter: BookingFilter): number[] {
  const clauses = ['profile_id = ?'];
  const params: SQLInputValue[] = [filter.profileId];
  if (filter.counter === 'here') clauses.push('origin_counter IS NULL');
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

/**
 * Gives `surname` to the bookings whose place (0 = oldest) `takes`, in one transaction through the
 * ledger's triggers (the search index follows), as an edit would; their ids, oldest first.
 */
export function renameBookings(db: DatabaseSync, surname: string, takes: (place: number) => boolean): number[] {
  const ids = (db.prepare('SELECT id FROM bookings ORDER BY id').all() as { id: number }[]).map((row) => row.id);
  const chosen = ids.filter((_, place) => takes(place));
  const update = db.prepare('UPDATE bookings SET holder_surname = ? WHERE id = ?');
  db.exec('BEGIN');
  for (const id of chosen) update.run(surname, id);
  db.exec('COMMIT');
  return chosen;
}

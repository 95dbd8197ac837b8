import type { DatabaseSync } from 'node:sqlite';
import type { BookingFilter } from '../../../shared/bookings';
import { ROW_COLUMNS, rowOf, valuesOf } from './history-rows';
import type { Row } from './ledger-rows';
import { statement } from './statements';

/**
 * Up to this many rows (of every profile and status) matching a typed word's first three letters,
 * a search is read row by row. Reading a few rows costs less than FTS5's profile or status token,
 * which is in a third or more of the index and which FTS5 walks backwards for the newest first.
 */
const FEW = 200;

/** The first three letters or digits of a word, as the search index's prefix index holds them; null when the word starts otherwise. */
const threeLetters = (word: string): string | null => /^[\p{L}\p{N}]{3}/u.exec(word)?.[0] ?? null;

/**
 * A search whose typed words are rare, paged and counted from the rows the words match, the
 * profile and the statuses checked on each row (what a person would write with raw FTS5), instead
 * of asking the search index for the profile's and statuses' tokens as well.
 */
export function createFewMatchSearch(db: DatabaseSync) {
  /**
   * Whether one typed word matches at most FEW rows, told from its first three letters alone:
   * they are a prefix the index keeps its own list of, read lazily, so asking costs a few
   * microseconds, where a longer prefix (or a whole word as one) is merged in full before the first row.
   */
  function fewMatches(words: readonly string[]): boolean {
    const probe = statement(db, 'SELECT count(*) AS n FROM (SELECT rowid FROM bookings_search WHERE bookings_search MATCH ? LIMIT +?)');
    return words.some((word) => {
      const start = threeLetters(word);
      return start !== null && (probe.get(`"${start}"*`, FEW + 1) as { n: number }).n <= FEW;
    });
  }

  /** The page and the exact total of `searched` (the words' FTS5 query, no scope tokens) for the filter's profile and statuses. */
  function page(searched: string, filter: BookingFilter, limit: number, offset: number): { rows: Row[]; total: number } {
    const statuses = filter.statuses ?? [];
    const found = valuesOf(
      statement(
        db,
        `SELECT ${ROW_COLUMNS} FROM bookings_search CROSS JOIN bookings b ON b.id = bookings_search.rowid
         WHERE bookings_search MATCH ? AND b.profile_id = ?${statuses.length ? ` AND b.status IN (${statuses.map(() => '?').join(', ')})` : ''}
         ORDER BY bookings_search.rowid DESC`,
      ),
      searched,
      filter.profileId,
      ...statuses,
    );
    return { rows: found.slice(offset, offset + limit).map(rowOf), total: found.length };
  }

  return { fewMatches, page };
}

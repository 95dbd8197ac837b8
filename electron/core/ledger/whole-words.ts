import type { DatabaseSync } from 'node:sqlite';
import { statement } from './statements';

/** A word FTS5 keeps as typed but lower-cased (no separator, no diacritic), long enough that no prefix index holds it. */
const PLAIN_WORD = /^[a-z0-9]{4,}$/;

/**
 * Typed words as FTS5 terms: every word must match the start of a word, in any column. A prefix
 * (`"tanaka"*`) has FTS5 merge the lists of every term it starts, in full, before the first row:
 * for a common name that merge is most of the search (83,000 rows' worth at 1,000,000 bookings).
 * When the index holds no longer term starting with the word, the word itself is asked for, read
 * lazily and newest first, with the same matches. The index's terms are listed by an fts5vocab table
 * on this connection alone (temp), asked only past the word's own term, so no list is read.
 */
export function createWordTerms(db: DatabaseSync) {
  let vocabulary = false;
  function longerTermExists(word: string): boolean {
    if (!vocabulary) {
      db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.bookings_search_terms USING fts5vocab(main, bookings_search, 'row')");
      vocabulary = true;
    }
    // Past the word's own term (the lowest character after it), up to the highest character after it.
    const found = statement(db, 'SELECT 1 FROM temp.bookings_search_terms WHERE term >= ? AND term < ? LIMIT 1').get(
      `${word}\u0001`,
      `${word}\u{10FFFF}`,
    );
    return found !== undefined;
  }

  /** The FTS5 query of `words` (each already free of quotes): all must match. */
  function termsQuery(words: readonly string[]): string {
    return words
      .map((word) => {
        const lower = word.toLowerCase();
        return PLAIN_WORD.test(lower) && !longerTermExists(lower) ? `"${lower}"` : `"${word}"*`;
      })
      .join(' AND ');
  }

  return { termsQuery };
}

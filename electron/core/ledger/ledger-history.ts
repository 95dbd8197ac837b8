import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { BookingFilter, BookingRecord } from '../../../shared/bookings';
import { createFewMatchSearch } from './few-matches';
import { AFTER_ROW, ROW_COLUMNS, rowOf, valuesOf } from './history-rows';
import { toRecord } from './ledger-rows';
import { createWordTerms } from './whole-words';
import { statement } from './statements';
import type { Row } from './ledger-rows';

/** The words of a search box, each as FTS5 will be asked for it (NFKC, no quotes). */
function searchWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}@._-]+/u)
    .map((word) => word.replace(/["]/g, ''))
    .filter(Boolean);
}

/** Every word must match the start of a word: the one place an FTS5 query is made of words. */
function allWordsQuery(words: string[]): string {
  return words.map((word) => `"${word}"*`).join(' AND ');
}

/** Words of a search box as an FTS5 query: every word must match the start of a word, in any column. */
export function ftsQuery(text: string): string | null {
  const words = searchWords(text);
  return words.length ? allWordsQuery(words) : null;
}

/** A token of the index's `scope` column, or the start of one: `p<profile id>`, `s<hex of a status>`. */
const SCOPE_TOKEN_START = /^(p\d*|s[0-9a-f]*)$/;

/**
 * Whether a typed word could match a `scope` token. FTS5 splits a word at every character that is no
 * letter or digit, lower-cases it and drops diacritics; split here at every character that is no
 * ASCII letter or digit (more splits, so never fewer candidates), any piece that is a scope token or
 * its start says yes. Other words can match only the searched columns, so they need no column filter.
 */
function mayMatchScope(word: string): boolean {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((piece) => SCOPE_TOKEN_START.test(piece));
}

/** A status as the search index's `scope` column holds it: one token, whatever the status's words. */
const statusToken = (status: string) => `s${Buffer.from(status, 'utf8').toString('hex')}`;

/** The day after an ISO date: a booking made on `to` (UTC) is before its midnight. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** How many rows of a date range cost about what reading one search match's row costs (the history benchmark's, bench/report.md). */
const RANGE_PROBES_PER_MATCH = 8;

/**
 * Matches counted exactly; a search matching more has its total estimated (and says so): counting
 * far past a page costs more than the page, while up to this cap the matches are gathered once for both.
 */
const COUNT_CAP = 1_000;

/** Up to ten (the filter's limit of statuses), so the statements cached stay few. */
const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/**
 * What the Bookings screen reads: the filtered history (newest first, in the order the ledger made
 * them), every booking of a filter for its CSV export, and the bookings needing attention. A full-text search is found, counted and
 * paged by FTS5 alone (profile and status are tokens in the index; a rare word's few rows are checked one by one, few-matches.ts); other totals come from the counts
 * kept by triggers ("This counter": less the other counters' rows, counted from their partial index).
 * Neither walks the table, at any size. LIMIT and OFFSET are bound as `+?`: SQLite plans with the
 * value of a bare `?` there, so each new value made it prepare the statement again (a good part of a
 * rare name's whole search); `+?` is an expression it does not look into.
 */
export function createHistoryQueries(db: DatabaseSync) {
  const fewMatchSearch = createFewMatchSearch(db);
  const wordTerms = createWordTerms(db);
  /** Whether the ledger holds bookings of another profile, from the kept counts. */
  function othersPresent(profileId: number): boolean {
    return (
      (
        statement(db, 'SELECT EXISTS (SELECT 1 FROM booking_counts WHERE profile_id != ? AND n > 0) AS others').get(profileId) as {
          others: number;
        }
      ).others === 1
    );
  }

  /**
   * The search text, the profile and the statuses as one FTS5 query; null without search words. The
   * profile's token is in every one of its rows, so matching it costs a walk of them all: it is asked
   * only when another profile's bookings are in the ledger too. The words are kept out of the `scope`
   * column by a column filter only when one of them could match a scope token: the filter makes FTS5
   * read every match's positions, a real part of a common name's search.
   */
  function matchParts(filter: BookingFilter): { typed: string[]; searched: string; scoped: string } | null {
    const typed = filter.query ? searchWords(filter.query) : [];
    if (!typed.length) return null;
    const words = wordTerms.termsQuery(typed);
    const searched = typed.some(mayMatchScope) ? `{holder email refs package property} : (${words})` : `(${words})`;
    const profile = othersPresent(filter.profileId) ? ` AND scope : p${filter.profileId}` : '';
    const statuses = filter.statuses?.length ? ` AND scope : (${filter.statuses.map((status) => statusToken(status)).join(' OR ')})` : '';
    return { typed, searched, scoped: `${profile}${statuses}` };
  }

  function matchOf(filter: BookingFilter): string | null {
    const parts = matchParts(filter);
    return parts && `${parts.searched}${parts.scoped}`;
  }

  /** The row filter in SQL; with `fts`, profile and statuses are left to the search index. */
  function where(filter: BookingFilter, fts: boolean): { sql: string; params: SQLInputValue[] } {
    const clauses: string[] = [];
    const params: SQLInputValue[] = [];
    if (!fts) {
      clauses.push('b.profile_id = ?');
      params.push(filter.profileId);
      if (filter.statuses?.length) {
        clauses.push(`b.status IN (${placeholders(filter.statuses.length)})`);
        params.push(...filter.statuses);
      }
    }
    // Made here: a row from another counter carries that counter's name.
    if (filter.counter === 'here') clauses.push('b.origin_counter IS NULL');
    if (filter.agent) {
      clauses.push('(b.made_by = ? OR b.changed_by = ?)');
      params.push(filter.agent, filter.agent);
    }
    const created = filter.dateField === 'created';
    if (filter.from) {
      clauses.push(created ? 'b.created_at >= ?' : 'b.check_in >= ?');
      params.push(filter.from);
    }
    if (filter.to) {
      clauses.push(created ? 'b.created_at < ?' : 'b.check_in <= ?');
      params.push(created ? dayAfter(filter.to) : filter.to);
    }
    return { sql: clauses.length ? clauses.join(' AND ') : 'true', params };
  }

  /**
   * How many of the filter's bookings came from other counters, read from their partial index: the
   * rows made here are never walked, so "This counter" costs a count of the others' rows at most.
   */
  function elsewhereTotal(filter: BookingFilter): number {
    const { sql, params } = where({ ...filter, counter: 'all' }, false);
    return (
      statement(db, `SELECT count(*) AS n FROM bookings b INDEXED BY bookings_elsewhere WHERE ${sql} AND b.origin_counter IS NOT NULL`).get(
        ...params,
      ) as { n: number }
    ).n;
  }

  /** The kept count of the filter's statuses and dates, every counter's bookings together. */
  function keptCount(filter: BookingFilter): number {
    const params: SQLInputValue[] = [filter.profileId];
    let sql = 'SELECT coalesce(sum(n), 0) AS n FROM booking_counts WHERE profile_id = ?';
    if (filter.from || filter.to) {
      sql = 'SELECT coalesce(sum(n), 0) AS n FROM booking_day_counts WHERE profile_id = ? AND field = ? AND day >= ? AND day <= ?';
      params.push(filter.dateField === 'created' ? 'created' : 'check_in', filter.from ?? '', filter.to ?? '9999-12-31');
    }
    if (filter.statuses?.length) {
      sql += ` AND status IN (${placeholders(filter.statuses.length)})`;
      params.push(...filter.statuses);
    }
    return (statement(db, sql).get(...params) as { n: number }).n;
  }

  /**
   * "This counter"'s total: the kept count less the other counters' rows. With a status or a date
   * range those rows are read one by one, so whichever side is fewer is read: the other counters'
   * rows (from their partial index, counted only as far as it takes to tell) or the filter's own.
   */
  function hereTotal(filter: BookingFilter): number {
    const kept = keptCount(filter);
    // The other counters' rows of the profile, from their partial index alone.
    if (!filter.statuses?.length && !filter.from && !filter.to) return kept - elsewhereTotal(filter);
    const elsewhere = (
      statement(
        db,
        'SELECT count(*) AS n FROM (SELECT 1 FROM bookings b INDEXED BY bookings_elsewhere WHERE b.profile_id = ? AND b.origin_counter IS NOT NULL LIMIT +?)',
      ).get(filter.profileId, kept) as { n: number }
    ).n;
    if (elsewhere < kept) return kept - elsewhereTotal(filter);
    const { sql, params } = where(filter, false);
    return (statement(db, `SELECT count(*) AS n FROM bookings b WHERE ${sql}`).get(...params) as { n: number }).n;
  }

  /** An agent's bookings are counted from their two indexes (made by, last changed by): no count is kept per agent. */
  function agentTotal(filter: BookingFilter): number {
    const { sql, params } = where(filter, false);
    return (statement(db, `SELECT count(*) AS n FROM bookings b WHERE ${sql}`).get(...params) as { n: number }).n;
  }

  /** The exact total of a filter without search words, from the kept counts ("This counter": see hereTotal). */
  const keptTotal = (filter: BookingFilter): number =>
    filter.agent ? agentTotal(filter) : filter.counter === 'here' ? hereTotal(filter) : keptCount(filter);

  /**
   * A total past COUNT_CAP, estimated from how densely the newest `matched` matches (from `low` up)
   * fill their part of the ledger; never fewer than were found.
   */
  function estimatedTotal(matched: number, low: number): number {
    // Two subqueries: a lone min() or max() is read from one end of the table; both in one SELECT walked all of it.
    const ids = statement(db, 'SELECT (SELECT min(id) FROM bookings) AS first, (SELECT max(id) FROM bookings) AS last').get() as {
      first: number;
      last: number;
    };
    return Math.max(matched, Math.round((matched * (ids.last - ids.first + 1)) / (ids.last - low + 1)));
  }

  /**
   * Whether a search with a date range is best read from the range's side: when the range holds
   * fewer bookings (from the kept day counts) than a few times the search's matches, counted only
   * that far. A row of the range costs a probe of the matches; a match costs a read of its row.
   */
  function dateRangeFirst(filter: BookingFilter, match: string): boolean {
    // "This counter" alone is no range: its rows are the profile's, less a few or many.
    if (!filter.from && !filter.to) return false;
    const inRange = keptCount(filter);
    const enough = Math.ceil(inRange / RANGE_PROBES_PER_MATCH) + 1;
    const matches = (
      statement(db, 'SELECT count(*) AS n FROM (SELECT rowid FROM bookings_search WHERE bookings_search MATCH ? LIMIT +?)').get(
        match,
        enough,
      ) as { n: number }
    ).n;
    return matches >= enough;
  }

  /** The ids of one page and the filter's total: from the search index, or from the kept counts and one index walk. */
  function page(filter: BookingFilter, limit: number, offset: number): { ids: number[]; total: number; totalIsEstimate: boolean } {
    const match = matchOf(filter);
    if (match) {
      const { sql, params } = where(filter, true);
      if (sql === 'true') {
        const found = searchPage(match, limit, offset);
        return { ids: found.rows.map((row) => row.id), total: found.total, totalIsEstimate: found.totalIsEstimate };
      }
      // A date range as well: paged and counted in one pass, from whichever side is smaller.
      const paged = (
        dateRangeFirst(filter, match)
          ? // The range's rows from their date index, kept when the search matched them (its matches gathered once).
            statement(
              db,
              `SELECT b.id, count(*) OVER () AS total FROM bookings b
               WHERE b.profile_id = ? AND ${sql}
                 AND b.id IN (SELECT rowid FROM bookings_search WHERE bookings_search MATCH ?)
               ORDER BY b.id DESC LIMIT +? OFFSET +?`,
            ).all(filter.profileId, ...params, match, limit, offset)
          : // Only the matches are read, each checked against the range.
            statement(
              db,
              `SELECT b.id, count(*) OVER () AS total FROM bookings_search CROSS JOIN bookings b ON b.id = bookings_search.rowid
               WHERE bookings_search MATCH ? AND ${sql} ORDER BY b.id DESC LIMIT +? OFFSET +?`,
            ).all(match, ...params, limit, offset)
      ) as { id: number; total: number }[];
      if (paged.length || offset === 0) return { ids: paged.map((row) => row.id), total: paged[0]?.total ?? 0, totalIsEstimate: false };
      // Past the last page: the total alone.
      return { ...page(filter, 1, 0), ids: [] };
    }
    const total = keptTotal(filter);
    const { sql, params } = where(filter, false);
    // A page in the older half is read from the oldest end, so no page skips more than half the rows.
    const fromOldest = offset > total / 2 && offset < total;
    const skip = fromOldest ? Math.max(total - offset - limit, 0) : offset;
    const take = fromOldest ? Math.min(limit, total - offset) : limit;
    const ids = (
      statement(db, `SELECT b.id FROM bookings b WHERE ${sql} ORDER BY b.id ${fromOldest ? 'ASC' : 'DESC'} LIMIT +? OFFSET +?`).all(
        ...params,
        take,
        skip,
      ) as { id: number }[]
    ).map((row) => row.id);
    return { ids: fromOldest ? ids.reverse() : ids, total, totalIsEstimate: false };
  }

  /**
   * A page of a full-text search without a date range, with its rows and its total, in one statement
   * driven by the search index (newest first). FTS5 merges a typed word's whole list of matches (every
   * word it starts) before the first row, each time a statement asks (for a common name, half the cost
   * of its page), so the page and the count share one: the newest matches up to the page's end, and
   * past COUNT_CAP by one, are gathered once; fewer than that is the exact total, as many is a total
   * estimated from them (at least one more than the page's end: scrolled to, the next page is there).
   */
  function searchPage(match: string, limit: number, offset: number): { rows: Row[]; total: number; totalIsEstimate: boolean } {
    const window = Math.max(COUNT_CAP, offset + limit) + 1;
    const found = valuesOf(
      statement(
        db,
        `WITH m AS (SELECT rowid AS id FROM bookings_search WHERE bookings_search MATCH ? ORDER BY rowid DESC LIMIT +?)
         SELECT ${ROW_COLUMNS}, (SELECT count(*) FROM m) AS matched, (SELECT min(id) FROM m) AS low
         FROM m CROSS JOIN bookings b ON b.id = m.id ORDER BY m.id DESC LIMIT +? OFFSET +?`,
      ),
      match,
      window,
      limit,
      offset,
    );
    const rows = found.map(rowOf);
    const first = found[0];
    if (!first) {
      // Past the last match: fewer than the window, so counted exactly.
      const counted = statement(
        db,
        'SELECT count(*) AS n FROM (SELECT rowid FROM bookings_search WHERE bookings_search MATCH ? LIMIT +?)',
      ).get(match, window) as { n: number };
      return { rows, total: counted.n, totalIsEstimate: false };
    }
    const [matched, low] = [first[AFTER_ROW] as number, first[AFTER_ROW + 1] as number];
    if (matched < window) return { rows, total: matched, totalIsEstimate: false };
    return { rows, total: estimatedTotal(matched, low), totalIsEstimate: true };
  }

  /** Every booking the filter finds, newest first: no page, no total. */
  function everyId(filter: BookingFilter): number[] {
    const match = matchOf(filter);
    const { sql, params } = where(filter, match !== null);
    const found =
      match === null
        ? statement(db, `SELECT b.id FROM bookings b WHERE ${sql} ORDER BY b.id DESC`).all(...params)
        : sql === 'true'
          ? statement(db, 'SELECT rowid AS id FROM bookings_search WHERE bookings_search MATCH ? ORDER BY rowid DESC').all(match)
          : // Only the matches are read, each checked against the rest of the filter.
            statement(
              db,
              `SELECT b.id FROM bookings_search CROSS JOIN bookings b ON b.id = bookings_search.rowid
               WHERE bookings_search MATCH ? AND ${sql} ORDER BY b.id DESC`,
            ).all(match, ...params);
    return (found as { id: number }[]).map((row) => row.id);
  }

  const rowsOf = (ids: number[]): Row[] =>
    ids.length
      ? valuesOf(
          statement(db, `SELECT ${ROW_COLUMNS} FROM bookings b WHERE b.id IN (SELECT value FROM json_each(?)) ORDER BY b.id DESC`),
          JSON.stringify(ids),
        ).map(rowOf)
      : [];

  return {
    needingAttention(profileId: number): BookingRecord[] {
      return (
        // Named, or SQLite walks the profile's every row instead of the few flagged; a plan that cannot use it fails when prepared.
        valuesOf(
          statement(
            db,
            `SELECT ${ROW_COLUMNS} FROM bookings b INDEXED BY bookings_attention WHERE b.profile_id = ? AND b.attention IS NOT NULL ORDER BY b.id DESC`,
          ),
          profileId,
        )
          .map(rowOf)
          .map(toRecord)
      );
    },

    /** The agents who made or last changed a booking of the profile, by name, for the history's filter. */
    agents(profileId: number): string[] {
      return (
        statement(
          db,
          `SELECT made_by AS name FROM bookings WHERE profile_id = ? AND made_by IS NOT NULL
           UNION SELECT changed_by FROM bookings WHERE profile_id = ? AND changed_by IS NOT NULL ORDER BY name COLLATE NOCASE`,
        ).all(profileId, profileId) as { name: string }[]
      ).map((row) => row.name);
    },

    /** A page of the history and its total; `totalIsEstimate` when a search matches too many bookings to count at once. */
    list(filter: BookingFilter): { rows: BookingRecord[]; total: number; totalIsEstimate: boolean } {
      const limit = filter.limit ?? 100;
      const offset = filter.offset ?? 0;
      // The search index alone pages a search with no other row condition; a date range or "This counter" is checked per row.
      const parts = limit > 0 && !filter.from && !filter.to && filter.counter !== 'here' && !filter.agent ? matchParts(filter) : null;
      // Rare words with a profile or status to check: their few rows are read and checked, not the scope tokens' long lists.
      if (parts?.scoped && fewMatchSearch.fewMatches(parts.typed)) {
        const found = fewMatchSearch.page(parts.searched, filter, limit, offset);
        return { rows: found.rows.map(toRecord), total: found.total, totalIsEstimate: false };
      }
      if (parts) {
        const found = searchPage(`${parts.searched}${parts.scoped}`, limit, offset);
        return { ...found, rows: found.rows.map(toRecord) };
      }
      const { ids, total, totalIsEstimate } = page(filter, limit, offset);
      return { rows: rowsOf(ids).map(toRecord), total, totalIsEstimate };
    },

    /** Every booking the filter finds, newest first (what the CSV export writes): how many, and their rows a thousand at a time, read as they are asked for. */
    everyBooking(filter: BookingFilter): { count: number; batches: Generator<BookingRecord[]> } {
      const ids = everyId(filter);
      function* batches() {
        for (let start = 0; start < ids.length; start += 1_000) yield rowsOf(ids.slice(start, start + 1_000)).map(toRecord);
      }
      return { count: ids.length, batches: batches() };
    },
  };
}

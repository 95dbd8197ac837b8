import type { DatabaseSync } from 'node:sqlite';
import type { BookingRecord } from '../../../shared/bookings';
import { toIntent } from './intent-details';
import type { IntentRow, OpenIntent } from './intent-details';
import type { LedgerCommits } from './ledger-commits';
import { toRecord } from './ledger-rows';
import type { Row } from './ledger-rows';
import { statement } from './statements';

/** The reconciler's queue: when each open write and each unsettled booking is due for a look, read from the partial indexes. */
export function createDueQueue(db: DatabaseSync, relaxed: LedgerCommits['relaxed']) {
  const whole = (id: number): BookingRecord & { checkDelayMs: number } => {
    const row = statement(db, 'SELECT * FROM bookings WHERE id = ?').get(id) as Row;
    return { ...toRecord(row), checkDelayMs: row.check_delay_ms };
  };
  // Told when a write made a booking due for a read, so the reconciler looks at once instead of at its next tick.
  const dueListeners = new Set<(atMs: number) => void>();
  const tellDue = (atMs: number | null | undefined) => {
    if (atMs !== null && atMs !== undefined) for (const listener of dueListeners) listener(atMs);
  };

  return {
    tellDue,
    queue: {
      /** When the reconciler looks at an open intent again. */
      scheduleIntent(intentId: number, atMs: number): void {
        relaxed(() => statement(db, 'UPDATE intents SET next_check_at = ? WHERE id = ? AND finished_at IS NULL').run(atMs, intentId));
      },

      /**
       * When the reconciler reads this booking again (null: it is settled), and the backoff it is on;
       * only if the row is still at `version`, so a write's own schedule is never overwritten by a read.
       */
      scheduleCheck(bookingId: number, version: number, atMs: number | null, delayMs: number): void {
        relaxed(() =>
          statement(db, 'UPDATE bookings SET next_check_at = ?, check_delay_ms = ? WHERE id = ? AND version = ?').run(
            atMs,
            delayMs,
            bookingId,
            version,
          ),
        );
      },

      /**
       * Open intents due for a look, oldest due first. Asked on every pass of the reconciler, mostly to find
       * none: the ids come from the partial index, and only a due intent's row is read whole.
       */
      dueIntents(nowMs: number, limit: number): OpenIntent[] {
        const due = statement(
          db,
          'SELECT id FROM intents INDEXED BY intents_due WHERE finished_at IS NULL AND next_check_at <= ? ORDER BY next_check_at LIMIT +?',
        ).all(nowMs, limit) as { id: number }[];
        return due.map(({ id }) => toIntent(statement(db, 'SELECT * FROM intents WHERE id = ?').get(id) as IntentRow));
      },

      /**
       * Bookings due for a read (and no write of ours on its way), from the partial index alone, the most
       * recently due first: a booking just paid is read before a backlog of old ones on long backoffs.
       * Ids first, then only those rows whole: a pass that finds nothing due costs next to nothing.
       * INDEXED BY: a query that cannot use the partial index fails when prepared instead of scanning the ledger.
       * `LIMIT +?`: SQLite plans a bare `LIMIT ?` with its bound value, and prepares the statement again for each new one.
       */
      dueBookings(nowMs: number, limit: number): (BookingRecord & { checkDelayMs: number })[] {
        const due = statement(
          db,
          'SELECT id FROM bookings INDEXED BY bookings_due WHERE next_check_at <= ? AND in_flight IS NULL ORDER BY next_check_at DESC LIMIT +?',
        ).all(nowMs, limit) as { id: number }[];
        return due.map(({ id }) => whole(id));
      },

      /**
       * Bookings on a pace of `minDelayMs` or more, due after `nowMs` and by `untilMs`, soonest first: read
       * along with what is due now, they share its wake-up instead of each waking the app on its own.
       */
      soonBookings(nowMs: number, untilMs: number, minDelayMs: number, limit: number): (BookingRecord & { checkDelayMs: number })[] {
        const soon = statement(
          db,
          `SELECT id FROM bookings INDEXED BY bookings_due WHERE next_check_at > ?1 AND next_check_at <= ?2 AND in_flight IS NULL
           AND check_delay_ms >= ?3 ORDER BY next_check_at LIMIT +?4`,
        ).all(nowMs, untilMs, minDelayMs, limit) as { id: number }[];
        return soon.map(({ id }) => whole(id));
      },

      /** Like `nextDueAt`, leaving out the bookings `soonBookings` gave for the same moments (they are being read). */
      nextDueBeyond(nowMs: number, untilMs: number, minDelayMs: number): number | null {
        const next = statement(
          db,
          `SELECT min(at) AS at FROM (SELECT (SELECT next_check_at FROM bookings INDEXED BY bookings_due WHERE next_check_at > ?1
           AND (next_check_at > ?2 OR check_delay_ms < ?3 OR in_flight IS NOT NULL) ORDER BY next_check_at LIMIT 1) AS at
           UNION ALL SELECT min(next_check_at) FROM intents INDEXED BY intents_due WHERE finished_at IS NULL AND next_check_at > ?1)`,
        ).get(nowMs, untilMs, minDelayMs) as { at: number | null };
        return next.at;
      },

      /** The next moment after `nowMs` a write or a booking is due for a look (null: none scheduled), from the partial indexes. */
      nextDueAt(nowMs: number): number | null {
        const next = statement(
          db,
          `SELECT min(at) AS at FROM (SELECT min(next_check_at) AS at FROM bookings INDEXED BY bookings_due WHERE next_check_at > ?1
           UNION ALL SELECT min(next_check_at) FROM intents INDEXED BY intents_due WHERE finished_at IS NULL AND next_check_at > ?1)`,
        ).get(nowMs) as { at: number | null };
        return next.at;
      },

      /** Looks planned after `latestMs`, which none is when the clock was put back since they were planned, brought to `nowMs`. */
      pullForward(latestMs: number, nowMs: number): void {
        relaxed(() => {
          statement(db, 'UPDATE bookings INDEXED BY bookings_due SET next_check_at = ?2 WHERE next_check_at > ?1').run(latestMs, nowMs);
          statement(
            db,
            'UPDATE intents INDEXED BY intents_due SET next_check_at = ?2 WHERE finished_at IS NULL AND next_check_at > ?1',
          ).run(latestMs, nowMs);
        });
      },

      /** A booking due for a read now (such as right after it was paid), unless it already is. */
      checkNow(bookingId: number, nowMs: number): void {
        const row = statement(db, 'SELECT next_check_at FROM bookings WHERE id = ?').get(bookingId) as
          { next_check_at: number | null } | undefined;
        if (!row || (row.next_check_at !== null && row.next_check_at <= nowMs)) return;
        relaxed(() => statement(db, 'UPDATE bookings SET next_check_at = ? WHERE id = ?').run(nowMs, bookingId));
      },

      /** Calls `listener` with the moment a write made a booking due for a read; returns how to stop. */
      whenDue(listener: (atMs: number) => void): () => void {
        dueListeners.add(listener);
        return () => dueListeners.delete(listener);
      },

      /**
       * Bookings the tracker still looks at: a write in flight, or a read scheduled (a status the service
       * may still move, or a Pending hold it reads now and then). Wider than docs/ledger.md's "settled" (the
       * soaks count that from the rows themselves).
       */
      unsettledCount(): number {
        return (
          statement(db, 'SELECT count(*) AS n FROM bookings WHERE next_check_at IS NOT NULL OR in_flight IS NOT NULL').get() as {
            n: number;
          }
        ).n;
      },
    },
  };
}

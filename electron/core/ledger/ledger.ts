import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { BookingRecord, TimelineEvent } from '../../../shared/bookings';
import { CHANGE_AWAITING_PAYMENT } from '../../../shared/awaited-change';
import { changeAwaitingPaymentElsewhere } from '../agency/awaited-change';
import { AppError, bookingNotFound } from '../app-error';
import { relaxedTransaction, transaction } from '../database';
import { statement } from './statements';
import { toIntent, WRITE_NOUNS } from './intent-details';
import type { IntentDetailInput, IntentRow, OpenIntent, WriteOperation } from './intent-details';
import { forgetProfileRows } from './forget-profile';
import { throwIfHeldAfterRestore } from './held-writes';
import { createHistoryQueries } from './ledger-history';
import { createRowWriter, storedChangeOf, toRecord } from './ledger-rows';
import type { BookingPatch, NewBooking, PendingChange, Row } from './ledger-rows';

export type { BookingPatch, NewBooking, PendingChange } from './ledger-rows';
export type { OpenIntent, WriteOperation } from './intent-details';

export interface LedgerEvent {
  type: string;
  summary: string;
  detail?: unknown;
}

/** The counter's ledger: every booking made here, its timeline, and the journal of writes. */
export function createLedger(
  db: DatabaseSync,
  now: () => Date = () => new Date(),
  /** Told of every booking a write changed, after its commit: the screens' one source of change events. */
  onChange: (booking: BookingRecord) => void = () => {},
) {
  const iso = () => now().toISOString();
  const { insertRow, patchRow } = createRowWriter(db, iso);
  const history = createHistoryQueries(db);
  /** The row as committed, told to whoever listens. */
  const committed = (id: number): BookingRecord => {
    const booking = ledger.get(id) as BookingRecord;
    onChange(booking);
    return booking;
  };

  // Told when a write made a booking due for a read, so the reconciler looks at once instead of at its next tick.
  const dueListeners = new Set<(atMs: number) => void>();
  const toldDue = (atMs: number | null | undefined) => {
    if (atMs !== null && atMs !== undefined) for (const listener of dueListeners) listener(atMs);
  };

  let durableCommits = 0;
  const durable = <T>(work: () => T): T => {
    const result = transaction(db, work);
    durableCommits += 1;
    return result;
  };
  // Only for what can be learnt again from the service (reads, schedules): no fsync, still atomic.
  const relaxed = <T>(work: () => T): T => relaxedTransaction(db, work);

  /** A timeline entry; only ever written inside one of the ledger's commits, with the change it tells of. */
  function addEvent(bookingId: number, type: string, summary: string, detail?: unknown): void {
    statement(db, 'INSERT INTO booking_events (booking_id, at, type, summary, detail) VALUES (?, ?, ?, ?, ?)').run(
      bookingId,
      iso(),
      type,
      summary,
      detail === undefined ? null : JSON.stringify(detail),
    );
  }

  function allocateClientReference(): string {
    let code = (statement(db, "SELECT value FROM counter WHERE key = 'code'").get() as { value: string } | undefined)?.value;
    if (!code) {
      code = Array.from(randomBytes(4), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[byte % 32]).join('');
      statement(db, "INSERT INTO counter (key, value) VALUES ('code', ?)").run(code);
    }
    const next =
      Number((statement(db, "SELECT value FROM counter WHERE key = 'sequence'").get() as { value: string } | undefined)?.value ?? 0) + 1;
    statement(db, "INSERT INTO counter (key, value) VALUES ('sequence', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
      String(next),
    );
    return `PD-${code}-${String(next).padStart(6, '0')}`;
  }

  const ledger = {
    ...history,

    get(id: number): BookingRecord | null {
      const row = statement(db, 'SELECT * FROM bookings WHERE id = ?').get(id) as Row | undefined;
      return row ? toRecord(row) : null;
    },

    /** The change under watch on this booking (waiting for payment, or abandoned and still payable), as the engine stored it. */
    watchedChange(id: number): (Omit<PendingChange, 'reference' | 'paymentLink'> & { reference?: string; paymentLink?: string }) | null {
      const row = statement(db, 'SELECT * FROM bookings WHERE id = ?').get(id) as Row | undefined;
      const stored = row ? storedChangeOf(row) : null;
      if (!row || !stored?.request) return null;
      return {
        ...stored,
        ...(row.pending_modification_reference
          ? { reference: row.pending_modification_reference, paymentLink: row.pending_payment_link ?? '' }
          : {}),
      };
    },

    findByServiceId(profileId: number, serviceBookingId: number): BookingRecord | null {
      const row = statement(db, 'SELECT * FROM bookings WHERE profile_id = ? AND service_booking_id = ?').get(
        profileId,
        serviceBookingId,
      ) as Row | undefined;
      return row ? toRecord(row) : null;
    },

    /** An agent's own change to a booking (no call to the service), and why, in one durable commit. */
    update(id: number, patch: BookingPatch, event?: LedgerEvent): BookingRecord {
      durable(() => {
        patchRow(id, patch, true);
        if (event) addEvent(id, event.type, event.summary, event.detail);
      });
      const booking = committed(id);
      toldDue(patch.nextCheckAt);
      return booking;
    },

    /** The booking's lines in the order they happened: a line another counter sent late takes its place in time. */
    timeline(bookingId: number): TimelineEvent[] {
      return (
        statement(db, 'SELECT at, type, summary FROM booking_events WHERE booking_id = ? ORDER BY at, id').all(bookingId) as {
          at: string;
          type: string;
          summary: string;
        }[]
      ).map((row) => ({ ...row }));
    },

    /**
     * The first half of every write to the service, in ONE durable commit: the intent, the booking's
     * in-flight mark and its timeline entry (and, for a prebook, the client reference it will carry).
     * Refused while another write on the same booking has no known outcome.
     */
    beginWrite<O extends WriteOperation>(
      operation: O,
      bookingId: number | null,
      detail: IntentDetailInput<O>,
    ): { intentId: number; clientReference: string | null } {
      const begun = durable(() => {
        if (bookingId !== null) {
          const row = statement(db, 'SELECT in_flight FROM bookings WHERE id = ?').get(bookingId) as
            { in_flight: string | null } | undefined;
          if (!row) throw bookingNotFound(bookingId);
          // Another counter's change waiting for payment stops only another change: a cancellation still goes.
          if (row.in_flight === CHANGE_AWAITING_PAYMENT && operation === 'modification') throw changeAwaitingPaymentElsewhere();
          if (row.in_flight && row.in_flight !== CHANGE_AWAITING_PAYMENT) {
            throwIfHeldAfterRestore(db, bookingId);
            throw new AppError(
              'write_in_progress',
              `A ${(WRITE_NOUNS as Partial<Record<string, string>>)[row.in_flight] ?? row.in_flight} for this booking was sent and its outcome is not confirmed yet.`,
              'Wait: Packdesk is checking with the service and updates the booking by itself. Do not send it again.',
            );
          }
        }
        const clientReference = operation === 'prebook' ? allocateClientReference() : null;
        const stored = clientReference ? { ...detail, clientReference } : detail;
        const intentId = Number(
          statement(db, 'INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (?, ?, ?, ?)').run(
            bookingId,
            operation,
            JSON.stringify(stored),
            iso(),
          ).lastInsertRowid,
        );
        if (bookingId !== null) {
          statement(db, 'UPDATE bookings SET in_flight = ?, version = version + 1, updated_at = ? WHERE id = ?').run(
            operation,
            iso(),
            bookingId,
          );
          addEvent(bookingId, `${operation}_intent`, `Sending the ${WRITE_NOUNS[operation]} to the service.`);
        }
        return { intentId, clientReference };
      });
      if (bookingId !== null) committed(bookingId);
      return begun;
    },

    /**
     * The second half, in ONE durable commit: the intent's outcome, and the ledger change the service's
     * answer calls for (a new row, or a patch of the intent's booking), which clears its in-flight mark.
     */
    finishWrite(
      intentId: number,
      outcome: string,
      change: { insert?: NewBooking; patch?: BookingPatch; event?: LedgerEvent } = {},
    ): BookingRecord | null {
      const id = durable(() => {
        const intent = statement(db, 'SELECT booking_id, finished_at FROM intents WHERE id = ?').get(intentId) as
          { booking_id: number | null; finished_at: string | null } | undefined;
        if (!intent || intent.finished_at) throw new AppError('intent_settled', 'This write was already settled.', 'Refresh the booking.');
        let bookingId = intent.booking_id === null ? null : intent.booking_id;
        if (change.insert) bookingId = insertRow(change.insert);
        else if (bookingId !== null) patchRow(bookingId, { ...change.patch, inFlight: null }, true);
        if (bookingId !== null && change.event) addEvent(bookingId, change.event.type, change.event.summary, change.event.detail);
        statement(db, 'UPDATE intents SET finished_at = ?, outcome = ?, booking_id = ?, next_check_at = NULL WHERE id = ?').run(
          iso(),
          outcome,
          bookingId,
          intentId,
        );
        return bookingId;
      });
      if (id === null) return null;
      const booking = committed(id);
      toldDue(change.insert ? change.insert.nextCheckAt : change.patch?.nextCheckAt);
      return booking;
    },

    /** A write's answer was lost: the intent stays open and is checked from now on; the booking says so. */
    answerLost(intentId: number, doubtUntil: number, attention: string | null): OpenIntent {
      const intent = relaxed(() => {
        statement(db, 'UPDATE intents SET doubt_until = ?, next_check_at = ? WHERE id = ?').run(doubtUntil, now().getTime(), intentId);
        const lost = toIntent(statement(db, 'SELECT * FROM intents WHERE id = ?').get(intentId) as IntentRow);
        if (lost.bookingId !== null && attention !== null) patchRow(lost.bookingId, { attention }, true);
        return lost;
      });
      if (intent.bookingId !== null && attention !== null) committed(intent.bookingId);
      return intent;
    },

    /** When the reconciler looks at an open intent again. */
    scheduleIntent(intentId: number, atMs: number): void {
      relaxed(() => statement(db, 'UPDATE intents SET next_check_at = ? WHERE id = ? AND finished_at IS NULL').run(atMs, intentId));
    },

    /**
     * What a read of the service showed, applied only if the row has not changed since the read
     * started (`seenVersion`); null when a newer write got there first. Not fsynced: a lost read is read again.
     */
    applyRead(bookingId: number, seenVersion: number, patch: BookingPatch, event?: LedgerEvent): BookingRecord | null {
      const applied = relaxed(() => {
        const current = statement(db, 'SELECT version FROM bookings WHERE id = ?').get(bookingId) as { version: number } | undefined;
        if (!current || current.version !== seenVersion) return false;
        patchRow(bookingId, patch, true);
        if (event) addEvent(bookingId, event.type, event.summary, event.detail);
        return true;
      });
      if (!applied) return null;
      const booking = committed(bookingId);
      toldDue(patch.nextCheckAt);
      return booking;
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

    /** At start-up every write left open by the last run is due for a look at once, and its booking says so. */
    recoverOpenIntents(): number {
      const recovered = relaxed(() => {
        const stopped = statement(
          db,
          'SELECT booking_id, operation FROM intents WHERE finished_at IS NULL AND next_check_at IS NULL AND booking_id IS NOT NULL',
        ).all() as { booking_id: number; operation: WriteOperation }[];
        for (const { booking_id: bookingId, operation } of stopped) {
          patchRow(
            bookingId,
            {
              attention: `Packdesk stopped while a ${WRITE_NOUNS[operation]} was being sent. Not confirmed yet: checking with the service.`,
            },
            true,
          );
        }
        const due = Number(
          statement(db, 'UPDATE intents SET next_check_at = 0 WHERE finished_at IS NULL AND next_check_at IS NULL').run().changes,
        );
        return { due, bookingIds: stopped.map((intent) => intent.booking_id) };
      });
      for (const bookingId of recovered.bookingIds) committed(bookingId);
      return recovered.due;
    },

    openIntents(): OpenIntent[] {
      return (statement(db, 'SELECT * FROM intents WHERE finished_at IS NULL ORDER BY id').all() as IntentRow[]).map(toIntent);
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
      return due.map(({ id }) => {
        const row = statement(db, 'SELECT * FROM bookings WHERE id = ?').get(id) as Row;
        return { ...toRecord(row), checkDelayMs: row.check_delay_ms };
      });
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
        statement(db, 'UPDATE intents INDEXED BY intents_due SET next_check_at = ?2 WHERE finished_at IS NULL AND next_check_at > ?1').run(
          latestMs,
          nowMs,
        );
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

    /** Bookings not settled yet: an open write, or a status the service may still move. */
    unsettledCount(): number {
      return (
        statement(db, 'SELECT count(*) AS n FROM bookings WHERE next_check_at IS NOT NULL OR in_flight IS NOT NULL').get() as { n: number }
      ).n;
    },

    /**
     * Changes when another writer commits to the same file (SQLite's data_version), so a screen knows
     * to read again; this app's own changes reach the screens as events (`onChange`) instead.
     */
    version(): string {
      return String((statement(db, 'PRAGMA data_version').get() as { data_version: number }).data_version);
    },

    /** A fresh training day (forget-profile.ts), in one durable commit; returns how many bookings went. */
    forgetProfile: (profileId: number): number => durable(() => forgetProfileRows(db, profileId)),

    /** Tells the screens of a booking changed by a commit made outside these methods (the agency's changes). */
    announce: (id: number): void => void committed(id),

    /** Durable (fsynced) commits since this ledger was opened, for the benchmarks. */
    durableCommits: () => durableCommits,
  };
  return ledger;
}

export type Ledger = ReturnType<typeof createLedger>;

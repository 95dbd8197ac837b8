import type { DatabaseSync } from 'node:sqlite';
import type { BookingFilter, BookingRecord, TimelineEvent } from '../../../shared/bookings';
import { relaxedTransaction, transaction } from '../database';
import { createDueQueue } from './due-queue';
import { forgetProfileRows } from './forget-profile';
import { bookingsCsv } from './history-export';
import type { LedgerEvent } from './ledger-commits';
import { authorNow, PACKDESK, stampBooking } from './ledger-authors';
import type { Author } from './ledger-authors';
import { createHistoryQueries } from './ledger-history';
import { createRowWriter, storedChangeOf, toRecord } from './ledger-rows';
import type { BookingPatch, PendingChange, Row } from './ledger-rows';
import { parseWords, serializeWords } from './ledger-words';
import { createMoneyBook } from './money-movements';
import { todayFigures } from '../reports/today';
import { endOfDay, endOfDayCsv } from '../reports/end-of-day';
import { periodCsv, periodReport } from '../reports/period';
import { statement } from './statements';
import { createWriteJournal } from './write-journal';
import { SPEC_STATUS_RULES, TRAINING_STATUS_RULES } from '../../../shared/status-rules';
import type { StatusRules } from '../../../shared/status-rules';

export type { BookingPatch, NewBooking, PendingChange } from './ledger-rows';
export type { OpenIntent, WriteOperation } from './intent-details';
export type { LedgerEvent } from './ledger-commits';

/**
 * The counter's ledger: every booking made here and its timeline (this file), the journal of writes
 * (write-journal.ts), the reconciler's due queue (due-queue.ts) and the history's reads (ledger-history.ts).
 */
export function createLedger(
  db: DatabaseSync,
  now: () => Date = () => new Date(),
  /** Told of every booking a write changed, after its commit: the screens' one source of change events. */
  onChange: (booking: BookingRecord) => void = () => {},
  /** This counter's name, written with every line and every booking's maker and changer ("Desk 2"). */
  counterName: () => string | null = () => null,
  /** What each profile's statuses mean, for the money each change of a booking moves (money-movements.ts). */
  statusRulesOf?: (profileId: number) => StatusRules,
) {
  const iso = () => now().toISOString();
  const { insertRow, patchRow } = createRowWriter(db, iso);
  const history = createHistoryQueries(db);
  const money = createMoneyBook(db, iso, (profileId, kind) => {
    try {
      if (statusRulesOf) return statusRulesOf(profileId);
    } catch {
      // A profile removed since: its bookings read as the spec's (or training's) statuses say.
    }
    return kind === 'training' ? TRAINING_STATUS_RULES : SPEC_STATUS_RULES;
  });

  function get(id: number): BookingRecord | null {
    const row = statement(db, 'SELECT * FROM bookings WHERE id = ?').get(id) as Row | undefined;
    return row ? toRecord(row) : null;
  }
  /** The row as committed, told to whoever listens. */
  const committed = (id: number): BookingRecord => {
    const booking = get(id) as BookingRecord;
    onChange(booking);
    return booking;
  };

  let durableCommits = 0;
  const durable = <T>(work: () => T): T => {
    const result = transaction(db, work);
    durableCommits += 1;
    return result;
  };
  const relaxed = <T>(work: () => T): T => relaxedTransaction(db, work);

  /** A timeline entry and who wrote it; only ever written inside one of the ledger's commits, with the change it tells of. */
  function addEvent(bookingId: number, { type, summary, words, detail }: LedgerEvent, author: Author): void {
    statement(
      db,
      'INSERT INTO booking_events (booking_id, at, type, summary, words, detail, agent, approver, counter, by_packdesk) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      bookingId,
      iso(),
      type,
      summary,
      serializeWords(words),
      detail === undefined ? null : JSON.stringify(detail),
      author.agent,
      author.approver,
      counterName(),
      author.byPackdesk ? 1 : 0,
    );
  }

  const due = createDueQueue(db, relaxed);
  const { tellDue } = due;
  const journal = createWriteJournal({
    db,
    now,
    iso,
    durable,
    relaxed,
    committed,
    addEvent,
    counterName,
    insertRow,
    patchRow,
    tellDue,
    money,
  });

  return {
    ...history,
    ...journal,
    ...due.queue,

    /** The filter's bookings as CSV lines for a stream, and how many; `counterName` names this counter in the Counter column. */
    exportCsv(filter: BookingFilter, options: { counterName?: string | null } = {}): { rows: number; lines: Iterable<string> } {
      const every = history.everyBooking(filter);
      return { rows: every.count, lines: bookingsCsv(every.batches, options) };
    },

    get,

    /** A day's figures at this counter or across the agency (reports/today.ts); `withAgents` adds the breakdown by agent. */
    today: (profileId: number, day: string, withAgents: boolean, scope?: 'counter' | 'agency') =>
      todayFigures(db, profileId, day, withAgents, scope),
    /** A day's money movements at this counter, its totals and what was unsettled at the close (reports/end-of-day.ts). */
    endOfDay: (profileId: number, day: string) => endOfDay(db, profileId, day),
    /** A week's or a month's report at this counter (reports/period.ts). */
    period: (profileId: number, from: string, to: string) => periodReport(db, profileId, from, to),
    /** The same as CSV lines, yielded one by one for a stream. */
    endOfDayCsv: (profileId: number, day: string) => endOfDayCsv(db, profileId, day),
    /** Records the money a change written outside the ledger's own writes moved (another counter's, applied from the agency). */
    followMoney: (bookingId: number) => money.follow(bookingId),
    /** A period's bookings and money as CSV lines, yielded one by one for a stream. */
    periodCsv: (profileId: number, from: string, to: string) => periodCsv(db, profileId, from, to),

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

    /**
     * An agent's own change to a booking (no call to the service), and why, in one durable commit; the
     * line names the call's agent (Packdesk outside a call). `changes`: it changes the booking itself
     * (a change marked paid or abandoned), so the booking names them as its last changer.
     */
    update(id: number, patch: BookingPatch, event?: LedgerEvent, options: { changes?: boolean } = {}): BookingRecord {
      const author = authorNow();
      durable(() => {
        patchRow(id, patch, true);
        if (event) addEvent(id, event, author);
        if (options.changes) stampBooking(db, id, 'changed', author, counterName());
        money.follow(id);
      });
      const booking = committed(id);
      tellDue(patch.nextCheckAt);
      return booking;
    },

    /** The booking's lines in the order they happened: a line another counter sent late takes its place in time. */
    timeline(bookingId: number): TimelineEvent[] {
      return (
        statement(
          db,
          'SELECT at, type, summary, words, agent, approver, counter, by_packdesk FROM booking_events WHERE booking_id = ? ORDER BY at, id',
        ).all(bookingId) as {
          at: string;
          type: string;
          summary: string;
          words: string | null;
          agent: string | null;
          approver: string | null;
          counter: string | null;
          by_packdesk: number;
        }[]
      ).map(({ by_packdesk: byPackdesk, words, ...row }) => ({ ...row, words: parseWords(words), byPackdesk: byPackdesk === 1 }));
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
        // What the service showed: Packdesk's line, whoever asked for the read.
        if (event) addEvent(bookingId, event, PACKDESK);
        money.follow(bookingId);
        return true;
      });
      if (!applied) return null;
      const booking = committed(bookingId);
      tellDue(patch.nextCheckAt);
      return booking;
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
}

export type Ledger = ReturnType<typeof createLedger>;

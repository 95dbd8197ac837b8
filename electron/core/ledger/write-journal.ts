import { randomBytes } from 'node:crypto';
import { defineMessages } from '../../../shared/i18n/messages';
import { CHANGE_AWAITING_PAYMENT } from '../../../shared/awaited-change';
import type { BookingRecord } from '../../../shared/bookings';
import { changeAwaitingPaymentElsewhere } from '../agency/awaited-change';
import { AppError, bookingNotFound } from '../app-error';
import { throwIfHeldAfterRestore } from './held-writes';
import { toIntent } from './intent-details';
import type { IntentDetailInput, IntentRow, OpenIntent, WriteOperation } from './intent-details';
import { authorNow, authorOfIntent, PACKDESK, stampBooking } from './ledger-authors';
import type { BookingRole } from './ledger-authors';
import type { LedgerCommits, LedgerEvent } from './ledger-commits';
import { attentionWords, eventWords } from './ledger-words';
import type { Worded } from './ledger-words';
import type { BookingPatch, NewBooking } from './ledger-rows';
import { statement } from './statements';

const words = defineMessages({
  inProgress: {
    id: 'error.journal.writeInProgress.message',
    defaultMessage:
      'A {operation, select, prebook {hold} book {payment} cancel {cancellation} modification {change} other {{operation}}} for this booking was sent and its outcome is not confirmed yet.',
  },
  inProgressHint: {
    id: 'error.journal.writeInProgress.hint',
    defaultMessage: 'Wait: Packdesk is checking with the service and updates the booking by itself. Do not send it again.',
  },
  settled: { id: 'error.journal.intentSettled.message', defaultMessage: 'This write was already settled.' },
  settledHint: { id: 'error.journal.intentSettled.hint', defaultMessage: 'Refresh the booking.' },
});

const lines = defineMessages({
  sending: {
    id: 'timeline.journal.sending',
    defaultMessage: 'Sending the {operation, select, prebook {hold} book {payment} cancel {cancellation} other {change}} to the service.',
  },
  stoppedWhileSending: {
    id: 'attention.journal.stoppedWhileSending',
    defaultMessage:
      'Packdesk stopped while a {operation, select, prebook {hold} book {payment} cancel {cancellation} other {change}} was being sent. Not confirmed yet: checking with the service.',
  },
});

/**
 * The journal of writes to the service: each write's intent committed before its call, its outcome
 * with the ledger change after it, and what a stop left open.
 */
/** How soon after a lost answer the tracker looks, if the write's own look has not settled it by then. */
const LOST_ANSWER_LOOK_MS = 500;

export function createWriteJournal({
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
}: LedgerCommits) {
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

  return {
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
              { message: words.inProgress, values: { operation: row.in_flight } },
              { message: words.inProgressHint },
            );
          }
        }
        const clientReference = operation === 'prebook' ? allocateClientReference() : null;
        const stored = clientReference ? { ...detail, clientReference } : detail;
        // Who starts the write is kept with it: its outcome names them, whoever is signed in when it lands.
        const author = authorNow();
        const intentId = Number(
          statement(
            db,
            'INSERT INTO intents (booking_id, operation, detail, started_at, agent, approver, by_packdesk) VALUES (?, ?, ?, ?, ?, ?, ?)',
          ).run(bookingId, operation, JSON.stringify(stored), iso(), author.agent, author.approver, author.byPackdesk ? 1 : 0)
            .lastInsertRowid,
        );
        if (bookingId !== null) {
          statement(db, 'UPDATE bookings SET in_flight = ?, version = version + 1, updated_at = ? WHERE id = ?').run(
            operation,
            iso(),
            bookingId,
          );
          addEvent(bookingId, { type: `${operation}_intent`, ...eventWords(lines.sending, { operation }) }, author);
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
      /** `stamp`: the write made the booking (a book) or changed it (a cancel, a change), so the booking names its author; a new row is always made by them. */
      change: { insert?: NewBooking; patch?: BookingPatch; event?: LedgerEvent; stamp?: BookingRole } = {},
    ): BookingRecord | null {
      const id = durable(() => {
        const intent = statement(db, 'SELECT booking_id, finished_at FROM intents WHERE id = ?').get(intentId) as
          { booking_id: number | null; finished_at: string | null } | undefined;
        if (!intent || intent.finished_at) throw new AppError('intent_settled', { message: words.settled }, { message: words.settledHint });
        // The outcome is the write's, so it names who started it (also when the reconciler settles it later).
        const author = authorOfIntent(db, intentId);
        let bookingId = intent.booking_id === null ? null : intent.booking_id;
        if (change.insert) bookingId = insertRow(change.insert);
        else if (bookingId !== null) patchRow(bookingId, { ...change.patch, inFlight: null }, true);
        const stamp = change.insert ? 'made' : change.stamp;
        if (bookingId !== null && stamp) stampBooking(db, bookingId, stamp, author, counterName());
        if (bookingId !== null && change.event) addEvent(bookingId, change.event, author);
        if (bookingId !== null) money.follow(bookingId);
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
      tellDue(change.insert ? change.insert.nextCheckAt : change.patch?.nextCheckAt);
      return booking;
    },

    /** A write's answer was lost: the intent stays open and is checked from now on; the booking and its timeline say so. */
    answerLost(intentId: number, doubtUntil: number, said: Worded | string | null): OpenIntent {
      // Text alone (no words) is shown as it is, in every language.
      const attention = typeof said === 'string' ? { attention: said, attentionWords: null } : said;
      const intent = relaxed(() => {
        statement(db, 'UPDATE intents SET doubt_until = ?, next_check_at = ? WHERE id = ?').run(doubtUntil, now().getTime(), intentId);
        const lost = toIntent(statement(db, 'SELECT * FROM intents WHERE id = ?').get(intentId) as IntentRow);
        if (lost.bookingId !== null && attention !== null) patchRow(lost.bookingId, attention, true);
        // Until a read settles it, the write's last line on the timeline says its outcome is not known.
        if (lost.bookingId !== null && attention?.attention)
          addEvent(lost.bookingId, { type: 'not_confirmed', summary: attention.attention, words: attention.attentionWords }, PACKDESK);
        return lost;
      });
      if (intent.bookingId !== null && attention !== null) committed(intent.bookingId);
      // The tracker's next look, should the caller's own look not settle it: a moment later, so the caller's comes first.
      tellDue(now().getTime() + LOST_ANSWER_LOOK_MS);
      return intent;
    },

    /** At start-up every write left open by the last run is due for a look at once, and its booking says so. */
    recoverOpenIntents(): number {
      const recovered = relaxed(() => {
        const stopped = statement(
          db,
          'SELECT booking_id, operation FROM intents WHERE finished_at IS NULL AND next_check_at IS NULL AND booking_id IS NOT NULL',
        ).all() as { booking_id: number; operation: WriteOperation }[];
        for (const { booking_id: bookingId, operation } of stopped) {
          patchRow(bookingId, attentionWords(lines.stoppedWhileSending, { operation }), true);
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
  };
}

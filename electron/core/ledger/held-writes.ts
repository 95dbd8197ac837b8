import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Message } from '../../../shared/i18n/messages';
import type { BookingRecord } from '../../../shared/bookings';
import { formatDate } from '../../../shared/format';
import type { HeldWrite, RestoreNotice } from '../../../shared/restore';
import { AppError } from '../app-error';
import { transaction } from '../database';
import { createMainWords } from '../i18n/main-words';
import type { MainWords, WordValues } from '../i18n/main-words';
import { readDetail, toIntent } from './intent-details';
import type { IntentRow, OpenIntent, WriteOperation } from './intent-details';
import { authorNow } from './ledger-authors';
import { attentionWords, eventWords, serializeWords } from './ledger-words';
import { statement } from './statements';

const words = defineMessages({
  heldAfterRestore: {
    id: 'error.heldWrites.heldAfterRestore.message',
    defaultMessage:
      'A {operation, select, prebook {hold} book {payment} cancel {cancellation} other {change}} of this booking was being sent when the restored backup was made, and its outcome is not known.',
  },
  heldAfterRestoreHint: {
    id: 'error.heldWrites.heldAfterRestore.hint',
    defaultMessage: 'Check it with the service, or discard it, from the list at the top of Bookings; then try again.',
  },
  notFound: {
    id: 'error.heldWrites.notFound.message',
    defaultMessage: 'This write from the restored backup was already checked or discarded.',
  },
  notFoundHint: { id: 'error.heldWrites.notFound.hint', defaultMessage: 'Look at the booking in Bookings to see where it stands.' },
  notCheckable: { id: 'error.heldWrites.notCheckable.message', defaultMessage: '{what} cannot be checked with the service.' },
  discardIt: { id: 'error.heldWrites.notCheckable.hint', defaultMessage: 'Discard it.' },
});

/** A held write in the agent's words (worded when read, in the language in use), and what the restore wrote of it. */
const held = defineMessages({
  holdFor: {
    id: 'heldWrite.what.holdFor',
    defaultMessage:
      'A hold for {holder}{stayed, select, yes { at {property}, {checkIn} to {checkOut}} other {}}{made, select, yes {; it made booking {reference}} other {}}',
  },
  holdUnreadable: {
    id: 'heldWrite.what.holdUnreadable',
    defaultMessage: 'A hold Packdesk cannot read{made, select, yes {; it made booking {reference}} other {}}',
  },
  holdMadeBooking: {
    id: 'heldWrite.why.holdMadeBooking',
    defaultMessage:
      'Booking {reference} shows the hold was made; this entry of the backup’s journal was left open. Discard it: nothing is sent.',
  },
  holdNotLookedUp: {
    id: 'heldWrite.why.holdNotLookedUp',
    defaultMessage:
      'A hold cannot be looked up without its number, and its hold token has long expired, so it is never sent again. If the traveler was told it is held, ask the service’s support about client reference {known, select, yes {{clientReference}} other {of the hold}}; then discard it here.',
  },
  notInBackup: {
    id: 'heldWrite.what.notInBackup',
    defaultMessage:
      'A {operation, select, prebook {hold} book {payment} cancel {cancellation} other {change}} of a booking not in the backup',
  },
  changeOf: { id: 'heldWrite.what.changeOf', defaultMessage: 'A change of booking {reference} ({holder})' },
  cancellationOf: { id: 'heldWrite.what.cancellationOf', defaultMessage: 'A cancellation of booking {reference} ({holder})' },
  paymentFor: { id: 'heldWrite.what.paymentFor', defaultMessage: 'A payment for booking {reference} ({holder})' },
  noServiceNumber: {
    id: 'heldWrite.why.noServiceNumber',
    defaultMessage:
      'The service’s number for this booking is not known, so it cannot be looked up. Ask the service’s support; then discard it here.',
  },
  unreadable: {
    id: 'heldWrite.why.unreadable',
    defaultMessage: 'Its journal entry cannot be read. Check the booking with the service’s support; then discard it here.',
  },
  checking: {
    id: 'attention.heldWrite.checking',
    defaultMessage:
      'Not confirmed yet: checking with the service what became of this {operation, select, prebook {hold} book {payment} cancel {cancellation} other {change}}, sent before the backup was made.',
  },
  discarded: {
    id: 'attention.heldWrite.discarded',
    defaultMessage:
      'A {operation, select, prebook {hold} book {payment} cancel {cancellation} other {change}} was being sent when the backup was made; it was discarded after the restore without asking the service. Check this booking with the service before telling the traveler.',
  },
  discardedLine: {
    id: 'timeline.heldWrite.discarded',
    defaultMessage:
      'The {operation, select, prebook {hold} book {payment} cancel {cancellation} other {change}} the backup had left open was discarded by the agent after the restore; the service was not asked.',
  },
});

/** How held writes are worded: main's words in the language in use (its locale for dates). English by default. */
type HeldWording = Pick<MainWords, 'text' | 'wording'>;
const ENGLISH: HeldWording = createMainWords(() => 'en');

/** A held write as the table keeps it. */
interface HeldRow {
  id: number;
  booking_id: number | null;
  operation: WriteOperation;
  detail: string;
  started_at: string;
  held_at: string;
}

const parsed = (detail: string): unknown => {
  try {
    return JSON.parse(detail) as unknown;
  } catch {
    return null;
  }
};

const bookingValues = (booking: BookingRecord) => ({
  reference: booking.clientReference,
  holder: `${booking.holder.name} ${booking.holder.surname}`,
});

/** A new write on a booking whose earlier write a restore holds is refused in words: that one is decided first. */
export function throwIfHeldAfterRestore(db: DatabaseSync, bookingId: number): void {
  const held = statement(db, 'SELECT operation FROM held_writes WHERE booking_id = ? ORDER BY id LIMIT 1').get(bookingId) as
    { operation: WriteOperation } | undefined;
  if (!held) return;
  throw new AppError(
    'write_held_after_restore',
    { message: words.heldAfterRestore, values: { operation: held.operation } },
    { message: words.heldAfterRestoreHint },
  );
}

/** A held write in the agent's words, and whether (and why not) the service can be asked what became of it. */
export function describeHeldWrite(
  write: { operation: WriteOperation; detail: string; bookingId: number | null },
  booking: BookingRecord | null,
  wording: HeldWording = ENGLISH,
): Pick<HeldWrite, 'what' | 'checkable' | 'whyNotCheckable'> {
  const say = (message: Message, values?: WordValues) => wording.text({ message, values });
  if (write.operation === 'prebook') {
    const detail = readDetail('prebook', parsed(write.detail));
    const holder = detail ? ('kind' in detail ? detail.holder : detail.request.holder) : null;
    const made = { made: booking ? 'yes' : 'no', reference: booking?.clientReference ?? '' };
    const { locale } = wording.wording();
    return {
      what: holder
        ? say(held.holdFor, {
            holder: `${holder.name} ${holder.surname}`,
            stayed: detail ? 'yes' : 'no',
            property: detail?.quote.propertyName ?? '',
            checkIn: detail ? formatDate(detail.quote.checkIn, locale) : '',
            checkOut: detail ? formatDate(detail.quote.checkOut, locale) : '',
            ...made,
          })
        : say(held.holdUnreadable, made),
      checkable: false,
      whyNotCheckable: booking
        ? say(held.holdMadeBooking, { reference: booking.clientReference })
        : say(held.holdNotLookedUp, { known: detail ? 'yes' : 'no', clientReference: detail?.clientReference ?? '' }),
    };
  }
  if (!booking)
    return { what: say(held.notInBackup, { operation: write.operation }), checkable: false, whyNotCheckable: say(words.discardIt) };
  const what = say(
    write.operation === 'modification' ? held.changeOf : write.operation === 'cancel' ? held.cancellationOf : held.paymentFor,
    bookingValues(booking),
  );
  if (booking.serviceBookingId === null) return { what, checkable: false, whyNotCheckable: say(held.noServiceNumber) };
  if (readDetail(write.operation, parsed(write.detail)) === null) return { what, checkable: false, whyNotCheckable: say(held.unreadable) };
  return { what, checkable: true, whyNotCheckable: null };
}

/**
 * The writes a restored backup left open, and what the agent is told of the restore. Nothing here
 * sends anything: a check moves one write into the journal for the engine's read-only look, a
 * discard closes it without asking the service. Each is one durable commit.
 */
export function createHeldWrites(deps: {
  db: DatabaseSync;
  bookingOf: (id: number) => BookingRecord | null;
  /** Tells the screens of a booking changed here. */
  announce: (bookingId: number) => void;
  now?: () => Date;
  /** How the writes are worded when listed: main's words in the language in use, the agent's (English without them). */
  wording?: HeldWording;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const heldRow = (id: number): HeldRow => {
    const row = statement(db, 'SELECT * FROM held_writes WHERE id = ?').get(id) as HeldRow | undefined;
    if (!row) throw new AppError('held_write_not_found', { message: words.notFound }, { message: words.notFoundHint });
    return row;
  };

  const viewOf = (row: HeldRow): HeldWrite => ({
    id: row.id,
    startedAt: row.started_at,
    bookingId: row.booking_id,
    ...describeHeldWrite(
      { operation: row.operation, detail: row.detail, bookingId: row.booking_id },
      row.booking_id === null ? null : deps.bookingOf(row.booking_id),
      deps.wording,
    ),
  });

  /** Whether another held write still keeps this booking from being written. */
  const stillHeld = (bookingId: number) => statement(db, 'SELECT 1 FROM held_writes WHERE booking_id = ?').get(bookingId) !== undefined;

  /** The writes held since the restore, oldest first. */
  const list = (): HeldWrite[] =>
    (statement(db, 'SELECT * FROM held_writes ORDER BY started_at, id').all() as unknown as HeldRow[]).map(viewOf);

  return {
    list,

    /** What the agent is told of the restore; null when this ledger was not restored or nothing of it waits any more. */
    notice(agencyConnectionSaved: boolean): RestoreNotice | null {
      const restored = statement(db, 'SELECT * FROM restored_from WHERE id = 1').get() as
        { restored_at: string; counter_name: string | null; made_elsewhere: number | null; agency_paused: number } | undefined;
      if (!restored) return null;
      const heldWrites = list();
      const agencyWaits = restored.agency_paused === 1 && agencyConnectionSaved;
      if (!heldWrites.length && !agencyWaits) return null;
      return {
        restoredAt: restored.restored_at,
        madeAt: restored.counter_name,
        madeElsewhere: restored.made_elsewhere === null ? null : restored.made_elsewhere === 1,
        agencyWaits,
        heldWrites,
      };
    },

    /** Whether the agency link waits for the agent to connect again (a restored ledger is in no agency until then). */
    agencyPaused: (): boolean =>
      (statement(db, 'SELECT agency_paused FROM restored_from WHERE id = 1').get() as { agency_paused: number } | undefined)
        ?.agency_paused === 1,

    /** The agent connected again: the agency link starts with the app from now on. */
    agencyRejoined(): void {
      transaction(db, () => statement(db, 'UPDATE restored_from SET agency_paused = 0').run());
    },

    /**
     * The agent asked to check this write with the service: it becomes an open intent of the journal
     * (its booking keeps its in-flight mark), for the engine's look. Only a write whose look is a read.
     */
    release(id: number): OpenIntent {
      const intent = transaction(db, () => {
        const row = heldRow(id);
        const view = viewOf(row);
        if (!view.checkable || row.booking_id === null)
          throw new AppError(
            'write_not_checkable',
            { message: words.notCheckable, values: { what: view.what } },
            view.whyNotCheckable ?? { message: words.discardIt },
          );
        statement(db, 'DELETE FROM held_writes WHERE id = ?').run(id);
        const intentId = Number(
          statement(db, 'INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (?, ?, ?, ?)').run(
            row.booking_id,
            row.operation,
            row.detail,
            row.started_at,
          ).lastInsertRowid,
        );
        const checking = attentionWords(held.checking, { operation: row.operation });
        statement(db, 'UPDATE bookings SET attention = ?, attention_words = ?, updated_at = ? WHERE id = ?').run(
          checking.attention,
          serializeWords(checking.attentionWords),
          now().toISOString(),
          row.booking_id,
        );
        return toIntent(statement(db, 'SELECT * FROM intents WHERE id = ?').get(intentId) as IntentRow);
      });
      if (intent.bookingId !== null) deps.announce(intent.bookingId);
      return intent;
    },

    /** The agent discarded this write: closed in the journal as discarded, never sent or checked; its booking says so. */
    discard(id: number): void {
      const bookingId = transaction(db, () => {
        const row = heldRow(id);
        const at = now().toISOString();
        statement(db, 'DELETE FROM held_writes WHERE id = ?').run(id);
        statement(
          db,
          "INSERT INTO intents (booking_id, operation, detail, started_at, finished_at, outcome) VALUES (?, ?, ?, ?, ?, 'discarded_after_restore')",
        ).run(row.booking_id, row.operation, row.detail, row.started_at, at);
        if (row.booking_id === null || row.operation === 'prebook') return row.booking_id;
        const discarded = attentionWords(held.discarded, { operation: row.operation });
        statement(
          db,
          'UPDATE bookings SET in_flight = CASE WHEN ? THEN in_flight ELSE NULL END, attention = ?, attention_words = ?, version = version + 1, updated_at = ? WHERE id = ?',
        ).run(stillHeld(row.booking_id) ? 1 : 0, discarded.attention, serializeWords(discarded.attentionWords), at, row.booking_id);
        // The agent's word: the line names them (and whoever approved it).
        const author = authorNow();
        const line = eventWords(held.discardedLine, { operation: row.operation });
        statement(
          db,
          'INSERT INTO booking_events (booking_id, at, type, summary, words, agent, approver, by_packdesk) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(
          row.booking_id,
          at,
          'held_write_discarded',
          line.summary,
          serializeWords(line.words),
          author.agent,
          author.approver,
          author.byPackdesk ? 1 : 0,
        );
        return row.booking_id;
      });
      if (bookingId !== null) deps.announce(bookingId);
    },
  };
}

export type HeldWrites = ReturnType<typeof createHeldWrites>;

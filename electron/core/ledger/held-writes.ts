import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import type { BookingRecord } from '../../../shared/bookings';
import { formatDate } from '../../../shared/format';
import type { HeldWrite, RestoreNotice } from '../../../shared/restore';
import { AppError } from '../app-error';
import { transaction } from '../database';
import { readDetail, toIntent, WRITE_NOUNS } from './intent-details';
import type { IntentRow, OpenIntent, WriteOperation } from './intent-details';
import { authorNow } from './ledger-authors';
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

const bookingWords = (booking: BookingRecord) => `booking ${booking.clientReference} (${booking.holder.name} ${booking.holder.surname})`;

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
): Pick<HeldWrite, 'what' | 'checkable' | 'whyNotCheckable'> {
  if (write.operation === 'prebook') {
    const detail = readDetail('prebook', parsed(write.detail));
    const holder = detail ? ('kind' in detail ? detail.holder : detail.request.holder) : null;
    const stay = detail
      ? ` at ${detail.quote.propertyName}, ${formatDate(detail.quote.checkIn)} to ${formatDate(detail.quote.checkOut)}`
      : '';
    const made = booking ? `; it made booking ${booking.clientReference}` : '';
    return {
      what: holder ? `A hold for ${holder.name} ${holder.surname}${stay}${made}` : `A hold Packdesk cannot read${made}`,
      checkable: false,
      whyNotCheckable: booking
        ? `Booking ${booking.clientReference} shows the hold was made; this entry of the backup’s journal was left open. Discard it: nothing is sent.`
        : `A hold cannot be looked up without its number, and its hold token has long expired, so it is never sent again. If the traveler was told it is held, ask the service’s support about client reference ${detail?.clientReference ?? 'of the hold'}; then discard it here.`,
    };
  }
  const noun = WRITE_NOUNS[write.operation];
  if (!booking) return { what: `A ${noun} of a booking not in the backup`, checkable: false, whyNotCheckable: 'Discard it.' };
  const what =
    write.operation === 'modification'
      ? `A change of ${bookingWords(booking)}`
      : write.operation === 'cancel'
        ? `A cancellation of ${bookingWords(booking)}`
        : `A payment for ${bookingWords(booking)}`;
  if (booking.serviceBookingId === null)
    return {
      what,
      checkable: false,
      whyNotCheckable:
        'The service’s number for this booking is not known, so it cannot be looked up. Ask the service’s support; then discard it here.',
    };
  if (readDetail(write.operation, parsed(write.detail)) === null)
    return {
      what,
      checkable: false,
      whyNotCheckable: 'Its journal entry cannot be read. Check the booking with the service’s support; then discard it here.',
    };
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
        statement(db, 'UPDATE bookings SET attention = ?, updated_at = ? WHERE id = ?').run(
          `Not confirmed yet: checking with the service what became of this ${WRITE_NOUNS[row.operation]}, sent before the backup was made.`,
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
        const noun = WRITE_NOUNS[row.operation];
        statement(
          db,
          'UPDATE bookings SET in_flight = CASE WHEN ? THEN in_flight ELSE NULL END, attention = ?, version = version + 1, updated_at = ? WHERE id = ?',
        ).run(
          stillHeld(row.booking_id) ? 1 : 0,
          `A ${noun} was being sent when the backup was made; it was discarded after the restore without asking the service. Check this booking with the service before telling the traveler.`,
          at,
          row.booking_id,
        );
        // The agent's word: the line names them (and whoever approved it).
        const author = authorNow();
        statement(
          db,
          'INSERT INTO booking_events (booking_id, at, type, summary, agent, approver, by_packdesk) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(
          row.booking_id,
          at,
          'held_write_discarded',
          `The ${noun} the backup had left open was discarded by the agent after the restore; the service was not asked.`,
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

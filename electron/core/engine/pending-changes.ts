import { defineMessages } from '../../../shared/i18n/messages';
import type { ServiceBooking } from '../../../shared/api';
import type { BookingRecord } from '../../../shared/bookings';
import { AppError } from '../app-error';
import { readModification } from '../ledger/intent-details';
import { attentionWords, eventWords } from '../ledger/ledger-words';
import type { createBookingLocks } from './booking-locks';
import { stayFromRead } from './booking-reads';
import { changeLanded, stayAfterChange } from './change-target';
import type { EngineContext } from './engine-context';

const words = defineMessages({
  noChangeWaiting: {
    id: 'error.pendingChange.noChangeWaiting.message',
    defaultMessage: 'No change of this booking is waiting for payment.',
  },
  noChangeWaitingHint: { id: 'error.pendingChange.noChangeWaiting.hint', defaultMessage: 'Refresh the booking to see it as it is now.' },
  changeNotPaid: {
    id: 'error.pendingChange.changeNotPaid.message',
    defaultMessage:
      'The service still shows change {reference} unpaid: previewing it again still costs {known, select, yes {{amount}} other {more}}. Nothing was recorded.',
  },
  changeNotPaidHint: {
    id: 'error.pendingChange.changeNotPaid.hint',
    defaultMessage: 'Ask the traveler to finish paying at the link; Packdesk sees the payment by itself.',
  },
});

/** What the timeline and the booking's attention say of a change waiting for payment. */
const lines = defineMessages({
  paidAndMadeShown: {
    id: 'timeline.change.paidAndMadeShown',
    defaultMessage: 'Change {reference} paid and made: the service shows {checkIn} to {checkOut}.',
  },
  markedPaidNotMade: {
    id: 'attention.change.markedPaidNotMade',
    defaultMessage:
      'Change {reference} was marked paid by the agent, but the service shows it not made (previewing it again still costs more). The dates and total on this booking may be wrong: check with the traveler and the service.',
  },
  markedPaidContradicted: {
    id: 'timeline.change.markedPaidContradicted',
    defaultMessage: 'The service shows change {reference} not made, although the agent marked it paid.',
  },
  watchEnded: {
    id: 'timeline.change.watchEnded',
    defaultMessage: 'Packdesk stopped watching change {reference}: a week passed and the service never showed whether it was paid.',
  },
  markedPaidShownMade: {
    id: 'timeline.change.markedPaidShownMade',
    defaultMessage: 'The service now shows change {reference}, marked paid by the agent, made: {checkIn} to {checkOut}.',
  },
  abandonedPaidMade: {
    id: 'timeline.change.abandonedPaidMade',
    defaultMessage:
      'Change {reference}, marked abandoned, was paid by the traveler after all and made: {checkIn} to {checkOut}{known, select, yes {, {amount} paid} other {}}. Tell the traveler the new dates.',
  },
  paidMade: {
    id: 'timeline.change.paidMade',
    defaultMessage:
      'Change {reference} paid by the traveler and made: {checkIn} to {checkOut}{known, select, yes {, {amount} paid} other {}}.',
  },
  markedAbandoned: {
    id: 'timeline.change.markedAbandoned',
    defaultMessage:
      'Change {reference} marked abandoned by the agent: the booking keeps its dates and room. If the traveler pays its link after all, Packdesk sees it and updates the booking.{noted, select, yes { Note: {note}} other {}}',
  },
  markedPaidMade: {
    id: 'timeline.change.markedPaidMade',
    defaultMessage: 'The agent marked change {reference} paid; the service shows it made.{noted, select, yes { Note: {note}} other {}}',
  },
  markedPaidUnknown: {
    id: 'timeline.change.markedPaidUnknown',
    defaultMessage:
      'Change {reference} marked paid by the agent{dated, select, yes {: {checkIn} to {checkOut}} other {}}. The service cannot show whether it was paid: this is the agent’s word.{noted, select, yes { Note: {note}} other {}}',
  },
});

/** The refusal of a step on a booking's change waiting for payment when none is waiting. */
export const noChangeWaiting = (): AppError =>
  new AppError('no_change_waiting', { message: words.noChangeWaiting }, { message: words.noChangeWaitingHint });

/**
 * Changes waiting for the traveler's payment at a link: seen landing when the service shows them,
 * and the agent's word on them (paid at the desk, or abandoned).
 */
export function createPendingChanges(context: EngineContext, locks: ReturnType<typeof createBookingLocks>) {
  const { ledger } = context;

  /** How long a change the agent marked (abandoned, or paid where the service cannot show it) is still watched. */
  const HIDDEN_WATCH_MS = 7 * 86_400_000;

  /**
   * Looks for a change under watch having landed, after a read of the booking: one waiting for the
   * traveler's payment, or one the agent marked abandoned whose link was paid after all. Then the
   * ledger takes the new stay and total, and the voucher with it. Returns the row as it is now.
   */
  async function checkPendingChange(booking: BookingRecord, read: ServiceBooking): Promise<BookingRecord | null> {
    const watched = ledger.watchedChange(booking.id);
    const detail = watched ? readModification(watched.request) : null;
    if (!watched || !detail) {
      // A change kept before its request was (an older ledger): done once the service shows the stay changed.
      const pending = booking.pendingModification;
      const stay = stayFromRead(read);
      const shownChanged =
        stay.checkIn !== undefined &&
        (stay.checkIn !== booking.checkIn ||
          stay.checkOut !== booking.checkOut ||
          (stay.totalMinor !== undefined && stay.totalMinor !== booking.totalMinor));
      if (!pending || !shownChanged) return null;
      return ledger.applyRead(
        booking.id,
        booking.version,
        { ...stay, pendingModification: null },
        {
          type: 'modified',
          ...eventWords(lines.paidAndMadeShown, {
            reference: pending.reference,
            checkIn: String(stay.checkIn),
            checkOut: String(stay.checkOut),
          }),
        },
      );
    }
    const reference = watched.reference ?? 'waiting for payment';
    const landed = await changeLanded(context, booking, detail, read);
    const hiddenSince = watched.markedPaidAt ?? watched.abandonedAt;
    if (landed === false && watched.markedPaidAt) {
      return ledger.applyRead(
        booking.id,
        booking.version,
        {
          watchedChange: null,
          ...attentionWords(lines.markedPaidNotMade, { reference }),
        },
        { type: 'modification_contradicted', ...eventWords(lines.markedPaidContradicted, { reference }) },
      );
    }
    if (landed !== true) {
      if (hiddenSince && context.now() - Date.parse(hiddenSince) > HIDDEN_WATCH_MS) {
        return ledger.applyRead(
          booking.id,
          booking.version,
          { watchedChange: null },
          { type: 'modification_watch_ended', ...eventWords(lines.watchEnded, { reference }) },
        );
      }
      return null;
    }
    const made = {
      reference,
      checkIn: detail.target.checkIn,
      checkOut: detail.target.checkOut,
      known: watched.amountMinor !== null ? 'yes' : 'no',
      amount: { minor: watched.amountMinor ?? 0, currency: booking.currency },
    };
    return ledger.applyRead(
      booking.id,
      booking.version,
      {
        ...stayAfterChange(booking, detail.target, detail.totalBefore + detail.expectedDiff, read),
        pendingModification: null,
        watchedChange: null,
      },
      {
        type: 'modified',
        ...eventWords(
          watched.markedPaidAt ? lines.markedPaidShownMade : watched.abandonedAt ? lines.abandonedPaidMade : lines.paidMade,
          made,
        ),
      },
    );
  }

  return {
    checkPendingChange,

    /** Whether a booking has a change under watch that is not shown (marked abandoned or paid by the agent). */
    watchingHidden: (bookingId: number) => {
      const watched = ledger.watchedChange(bookingId);
      return Boolean(watched?.abandonedAt ?? watched?.markedPaidAt);
    },

    /**
     * The agent's word on a change waiting for payment. "Abandoned" hides it and keeps watching,
     * since the link can still be paid. "Paid" is checked with the service first: shown made, the
     * service's view is taken; shown unpaid, it is refused; where the service cannot show it, the
     * agent's word is recorded as such and the booking keeps being read.
     */
    async resolvePendingChange(bookingId: number, outcome: 'paid' | 'abandoned', note: string): Promise<BookingRecord> {
      return locks.run(bookingId, async () => {
        const booking = context.bookingOf(bookingId);
        const pending = booking.pendingModification;
        if (!pending) throw noChangeWaiting();
        const watched = ledger.watchedChange(bookingId);
        // The agent's note: their own words, never translated.
        const said = { noted: note.trim() ? 'yes' : 'no', note: note.trim() };
        /** The change watched on, hidden from the agent from now (stamped with the agent's word); none where none was watched. */
        const keptWatching = (hidden: { abandonedAt: string } | { markedPaidAt: string }) =>
          watched ? { ...watched, reference: pending.reference, paymentLink: pending.paymentLink, ...hidden } : null;
        if (outcome === 'abandoned') {
          const stillWatched = keptWatching({ abandonedAt: new Date(context.now()).toISOString() });
          return ledger.update(
            bookingId,
            { pendingModification: null, watchedChange: stillWatched, nextCheckAt: stillWatched ? context.now() : null },
            {
              type: 'modification_abandoned',
              ...eventWords(lines.markedAbandoned, { reference: pending.reference, ...said }),
            },
            { changes: true },
          );
        }
        context.requireOnline();
        const read = await context.readBack(booking);
        const detail = watched ? readModification(watched.request) : null;
        const landed = read && detail ? await changeLanded(context, booking, detail, read) : null;
        if (landed === false) {
          throw new AppError(
            'change_not_paid',
            {
              message: words.changeNotPaid,
              values: {
                reference: pending.reference,
                known: pending.amountMinor !== null ? 'yes' : 'no',
                amount: { minor: pending.amountMinor ?? 0, currency: booking.currency },
              },
            },
            { message: words.changeNotPaidHint },
          );
        }
        if (landed === true && read) {
          const made = await checkPendingChange(context.bookingOf(bookingId), read);
          if (made)
            return ledger.update(
              bookingId,
              {},
              {
                type: 'modification_marked_paid',
                ...eventWords(lines.markedPaidMade, { reference: pending.reference, ...said }),
              },
              { changes: true },
            );
        }
        const stay = detail ? stayAfterChange(booking, detail.target, detail.totalBefore + detail.expectedDiff, null) : {};
        const stillWatched = keptWatching({ markedPaidAt: new Date(context.now()).toISOString() });
        return ledger.update(
          bookingId,
          // Still watched: the service's own view confirms the agent's word, or contradicts it, when it can show it.
          { ...stay, pendingModification: null, watchedChange: stillWatched, nextCheckAt: context.now() },
          {
            type: 'modification_marked_paid',
            ...eventWords(lines.markedPaidUnknown, {
              reference: pending.reference,
              dated: detail ? 'yes' : 'no',
              checkIn: detail?.target.checkIn ?? '',
              checkOut: detail?.target.checkOut ?? '',
              ...said,
            }),
          },
          { changes: true },
        );
      });
    },
  };
}

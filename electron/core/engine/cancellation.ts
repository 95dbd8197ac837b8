import { defineMessages } from '../../../shared/i18n/messages';
import type { BookingRecord } from '../../../shared/bookings';
import { isFinalStatus } from '../../../shared/status-rules';
import { AppError } from '../app-error';
import type { OpenIntent } from '../ledger/ledger';
import { attentionWords, eventWords, NO_ATTENTION } from '../ledger/ledger-words';
import type { createBookingLocks } from './booking-locks';
import { notConfirmedYet } from './engine-context';
import type { EngineContext } from './engine-context';
import { doubtOver, journaledWrite } from './journaled-write';
import { refusedInStatus } from './refusals';
import type { Settlement } from './settlement';

const words = defineMessages({
  cancelNotMade: {
    id: 'error.cancellation.cancelNotMade.message',
    defaultMessage: 'The service shows the booking still {status}: the cancellation did not go through.',
  },
  cancelNotMadeHint: { id: 'error.cancellation.cancelNotMade.hint', defaultMessage: 'Cancel again if the traveler still wants to.' },
  alreadyCancelled: { id: 'error.cancellation.alreadyCancelled.message', defaultMessage: 'This booking is already cancelled.' },
  alreadyCancelledHint: { id: 'error.cancellation.alreadyCancelled.hint', defaultMessage: 'Nothing more to do.' },
});

const lines = defineMessages({
  lostCancelled: {
    id: 'attention.cancel.lostCancelled',
    defaultMessage: 'The cancellation’s answer was lost; the service shows the booking cancelled. Tell the traveler.',
  },
  lostCancelledLine: {
    id: 'timeline.cancel.lostCancelled',
    defaultMessage: 'The cancellation’s answer was lost; the service shows the booking Cancelled.',
  },
  lostNotCancelled: {
    id: 'attention.cancel.lostNotCancelled',
    defaultMessage:
      'A cancellation whose answer was lost did not go through: the service shows the booking still {status}. Cancel it again if the traveler still wants to.',
  },
  lostNotCancelledLine: {
    id: 'timeline.cancel.lostNotCancelled',
    defaultMessage: 'The cancellation’s answer was lost; the service shows the booking still {status}: it was not cancelled.',
  },
  whileUnknown: {
    id: 'attention.cancel.notConfirmedYet',
    defaultMessage: 'Cancellation not confirmed yet: its answer was lost, and Packdesk is checking with the service. Do not cancel again.',
  },
  cancelled: { id: 'timeline.cancel.cancelled', defaultMessage: 'Cancelled: {reason}' },
});

/** Cancelling a booking, and settling a cancellation whose answer was lost. */
export function createCancellation(context: EngineContext, locks: ReturnType<typeof createBookingLocks>) {
  const { ledger } = context;

  async function settleCancel(intent: OpenIntent, fromReconciler: boolean): Promise<Settlement> {
    const booking = context.bookingOf(intent.bookingId as number);
    const readStartedAt = context.now();
    const read = await context.readBack(booking);
    if (!read) return { settled: false };
    if (read.status === 'Cancelled') {
      const updated = ledger.finishWrite(intent.id, 'reconciled_cancelled', {
        stamp: 'changed',
        patch: {
          status: read.status,
          pendingModification: null,
          nextCheckAt: null,
          ...(fromReconciler ? attentionWords(lines.lostCancelled) : NO_ATTENTION),
        },
        event: { type: 'reconciled', ...eventWords(lines.lostCancelledLine) },
      });
      return { settled: true, booking: updated };
    }
    if (!doubtOver(context, intent, readStartedAt)) return { settled: false };
    const updated = ledger.finishWrite(intent.id, 'not_cancelled', {
      patch: fromReconciler ? attentionWords(lines.lostNotCancelled, { status: read.status }) : NO_ATTENTION,
      event: { type: 'reconciled', ...eventWords(lines.lostNotCancelledLine, { status: read.status }) },
    });
    return {
      settled: true,
      booking: updated,
      refusal: new AppError(
        'cancel_not_made',
        { message: words.cancelNotMade, values: { status: read.status } },
        { message: words.cancelNotMadeHint },
      ),
    };
  }

  return {
    settleCancel,

    async cancel(bookingId: number, reason: string): Promise<BookingRecord> {
      return locks.run(bookingId, async () => {
        context.requireOnline();
        const booking = context.bookingOf(bookingId);
        if (booking.status === 'Cancelled')
          throw new AppError('already_cancelled', { message: words.alreadyCancelled }, { message: words.alreadyCancelledHint });
        const client = context.clientOf(booking);
        let result;
        try {
          result = await journaledWrite(context, {
            operation: 'cancel',
            bookingId,
            detail: { reason },
            send: () => client.cancel(context.serviceIdOf(booking), reason),
            whileUnknown: attentionWords(lines.whileUnknown),
          });
        } catch (error) {
          throw await refusedInStatus(context, error, booking, 'cancel');
        }
        if (result.kind === 'lost') {
          const settlement = await context.settleOnce(result.intent.id, () => settleCancel(result.intent, false));
          if (!settlement.settled) throw notConfirmedYet('cancel');
          if (settlement.refusal) throw settlement.refusal;
          return settlement.booking ?? context.bookingOf(bookingId);
        }
        const status = result.answer.status;
        context.learn(booking, 'notCancellable', false);
        const updated = ledger.finishWrite(result.intentId, 'cancelled', {
          stamp: 'changed',
          patch: {
            status,
            ...NO_ATTENTION,
            pendingModification: null,
            nextCheckAt: isFinalStatus(status, context.rulesOf(booking)) ? null : context.now(),
          },
          // The reason is the agent's own words, never translated.
          event: { type: 'cancelled', ...eventWords(lines.cancelled, { reason }) },
        });
        return updated ?? context.bookingOf(bookingId);
      });
    },
  };
}

import { defineMessages } from '../../../../shared/i18n/messages';
import { isFinalStatus } from '../../../../shared/status-rules';
import { AppError } from '../../app-error';
import type { OpenIntent } from '../../ledger/ledger';
import type { EngineContext } from '../engine-context';
import { doubtOver } from '../journaled-write';
import type { Settlement } from '../settlement';

const words = defineMessages({
  notMade: {
    id: 'error.payment.notMade.message',
    defaultMessage: 'The service shows the booking still held and unpaid: the payment did not go through and nothing was charged.',
  },
  notMadeHint: { id: 'error.payment.notMade.hint', defaultMessage: 'Take the payment again.' },
});

/** Settles a book whose answer was lost: the booking read back shows whether the card was charged. */
export async function settleBook(context: EngineContext, intent: OpenIntent, fromReconciler: boolean): Promise<Settlement> {
  const booking = context.bookingOf(intent.bookingId as number);
  const readStartedAt = context.now();
  const read = await context.readBack(booking);
  if (!read) return { settled: false };
  const { status, booking_reference: reference } = read;
  const rules = context.rulesOf(booking);
  // The reference is what the spec says a paid booking has; a status means nothing here, since a
  // service may keep "Pending" after the charge or name a 3-D Secure wait in its own words.
  if (reference) {
    const updated = context.ledger.finishWrite(intent.id, 'reconciled_booked', {
      stamp: 'made',
      patch: {
        status,
        ...(reference ? { bookingReference: reference } : {}),
        paymentIntentId: null,
        attention: fromReconciler
          ? `The payment’s answer was lost; the service shows it went through (${status}${reference ? `, reference ${reference}` : ''}). Charged once: tell the traveler the booking is made.`
          : null,
        nextCheckAt: isFinalStatus(status, rules) ? null : context.now(),
      },
      event: {
        type: 'reconciled',
        summary: `The answer was lost, but the service shows the booking paid (${status}${reference ? `, reference ${reference}` : ''}). Charged once.`,
      },
    });
    return { settled: true, booking: updated };
  }
  // No reference: either nothing was charged, or the charge is still on its way. Only time tells.
  if (!doubtOver(context, intent, readStartedAt)) return { settled: false };
  const updated = context.ledger.finishWrite(intent.id, 'not_charged', {
    patch: {
      status,
      attention: fromReconciler
        ? 'A payment whose answer was lost did not go through: the service shows the booking still held and nothing charged. Take the payment again when the traveler is ready.'
        : null,
    },
    event: {
      type: 'reconciled',
      summary: `The payment’s answer was lost; the service shows the booking still held (${status}, no reference): nothing was charged.`,
    },
  });
  return {
    settled: true,
    booking: updated,
    refusal: new AppError('payment_not_made', { message: words.notMade }, { message: words.notMadeHint }),
  };
}

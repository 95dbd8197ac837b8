import { defineMessages } from '../../../../shared/i18n/messages';
import { isFinalStatus } from '../../../../shared/status-rules';
import { AppError } from '../../app-error';
import type { OpenIntent } from '../../ledger/ledger';
import { attentionWords, eventWords, NO_ATTENTION } from '../../ledger/ledger-words';
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

/** The service's status and reference are its own: values, never translated. */
const lines = defineMessages({
  lostPaid: {
    id: 'attention.payment.lostPaid',
    defaultMessage:
      'The payment’s answer was lost; the service shows it went through ({status}{referenced, select, yes {, reference {reference}} other {}}). Charged once: tell the traveler the booking is made.',
  },
  lostPaidLine: {
    id: 'timeline.payment.lostPaid',
    defaultMessage:
      'The answer was lost, but the service shows the booking paid ({status}{referenced, select, yes {, reference {reference}} other {}}). Charged once.',
  },
  lostNotCharged: {
    id: 'attention.payment.lostNotCharged',
    defaultMessage:
      'A payment whose answer was lost did not go through: the service shows the booking still held and nothing charged. Take the payment again when the traveler is ready.',
  },
  lostNotChargedLine: {
    id: 'timeline.payment.lostNotCharged',
    defaultMessage:
      'The payment’s answer was lost; the service shows the booking still held ({status}, no reference): nothing was charged.',
  },
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
    const shown = { status, referenced: 'yes', reference };
    const updated = context.ledger.finishWrite(intent.id, 'reconciled_booked', {
      stamp: 'made',
      patch: {
        status,
        ...(reference ? { bookingReference: reference } : {}),
        paymentIntentId: null,
        ...(fromReconciler ? attentionWords(lines.lostPaid, shown) : NO_ATTENTION),
        nextCheckAt: isFinalStatus(status, rules) ? null : context.now(),
      },
      event: { type: 'reconciled', ...eventWords(lines.lostPaidLine, shown) },
    });
    return { settled: true, booking: updated };
  }
  // No reference: either nothing was charged, or the charge is still on its way. Only time tells.
  if (!doubtOver(context, intent, readStartedAt)) return { settled: false };
  const updated = context.ledger.finishWrite(intent.id, 'not_charged', {
    patch: {
      status,
      ...(fromReconciler ? attentionWords(lines.lostNotCharged) : NO_ATTENTION),
    },
    event: { type: 'reconciled', ...eventWords(lines.lostNotChargedLine, { status }) },
  });
  return {
    settled: true,
    booking: updated,
    refusal: new AppError('payment_not_made', { message: words.notMade }, { message: words.notMadeHint }),
  };
}

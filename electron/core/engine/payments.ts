import type { BookRequest } from '../../../shared/api';
import type { PayOutcome } from '../../../shared/bookings';
import { FINAL_STATUSES } from '../../../shared/bookings';
import { AppError } from '../app-error';
import { ServiceError } from '../api/service-errors';
import type { OpenIntent } from '../ledger/ledger';
import type { createBookingLocks } from './booking-locks';
import { declineWords } from './decline-words';
import { notConfirmedYet } from './engine-context';
import type { EngineContext } from './engine-context';
import { doubtOver, journaledWrite } from './journaled-write';
import type { Settlement } from './settlement';

const declineCodeOf = (error: ServiceError): string | null => {
  const code = (error.body as { decline_code?: unknown } | null)?.decline_code;
  return typeof code === 'string' ? code : null;
};

/** Book and pay (a card's payment method, or a payment intent after 3-D Secure). */
export function createPayments(context: EngineContext, locks: ReturnType<typeof createBookingLocks>) {
  const { deps, ledger } = context;
  const pendingActions = new Map<number, { paymentIntentId: string; clientSecret: string }>();

  /** Settles a book whose answer was lost: the booking read back shows whether the card was charged. */
  async function settleBook(intent: OpenIntent, fromReconciler: boolean): Promise<Settlement> {
    const booking = context.bookingOf(intent.bookingId as number);
    const readStartedAt = context.now();
    const read = await context.readBack(booking);
    if (!read) return { settled: false };
    const { status, booking_reference: reference } = read;
    if (reference || status !== 'Pending') {
      pendingActions.delete(booking.id);
      const updated = ledger.finishWrite(intent.id, 'reconciled_booked', {
        patch: {
          status,
          ...(reference ? { bookingReference: reference } : {}),
          attention: fromReconciler ? `The payment’s answer was lost; the service shows it went through (${status}${reference ? `, reference ${reference}` : ''}). Charged once: tell the traveler the booking is made.` : null,
          nextCheckAt: FINAL_STATUSES.has(status) ? null : context.now(),
        },
        event: { type: 'reconciled', summary: `The answer was lost, but the service shows the booking paid (${status}${reference ? `, reference ${reference}` : ''}). Charged once.` },
      });
      return { settled: true, booking: updated };
    }
    // Pending: either nothing was charged, or the charge is still on its way. Only time tells.
    if (!doubtOver(context, intent, readStartedAt)) return { settled: false };
    const updated = ledger.finishWrite(intent.id, 'not_charged', {
      patch: { attention: fromReconciler ? 'A payment whose answer was lost did not go through: the service shows the booking still held and nothing charged. Take the payment again when the traveler is ready.' : null },
      event: { type: 'reconciled', summary: 'The payment’s answer was lost; the service shows the booking still held (Pending): nothing was charged.' },
    });
    return {
      settled: true,
      booking: updated,
      refusal: new AppError('payment_not_made', 'The service shows the booking still held and unpaid: the payment did not go through and nothing was charged.', 'Take the payment again.'),
    };
  }

  async function book(bookingId: number, request: BookRequest, method: string): Promise<PayOutcome> {
    return locks.run(bookingId, async () => {
      context.requireOnline();
      const booking = context.bookingOf(bookingId);
      if (booking.status !== 'Pending') {
        throw new AppError('not_payable', `Booking ${booking.clientReference} is ${booking.status}; only a held (Pending) booking can be paid.`, 'Refresh the booking to see its current status.');
      }
      const profile = deps.profile(booking.profileId);
      const client = deps.clientFor(profile);
      let result;
      try {
        result = await journaledWrite(context, {
          operation: 'book',
          bookingId,
          detail: { method, clientReference: request.client_reference ?? null, paymentIntentId: request.payment_intent_id ?? null },
          send: () => client.book(context.serviceIdOf(booking), request),
          whileUnknown: 'Payment not confirmed yet: its answer was lost, and Packdesk is checking with the service whether the card was charged. Do not take the payment again.',
          refusalEvent: (error) => {
            if (error.serviceCode !== 'card_declined') return undefined;
            const code = declineCodeOf(error);
            return { type: 'card_declined', summary: `Card declined${code ? ` (${code})` : ''}: ${declineWords(code).message}` };
          },
        });
      } catch (error) {
        if (error instanceof ServiceError && error.serviceCode === 'card_declined') {
          const words = declineWords(declineCodeOf(error));
          throw new AppError('card_declined', words.message, words.hint);
        }
        throw error;
      }
      if (result.kind === 'lost') {
        const settlement = await settleBook(result.intent, false);
        if (!settlement.settled) throw notConfirmedYet('the card was charged');
        if (settlement.refusal) throw settlement.refusal;
        return { kind: 'booked', booking: context.changed(settlement.booking ?? context.bookingOf(bookingId)) };
      }
      const outcome = result.answer;
      if (outcome.kind === 'booked') {
        pendingActions.delete(bookingId);
        const updated = ledger.finishWrite(result.intentId, 'booked', {
          patch: { status: 'Booked', bookingReference: outcome.bookingReference, attention: null, nextCheckAt: context.now() },
          event: { type: 'booked', summary: `Payment authorized; supplier reference ${outcome.bookingReference}. Waiting for the supplier to confirm.` },
        });
        return { kind: 'booked', booking: context.changed(updated ?? context.bookingOf(bookingId)) };
      }
      pendingActions.set(bookingId, { paymentIntentId: outcome.paymentIntentId, clientSecret: outcome.clientSecret });
      const updated = ledger.finishWrite(result.intentId, 'requires_action', { event: { type: 'payment_requires_action', summary: 'The card needs 3-D Secure; waiting for the cardholder.' } }) ?? context.bookingOf(bookingId);
      return { kind: 'requires_action', booking: updated, paymentIntentId: outcome.paymentIntentId, challengeUrl: deps.challengeUrl(profile, outcome.paymentIntentId, outcome.clientSecret) };
    });
  }

  return {
    settleBook,

    /** Pays with a payment method token (pm_…); the amount is never sent. */
    pay(bookingId: number, paymentMethodId: string, clientReference?: string): Promise<PayOutcome> {
      const booking = context.bookingOf(bookingId);
      const reference = clientReference?.trim() || booking.clientReference;
      return book(bookingId, { payment_method_id: paymentMethodId, client_reference: reference }, 'card');
    },

    /** After 3-D Secure: books again with the payment intent. */
    completeAuthentication(bookingId: number, paymentIntentId: string): Promise<PayOutcome> {
      const booking = context.bookingOf(bookingId);
      return book(bookingId, { payment_intent_id: paymentIntentId, client_reference: booking.clientReference }, '3-D Secure');
    },

    /** The 3-D Secure challenge waiting for a booking, for the payment window. Main process only. */
    pendingAction: (bookingId: number) => pendingActions.get(bookingId) ?? null,

    /** The built-in service's challenge page for a booking waiting for 3-D Secure; null against a real service. */
    challengeUrlFor(bookingId: number): string | null {
      const pending = pendingActions.get(bookingId);
      const booking = ledger.get(bookingId);
      return pending && booking ? deps.challengeUrl(deps.profile(booking.profileId), pending.paymentIntentId, pending.clientSecret) : null;
    },
  };
}

import type { BookRequest } from '../../../shared/api';
import type { BookingRecord } from '../../../shared/bookings';
import { isFinalStatus, isPayable } from '../../../shared/status-rules';
import { AppError } from '../app-error';
import { serviceSays } from '../api/messages';
import { ServiceError } from '../api/service-errors';
import type { OpenIntent } from '../ledger/ledger';
import type { createBookingLocks } from './booking-locks';
import { declineWords } from './decline-words';
import { notConfirmedYet } from './engine-context';
import type { EngineContext } from './engine-context';
import { doubtOver, journaledWrite } from './journaled-write';
import type { Settlement } from './settlement';

/** A 402 on book is a refused card: 3-D Secure is answered by the client before it gets here, and the spec leaves the code "not shown". */
const isDecline = (error: unknown): error is ServiceError => error instanceof ServiceError && error.status === 402;

/** The bank's reason, under whichever field the service puts it (Stripe's `decline_code`, or a `reason`). */
const declineCodeOf = (error: ServiceError): string | null => {
  const body = error.body as { decline_code?: unknown; reason?: unknown; decline_reason?: unknown } | null;
  const code = body?.decline_code ?? body?.decline_reason ?? body?.reason;
  return typeof code === 'string' && /^[a-z_]{1,60}$/.test(code) ? code : null;
};

/**
 * What one book call did. 3-D Secure's client secret lives only in this answer, in main's memory:
 * the ledger keeps the payment intent's id, and a book with that id gets the secret again.
 */
export type BookOutcome =
  | { kind: 'booked'; booking: BookingRecord }
  | {
      kind: 'requires_action';
      booking: BookingRecord;
      paymentIntentId: string;
      clientSecret: string;
      /** The built-in service's own challenge page; null against a real service, where Stripe.js runs the check. */
      challengeUrl: string | null;
    };

/** Book and pay (a card's payment method, or a payment intent after 3-D Secure). */
export function createPayments(context: EngineContext, locks: ReturnType<typeof createBookingLocks>) {
  const { deps, ledger } = context;

  /** Settles a book whose answer was lost: the booking read back shows whether the card was charged. */
  async function settleBook(intent: OpenIntent, fromReconciler: boolean): Promise<Settlement> {
    const booking = context.bookingOf(intent.bookingId as number);
    const readStartedAt = context.now();
    const read = await context.readBack(booking);
    if (!read) return { settled: false };
    const { status, booking_reference: reference } = read;
    const rules = context.rulesOf(booking);
    // The reference is what the spec says a paid booking has; a status means nothing here, since a
    // service may keep "Pending" after the charge or name a 3-D Secure wait in its own words.
    if (reference) {
      const updated = ledger.finishWrite(intent.id, 'reconciled_booked', {
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
    const updated = ledger.finishWrite(intent.id, 'not_charged', {
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
      refusal: new AppError(
        'payment_not_made',
        'The service shows the booking still held and unpaid: the payment did not go through and nothing was charged.',
        'Take the payment again.',
      ),
    };
  }

  async function book(bookingId: number, request: BookRequest, method: string): Promise<BookOutcome> {
    return locks.run(bookingId, async () => {
      context.requireOnline();
      const booking = context.bookingOf(bookingId);
      if (!isPayable(booking, context.rulesOf(booking))) {
        throw new AppError(
          'not_payable',
          booking.bookingReference
            ? `Booking ${booking.clientReference} is already paid (reference ${booking.bookingReference}); nothing was charged again.`
            : `Booking ${booking.clientReference} is ${booking.status}, which cannot be paid.`,
          'Refresh the booking to see its current status.',
        );
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
          whileUnknown:
            'Payment not confirmed yet: its answer was lost, and Packdesk is checking with the service whether the card was charged. Do not take the payment again.',
          refusalEvent: (error) => {
            if (!isDecline(error)) return undefined;
            const code = declineCodeOf(error);
            return { type: 'card_declined', summary: `Card declined${code ? ` (${code})` : ''}: ${declineWords(code).message}` };
          },
        });
      } catch (error) {
        if (isDecline(error)) {
          const words = declineWords(declineCodeOf(error), serviceSays(error.serviceMessage));
          throw new AppError('card_declined', words.message, words.hint);
        }
        throw error;
      }
      if (result.kind === 'lost') {
        const settlement = await context.settleOnce(result.intent.id, () => settleBook(result.intent, false));
        if (!settlement.settled) throw notConfirmedYet('the card was charged');
        if (settlement.refusal) throw settlement.refusal;
        return { kind: 'booked', booking: context.changed(settlement.booking ?? context.bookingOf(bookingId)) };
      }
      const outcome = result.answer;
      if (outcome.kind === 'booked') {
        const updated = ledger.finishWrite(result.intentId, 'booked', {
          // The status stays what the service last showed until a read shows the next one: the book
          // answer's "success" is not a booking status.
          patch: { bookingReference: outcome.bookingReference, paymentIntentId: null, attention: null, nextCheckAt: context.now() },
          event: {
            type: 'booked',
            summary: `Payment authorized; supplier reference ${outcome.bookingReference}. Waiting for the supplier to confirm.`,
          },
        });
        return { kind: 'booked', booking: context.changed(updated ?? context.bookingOf(bookingId)) };
      }
      // The intent's id is kept so 3-D Secure can be finished after a restart; its secret is not.
      const updated =
        ledger.finishWrite(result.intentId, 'requires_action', {
          patch: { paymentIntentId: outcome.paymentIntentId },
          event: {
            type: 'payment_requires_action',
            summary: `The card needs 3-D Secure (${outcome.paymentIntentId}); waiting for the cardholder.`,
          },
        }) ?? context.bookingOf(bookingId);
      return {
        kind: 'requires_action',
        booking: context.changed(updated),
        paymentIntentId: outcome.paymentIntentId,
        clientSecret: outcome.clientSecret,
        challengeUrl: deps.challengeUrl(profile, outcome.paymentIntentId, outcome.clientSecret),
      };
    });
  }

  return {
    settleBook,

    /** Pays with a payment method token (pm_…); the amount is never sent. */
    pay(bookingId: number, paymentMethodId: string, clientReference?: string): Promise<BookOutcome> {
      const booking = context.bookingOf(bookingId);
      const reference = clientReference?.trim() || booking.clientReference;
      return book(bookingId, { payment_method_id: paymentMethodId, client_reference: reference }, 'card');
    },

    /** Books with the payment intent: after 3-D Secure, or to resume it (the service answers 402 again with its secret while it is not done). */
    completeAuthentication(bookingId: number, paymentIntentId: string): Promise<BookOutcome> {
      const booking = context.bookingOf(bookingId);
      return book(bookingId, { payment_intent_id: paymentIntentId, client_reference: booking.clientReference }, '3-D Secure');
    },

    /** The cardholder did not pass, or the intent is dead: the booking stays held, and another card starts afresh. */
    forgetPaymentIntent(bookingId: number, summary: string): BookingRecord {
      return context.changed(ledger.update(bookingId, { paymentIntentId: null }, { type: 'authentication_failed', summary }));
    },
  };
}

import { defineMessages } from '../../../../shared/i18n/messages';
import type { Message } from '../../../../shared/i18n/messages';
import type { BookRequest } from '../../../../shared/api';
import type { BookingRecord } from '../../../../shared/bookings';
import { formatMoney } from '../../../../shared/format';
import type { PaymentStep } from '../../../../shared/ipc';
import { isPayable } from '../../../../shared/status-rules';
import { AppError } from '../../app-error';
import { serviceSays } from '../../api/messages';
import { ServiceError } from '../../api/service-errors';
import { englishText } from '../../i18n/main-words';
import type { WordValues } from '../../i18n/main-words';
import { attentionWords, eventWords, NO_ATTENTION } from '../../ledger/ledger-words';
import { paymentLines as lines } from './payment-lines';
import type { createBookingLocks } from '../booking-locks';
import { declineCodeOf, declineWords, isDecline } from './decline-words';
import { notConfirmedYet } from '../engine-context';
import type { EngineContext } from '../engine-context';
import { journaledWrite } from '../journaled-write';
import { settleBook } from './settle-book';
import type { ProfileRecord } from '../../profiles';
import type { PaymentWindows } from './payment-windows';
import { checkedPublishableKey } from './publishable-key';

const words = defineMessages({
  alreadyPaid: {
    id: 'error.payment.alreadyPaid.message',
    defaultMessage: 'Booking {clientReference} is already paid (reference {bookingReference}); nothing was charged again.',
  },
  notPayable: { id: 'error.payment.notPayable.message', defaultMessage: 'Booking {clientReference} is {status}, which cannot be paid.' },
  notPayableHint: { id: 'error.payment.notPayable.hint', defaultMessage: 'Refresh the booking to see its current status.' },
  entryClosed: { id: 'error.payment.cardEntryClosed.message', defaultMessage: 'The card window was closed, so nothing was charged.' },
  entryClosedHint: { id: 'error.payment.cardEntryClosed.hint', defaultMessage: 'Open it again to take the card.' },
  entryFailed: { id: 'error.payment.cardEntryFailed.message', defaultMessage: 'The card could not be read: {reason}' },
  entryFailedHint: { id: 'error.payment.cardEntryFailed.hint', defaultMessage: 'Check the card details, or try another card.' },
  notFinishing: {
    id: 'error.payment.authenticationNotFinishing.message',
    defaultMessage: 'The bank’s check was passed, but the service still asks for it, so this payment is not made.',
  },
  notFinishingHint: {
    id: 'error.payment.authenticationNotFinishing.hint',
    defaultMessage: 'Try another card; if it repeats, contact the service’s support.',
  },
  authenticationClosed: {
    id: 'error.payment.authenticationClosed.message',
    defaultMessage: 'The 3-D Secure window was closed before the cardholder finished, so the payment is not made.',
  },
  authenticationClosedHint: {
    id: 'error.payment.authenticationClosed.hint',
    defaultMessage: 'Continue 3-D Secure to open it again, or try another card. The booking is still held.',
  },
  authenticationFailed: {
    id: 'error.payment.authenticationFailed.message',
    defaultMessage: 'The cardholder did not pass the bank’s 3-D Secure check, so the payment is not made.',
  },
  authenticationFailedHint: {
    id: 'error.payment.authenticationFailed.hint',
    defaultMessage: 'Try again, or ask for another card. The booking is still held.',
  },
  cardWindowRequired: {
    id: 'error.payment.cardWindowRequired.message',
    defaultMessage:
      'A live profile takes a card only in the card window Packdesk opens, so the payment method sent with this payment was not used and nothing was charged.',
  },
  cardWindowRequiredHint: {
    id: 'error.payment.cardWindowRequired.hint',
    defaultMessage: 'Press Pay to open the card window, and have the traveler’s card typed there.',
  },
  noAuthenticationPending: {
    id: 'error.payment.noAuthenticationPending.message',
    defaultMessage: 'This booking is not waiting for 3-D Secure.',
  },
  noAuthenticationPendingHint: { id: 'error.payment.noAuthenticationPending.hint', defaultMessage: 'Pay again to start a new payment.' },
  checkExpired: {
    id: 'error.payment.authenticationExpired.message',
    defaultMessage: 'The bank’s check for this payment failed or expired, so the payment is not made.',
  },
  checkExpiredHint: {
    id: 'error.payment.authenticationExpired.hint',
    defaultMessage: 'Take the payment again, with the same card or another.',
  },
});

export interface PaymentPipelineDeps {
  windows: PaymentWindows;
  publishableKey: (profile: ProfileRecord) => Promise<string | null>;
  /** Tells the screen where the payment is, so it can say so. */
  progress: (bookingId: number, step: PaymentStep) => void;
  /** The locale the counter's words are in now: the card window's amount is written in it. */
  locale: () => string;
}

export interface PayOptions {
  clientReference?: string;
  /** A test payment method picked from the list (training, test mode; refused on a live profile); without it the card window opens. */
  paymentMethodId?: string;
  /** Finish the 3-D Secure left unfinished (the payment intent kept in the ledger). */
  continueAuthentication?: boolean;
}

/** A service that answers 402 again after a passed check is not finishing; this many rounds is plenty. */
const MAX_AUTHENTICATION_ROUNDS = 3;

/**
 * What one book call did. 3-D Secure's client secret lives only in this answer, in main's memory:
 * the ledger keeps the payment intent's id, and a book with that id gets the secret again.
 */
export type PaymentOutcome =
  | { kind: 'booked'; booking: BookingRecord }
  | {
      kind: 'requires_action';
      booking: BookingRecord;
      paymentIntentId: string;
      clientSecret: string;
      /** The built-in service's own challenge page; null against a real service, where Stripe.js runs the check. */
      challengeUrl: string | null;
    };

/**
 * The one payment path, all in main: card (from the card window, or a test card picked from the
 * list) → book → 402 → the 3-D Secure window → book again with the payment intent. The intent's
 * id is in the ledger from the 402 on, so after a restart the same call picks up at 3-D Secure.
 */
export function createPaymentPipeline(context: EngineContext, locks: ReturnType<typeof createBookingLocks>, deps: PaymentPipelineDeps) {
  const { ledger } = context;
  const running = new Map<number, Promise<BookingRecord>>();

  async function book(bookingId: number, request: BookRequest, method: string): Promise<PaymentOutcome> {
    return locks.run(bookingId, async () => {
      context.requireOnline();
      const booking = context.bookingOf(bookingId);
      const profile = context.profileOf(booking);
      if (!isPayable(booking, profile.statusRules)) {
        throw new AppError(
          'not_payable',
          booking.bookingReference
            ? {
                message: words.alreadyPaid,
                values: { clientReference: booking.clientReference, bookingReference: booking.bookingReference },
              }
            : { message: words.notPayable, values: { clientReference: booking.clientReference, status: booking.status } },
          { message: words.notPayableHint },
        );
      }
      const client = context.deps.clientFor(profile);
      let result;
      try {
        result = await journaledWrite(context, {
          operation: 'book',
          bookingId,
          detail: { method, clientReference: request.client_reference ?? null, paymentIntentId: request.payment_intent_id ?? null },
          send: () => client.book(context.serviceIdOf(booking), request),
          whileUnknown: attentionWords(lines.whileUnknown),
          refusalEvent: (error) => {
            if (!isDecline(error)) return undefined;
            const code = declineCodeOf(error);
            return {
              type: 'card_declined',
              // The decline's own words as recorded in English (a value, not a message of its own here).
              ...eventWords(lines.cardDeclined, {
                coded: code ? 'yes' : 'no',
                code: code ?? '',
                reason: englishText(declineWords(code).message),
              }),
            };
          },
        });
      } catch (error) {
        if (isDecline(error)) {
          const declined = declineWords(declineCodeOf(error), serviceSays(error.serviceMessage));
          throw new AppError('card_declined', declined.message, declined.hint);
        }
        throw error;
      }
      if (result.kind === 'lost') {
        deps.progress(bookingId, 'checking');
        const settlement = await context.settleOnce(result.intent.id, () => settleBook(context, result.intent, false));
        if (!settlement.settled) throw notConfirmedYet('charge');
        if (settlement.refusal) throw settlement.refusal;
        return { kind: 'booked', booking: settlement.booking ?? context.bookingOf(bookingId) };
      }
      const outcome = result.answer;
      if (outcome.kind === 'booked') {
        const updated = ledger.finishWrite(result.intentId, 'booked', {
          stamp: 'made',
          // The status stays what the service last showed until a read shows the next one: the book
          // answer's "success" is not a booking status.
          patch: { bookingReference: outcome.bookingReference, paymentIntentId: null, ...NO_ATTENTION, nextCheckAt: context.now() },
          event: {
            type: 'booked',
            ...eventWords(lines.booked, { reference: outcome.bookingReference }),
          },
        });
        return { kind: 'booked', booking: updated ?? context.bookingOf(bookingId) };
      }
      // The intent's id is kept so 3-D Secure can be finished after a restart; its secret is not.
      const updated =
        ledger.finishWrite(result.intentId, 'requires_action', {
          patch: { paymentIntentId: outcome.paymentIntentId },
          event: {
            type: 'payment_requires_action',
            ...eventWords(lines.requiresAction, { paymentIntentId: outcome.paymentIntentId }),
          },
        }) ?? context.bookingOf(bookingId);
      return {
        kind: 'requires_action',
        booking: updated,
        paymentIntentId: outcome.paymentIntentId,
        clientSecret: outcome.clientSecret,
        challengeUrl: context.deps.challengeUrl(profile, outcome.paymentIntentId, outcome.clientSecret),
      };
    });
  }

  /** Pays with a payment method token (pm_…); the amount is never sent. */
  function payWith(bookingId: number, paymentMethodId: string, clientReference?: string): Promise<PaymentOutcome> {
    const booking = context.bookingOf(bookingId);
    const reference = clientReference?.trim() || booking.clientReference;
    return book(bookingId, { payment_method_id: paymentMethodId, client_reference: reference }, 'card');
  }

  /** Books with the payment intent: after 3-D Secure, or to resume it (the service answers 402 again with its secret while it is not done). */
  function completeAuthentication(bookingId: number, paymentIntentId: string): Promise<PaymentOutcome> {
    const booking = context.bookingOf(bookingId);
    return book(bookingId, { payment_intent_id: paymentIntentId, client_reference: booking.clientReference }, '3-D Secure');
  }

  /** The cardholder did not pass, or the intent is dead: the booking stays held, and another card starts afresh. */
  function forgetPaymentIntent(bookingId: number, message: Message, values: WordValues): BookingRecord {
    return ledger.update(bookingId, { paymentIntentId: null }, { type: 'authentication_failed', ...eventWords(message, values) });
  }

  async function paymentMethod(booking: BookingRecord, given: string | undefined): Promise<string> {
    if (given) return given;
    const profile = context.deps.profile(booking.profileId);
    const amountLabel = formatMoney(booking.totalMinor, booking.currency, deps.locale());
    const cardholderName = `${booking.holder.name} ${booking.holder.surname}`;
    // Training types Stripe's test cards into a form of its own: no publishable key, nothing leaves the computer.
    const request =
      profile.kind === 'training'
        ? { training: true as const, amountLabel, cardholderName }
        : { publishableKey: await checkedPublishableKey(deps.publishableKey, profile), amountLabel, cardholderName };
    deps.progress(booking.id, 'card');
    const entry = await deps.windows.collectCard(request);
    if (entry.kind === 'closed')
      throw new AppError('card_entry_closed', { message: words.entryClosed }, { message: words.entryClosedHint });
    if (entry.kind === 'error')
      throw new AppError(
        'card_entry_failed',
        { message: words.entryFailed, values: { reason: entry.message } },
        { message: words.entryFailedHint },
      );
    return entry.paymentMethodId;
  }

  /**
   * Books with a kept payment intent: the service says whether it is paid with it (booked), still
   * waiting for the bank's check (402 again, with its secret), or dead (declined, unknown); a dead
   * intent is forgotten. Asked before anything replaces or drops an intent, so a payment the
   * cardholder already approved is never charged a second time by another card.
   */
  async function askIntent(
    bookingId: number,
    paymentIntentId: string,
    why: { message: Message; values?: WordValues },
  ): Promise<PaymentOutcome | 'dead'> {
    try {
      return await completeAuthentication(bookingId, paymentIntentId);
    } catch (error) {
      const declined = error instanceof AppError && error.code === 'card_declined';
      const unknownToService = error instanceof ServiceError && error.status === 404;
      if (!declined && !unknownToService) throw error;
      forgetPaymentIntent(bookingId, why.message, { ...why.values, error: error.message });
      return 'dead';
    }
  }

  /** Runs the bank's check in its window until the service books, or says why not. */
  async function authenticate(outcome: Extract<PaymentOutcome, { kind: 'requires_action' }>): Promise<BookingRecord> {
    let current: PaymentOutcome = outcome;
    for (let round = 1; current.kind === 'requires_action'; round += 1) {
      const bookingId = current.booking.id;
      if (round > MAX_AUTHENTICATION_ROUNDS) {
        throw new AppError('authentication_not_finishing', { message: words.notFinishing }, { message: words.notFinishingHint });
      }
      const profile = context.deps.profile(current.booking.profileId);
      const request = current.challengeUrl
        ? { kind: 'built-in' as const, url: current.challengeUrl }
        : {
            kind: 'stripe' as const,
            publishableKey: await checkedPublishableKey(deps.publishableKey, profile),
            clientSecret: current.clientSecret,
          };
      deps.progress(bookingId, 'authenticating');
      const result = await deps.windows.authenticate(request);
      if (result.kind === 'closed') {
        // Through the ledger's one write path: counted, one commit, and told to the screen like any change.
        ledger.update(bookingId, {}, { type: 'authentication_closed', ...eventWords(lines.authenticationClosed) });
        throw new AppError('authentication_closed', { message: words.authenticationClosed }, { message: words.authenticationClosedHint });
      }
      deps.progress(bookingId, 'charging');
      // Passed or failed, the service has the last word: a window that says "failed" may have lost
      // its network, and an intent Stripe confirms itself may be paid already.
      const asked = await askIntent(
        bookingId,
        current.paymentIntentId,
        result.kind === 'failed'
          ? { message: lines.threeDSecureFailed, values: { reason: result.message } }
          : { message: lines.declinedAfterCheck },
      );
      if (asked === 'dead' || (result.kind === 'failed' && asked.kind === 'requires_action')) {
        throw new AppError('authentication_failed', { message: words.authenticationFailed }, { message: words.authenticationFailedHint });
      }
      current = asked;
    }
    return current.booking;
  }

  /**
   * A payment method named by the screen is for rehearsing with Stripe's test ids. A live profile
   * takes a card only through the card window main opens: the renderer is not trusted with real money.
   */
  function refuseGivenMethodOnLive(booking: BookingRecord, given: string | undefined): void {
    if (given === undefined || context.deps.profile(booking.profileId).kind !== 'live') return;
    throw new AppError('card_window_required', { message: words.cardWindowRequired }, { message: words.cardWindowRequiredHint });
  }

  async function run(bookingId: number, options: PayOptions): Promise<BookingRecord> {
    const booking = context.bookingOf(bookingId);
    refuseGivenMethodOnLive(booking, options.paymentMethodId);
    let outcome: PaymentOutcome | null = null;
    if (options.continueAuthentication) {
      if (!booking.paymentIntentId)
        throw new AppError(
          'no_authentication_pending',
          { message: words.noAuthenticationPending },
          { message: words.noAuthenticationPendingHint },
        );
      // 3-D Secure left unfinished (a closed window, a restart): the same intent, so one charge at most.
      deps.progress(bookingId, 'resuming');
      const asked = await askIntent(bookingId, booking.paymentIntentId, { message: lines.checkNoLongerValid });
      if (asked === 'dead')
        throw new AppError('authentication_failed', { message: words.checkExpired }, { message: words.checkExpiredHint });
      outcome = asked;
    } else {
      if (booking.paymentIntentId) {
        // A payment started earlier: asked first, so a new card never charges on top of an approved one.
        deps.progress(bookingId, 'resuming');
        const asked = await askIntent(bookingId, booking.paymentIntentId, { message: lines.replacedByNewCard });
        if (asked !== 'dead' && asked.kind === 'booked') outcome = asked;
      }
      if (!outcome) {
        const method = await paymentMethod(booking, options.paymentMethodId);
        deps.progress(bookingId, 'charging');
        outcome = await payWith(bookingId, method, options.clientReference);
      }
    }
    const paid = outcome.kind === 'booked' ? outcome.booking : await authenticate(outcome);
    deps.progress(bookingId, 'confirming');
    return paid;
  }

  return {
    payWith,
    completeAuthentication,

    /**
     * Pays a held booking: with the given test payment method (picked from the list), else the card window;
     * or finishes the 3-D Secure left unfinished on it. One run per booking at a time.
     */
    pay(bookingId: number, options: PayOptions = {}): Promise<BookingRecord> {
      const already = running.get(bookingId);
      if (already) return already;
      const work = run(bookingId, options).finally(() => running.delete(bookingId));
      running.set(bookingId, work);
      return work;
    },
  };
}

export type PaymentPipeline = ReturnType<typeof createPaymentPipeline>;

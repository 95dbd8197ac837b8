import type { BookingRecord } from '../../../shared/bookings';
import { formatMoney } from '../../../shared/format';
import type { PaymentStep } from '../../../shared/ipc';
import { AppError } from '../app-error';
import { ServiceError } from '../api/service-errors';
import type { BookingEngine } from '../engine/booking-engine';
import type { BookOutcome } from '../engine/payments';
import type { Ledger } from '../ledger/ledger';
import type { ProfileRecord } from '../profiles';
import type { PaymentWindows } from './payment-windows';

export interface PaymentPipelineDeps {
  engine: BookingEngine;
  ledger: Ledger;
  windows: PaymentWindows;
  profile: (id: number) => ProfileRecord;
  publishableKey: (profile: ProfileRecord) => Promise<string | null>;
  /** Tells the screen where the payment is, so it can say so. */
  progress: (bookingId: number, step: PaymentStep) => void;
}

export interface PayOptions {
  clientReference?: string;
  /** A test payment method picked in training; without it the card window opens. */
  paymentMethodId?: string;
  /** Finish the 3-D Secure left unfinished (the payment intent kept in the ledger). */
  continueAuthentication?: boolean;
}

/** A service that answers 402 again after a passed check is not finishing; this many rounds is plenty. */
const MAX_AUTHENTICATION_ROUNDS = 3;

/** The publishable key a profile pays with, checked before any window opens. */
async function checkedPublishableKey(deps: PaymentPipelineDeps, profile: ProfileRecord): Promise<string> {
  const key = await deps.publishableKey(profile);
  const expected = profile.kind === 'live' ? 'pk_live_' : 'pk_test_';
  if (!key) {
    throw new AppError(
      'publishable_key_missing',
      `The profile “${profile.name}” has no Stripe publishable key, so the card window cannot open.`,
      `Add its Stripe publishable key (${expected}…) in Settings.`,
    );
  }
  if (!key.startsWith(expected)) {
    throw new AppError(
      'publishable_key_mismatch',
      profile.kind === 'live'
        ? 'A live profile needs a live Stripe publishable key (pk_live_…), and this profile has a test one.'
        : 'A test-mode profile pays with Stripe test cards and needs a test publishable key (pk_test_…), and this profile has a live one.',
      'Replace the Stripe publishable key in Settings.',
    );
  }
  return key;
}

/**
 * The one payment path, all in main: card (from the card window, or a test card picked in
 * training) → book → 402 → the 3-D Secure window → book again with the payment intent. The intent's
 * id is in the ledger from the 402 on, so after a restart the same call picks up at 3-D Secure.
 */
export function createPaymentPipeline(deps: PaymentPipelineDeps) {
  const running = new Map<number, Promise<BookingRecord>>();

  function bookingOf(bookingId: number): BookingRecord {
    const booking = deps.ledger.get(bookingId);
    if (!booking)
      throw new AppError('booking_not_found', `There is no booking ${bookingId} in this counter’s history.`, 'Search for it in Bookings.');
    return booking;
  }

  async function paymentMethod(booking: BookingRecord, given: string | undefined): Promise<string> {
    if (given) return given;
    const profile = deps.profile(booking.profileId);
    if (profile.kind === 'training') {
      throw new AppError(
        'training_uses_test_cards',
        'Training pays with the training cards, not with the card window.',
        'Pick a training card in the payment step.',
      );
    }
    const publishableKey = await checkedPublishableKey(deps, profile);
    deps.progress(booking.id, 'card');
    const entry = await deps.windows.collectCard({
      publishableKey,
      amountLabel: formatMoney(booking.totalMinor, booking.currency),
      cardholderName: `${booking.holder.name} ${booking.holder.surname}`,
    });
    if (entry.kind === 'closed')
      throw new AppError('card_entry_closed', 'The card window was closed, so nothing was charged.', 'Open it again to take the card.');
    if (entry.kind === 'error')
      throw new AppError(
        'card_entry_failed',
        `The card could not be read: ${entry.message}`,
        'Check the card details, or try another card.',
      );
    return entry.paymentMethodId;
  }

  /**
   * Books with a kept payment intent: the service says whether it is paid with it (booked), still
   * waiting for the bank's check (402 again, with its secret), or dead (declined, unknown); a dead
   * intent is forgotten. Asked before anything replaces or drops an intent, so a payment the
   * cardholder already approved is never charged a second time by another card.
   */
  async function askIntent(bookingId: number, paymentIntentId: string, why: string): Promise<BookOutcome | 'dead'> {
    try {
      return await deps.engine.completeAuthentication(bookingId, paymentIntentId);
    } catch (error) {
      const declined = error instanceof AppError && error.code === 'card_declined';
      const unknownToService = error instanceof ServiceError && error.status === 404;
      if (!declined && !unknownToService) throw error;
      deps.engine.forgetPaymentIntent(bookingId, `${why}: ${error.message}`);
      return 'dead';
    }
  }

  /** Runs the bank's check in its window until the service books, or says why not. */
  async function authenticate(outcome: Extract<BookOutcome, { kind: 'requires_action' }>): Promise<BookingRecord> {
    let current: BookOutcome = outcome;
    for (let round = 1; current.kind === 'requires_action'; round += 1) {
      const bookingId = current.booking.id;
      if (round > MAX_AUTHENTICATION_ROUNDS) {
        throw new AppError(
          'authentication_not_finishing',
          'The bank’s check was passed, but the service still asks for it, so this payment is not made.',
          'Try another card; if it repeats, contact the service’s support.',
        );
      }
      const profile = deps.profile(current.booking.profileId);
      const request = current.challengeUrl
        ? { kind: 'built-in' as const, url: current.challengeUrl }
        : { kind: 'stripe' as const, publishableKey: await checkedPublishableKey(deps, profile), clientSecret: current.clientSecret };
      deps.progress(bookingId, 'authenticating');
      const result = await deps.windows.authenticate(request);
      if (result.kind === 'closed') {
        deps.ledger.addEvent(
          bookingId,
          'authentication_closed',
          '3-D Secure window closed before the check was done; the payment is not made.',
        );
        throw new AppError(
          'authentication_closed',
          'The 3-D Secure window was closed before the cardholder finished, so the payment is not made.',
          'Continue 3-D Secure to open it again, or try another card. The booking is still held.',
        );
      }
      deps.progress(bookingId, 'charging');
      // Passed or failed, the service has the last word: a window that says "failed" may have lost
      // its network, and an intent Stripe confirms itself may be paid already.
      const asked = await askIntent(
        bookingId,
        current.paymentIntentId,
        result.kind === 'failed' ? `3-D Secure failed (${result.message})` : 'Declined after 3-D Secure',
      );
      if (asked === 'dead' || (result.kind === 'failed' && asked.kind === 'requires_action')) {
        throw new AppError(
          'authentication_failed',
          'The cardholder did not pass the bank’s 3-D Secure check, so the payment is not made.',
          'Try again, or ask for another card. The booking is still held.',
        );
      }
      current = asked;
    }
    return current.booking;
  }

  async function run(bookingId: number, options: PayOptions): Promise<BookingRecord> {
    const booking = bookingOf(bookingId);
    let outcome: BookOutcome | null = null;
    if (options.continueAuthentication) {
      if (!booking.paymentIntentId)
        throw new AppError('no_authentication_pending', 'This booking is not waiting for 3-D Secure.', 'Pay again to start a new payment.');
      // 3-D Secure left unfinished (a closed window, a restart): the same intent, so one charge at most.
      deps.progress(bookingId, 'resuming');
      const asked = await askIntent(bookingId, booking.paymentIntentId, 'The unfinished 3-D Secure payment is no longer valid');
      if (asked === 'dead')
        throw new AppError(
          'authentication_failed',
          'The bank’s check for this payment failed or expired, so the payment is not made.',
          'Take the payment again, with the same card or another.',
        );
      outcome = asked;
    } else {
      if (booking.paymentIntentId) {
        // A payment started earlier: asked first, so a new card never charges on top of an approved one.
        deps.progress(bookingId, 'resuming');
        const asked = await askIntent(bookingId, booking.paymentIntentId, 'Replaced by a new card');
        if (asked !== 'dead' && asked.kind === 'booked') outcome = asked;
      }
      if (!outcome) {
        const method = await paymentMethod(booking, options.paymentMethodId);
        deps.progress(bookingId, 'charging');
        outcome = await deps.engine.pay(bookingId, method, options.clientReference);
      }
    }
    const paid = outcome.kind === 'booked' ? outcome.booking : await authenticate(outcome);
    deps.progress(bookingId, 'confirming');
    return paid;
  }

  return {
    /**
     * Pays a held booking: with the given test payment method (training), else the card window;
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

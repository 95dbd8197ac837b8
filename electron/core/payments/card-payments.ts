import type { PayOutcome } from '../../../shared/bookings';
import { formatMoney } from '../../../shared/format';
import { AppError } from '../app-error';
import type { BookingEngine } from '../engine/booking-engine';
import type { Ledger } from '../ledger/ledger';
import type { ProfileRecord } from '../profiles';
import type { PaymentWindows } from './payment-windows';

export interface CardPaymentDeps {
  engine: BookingEngine;
  ledger: Ledger;
  windows: PaymentWindows;
  profile: (id: number) => ProfileRecord;
  publishableKey: (profile: ProfileRecord) => Promise<string | null>;
}

/** The publishable key a profile pays with, checked before any window opens. */
async function checkedPublishableKey(deps: CardPaymentDeps, profile: ProfileRecord): Promise<string> {
  if (profile.kind === 'training') {
    throw new AppError('training_uses_test_cards', 'Training pays with the training cards, not with the card window.', 'Pick a training card in the payment step.');
  }
  const key = await deps.publishableKey(profile);
  const expected = profile.kind === 'live' ? 'pk_live_' : 'pk_test_';
  if (!key) {
    throw new AppError('publishable_key_missing', `The profile “${profile.name}” has no Stripe publishable key, so the card window cannot open.`, `Add its Stripe publishable key (${expected}…) in Settings.`);
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

/** Card entry and 3-D Secure through the payment windows; the engine does the booking calls. */
export function createCardPayments(deps: CardPaymentDeps) {
  async function authenticate(bookingId: number): Promise<PayOutcome> {
    const booking = deps.ledger.get(bookingId);
    const pending = deps.engine.pendingAction(bookingId);
    if (!booking || !pending) {
      throw new AppError('no_authentication_pending', 'This booking is not waiting for 3-D Secure.', 'Pay again to start a new payment.');
    }
    const profile = deps.profile(booking.profileId);
    const challengeUrl = deps.engine.challengeUrlFor(booking.id);
    // handleCardAction fits the spec's flow: the browser only completes the action; the service
    // confirms the intent itself when book is called again with payment_intent_id.
    const request = challengeUrl ? { kind: 'built-in' as const, url: challengeUrl } : { kind: 'stripe' as const, publishableKey: await checkedPublishableKey(deps, profile), clientSecret: pending.clientSecret };
    const result = await deps.windows.authenticate(request);
    if (result.kind === 'succeeded') return deps.engine.completeAuthentication(bookingId, pending.paymentIntentId);
    if (result.kind === 'closed') {
      deps.ledger.addEvent(bookingId, 'authentication_closed', '3-D Secure window closed before the check was done; nothing was charged.');
      throw new AppError('authentication_closed', 'The 3-D Secure window was closed before the cardholder finished, so nothing was charged.', 'Start 3-D Secure again, or try another card. The booking is still held.');
    }
    deps.ledger.addEvent(bookingId, 'authentication_failed', `3-D Secure failed: ${result.message}`);
    throw new AppError('authentication_failed', 'The cardholder did not pass the bank’s 3-D Secure check, so nothing was charged.', 'Try again, or ask for another card. The booking is still held.');
  }

  return {
    authenticate,

    /** Opens the card window, pays with the payment method it returns, and runs 3-D Secure when the bank asks. */
    async payByCard(bookingId: number, clientReference?: string): Promise<PayOutcome> {
      const booking = deps.ledger.get(bookingId);
      if (!booking) throw new AppError('booking_not_found', `There is no booking ${bookingId} in this counter’s history.`, 'Search for it in Bookings.');
      const publishableKey = await checkedPublishableKey(deps, deps.profile(booking.profileId));
      const entry = await deps.windows.collectCard({ publishableKey, amountLabel: formatMoney(booking.totalMinor, booking.currency), cardholderName: `${booking.holder.name} ${booking.holder.surname}` });
      if (entry.kind === 'closed') throw new AppError('card_entry_closed', 'The card window was closed, so nothing was charged.', 'Open it again to take the card.');
      if (entry.kind === 'error') throw new AppError('card_entry_failed', `The card could not be read: ${entry.message}`, 'Check the card details, or try another card.');
      const outcome = await deps.engine.pay(bookingId, entry.paymentMethodId, clientReference);
      return outcome.kind === 'requires_action' ? authenticate(bookingId) : outcome;
    },
  };
}

export type CardPayments = ReturnType<typeof createCardPayments>;

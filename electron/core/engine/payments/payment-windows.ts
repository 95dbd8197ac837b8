import { defineMessages } from '../../../../shared/i18n/messages';

const words = defineMessages({
  unavailable: { id: 'error.paymentWindows.unavailable.message', defaultMessage: 'This Packdesk cannot open payment windows.' },
  unavailableHint: { id: 'error.paymentWindows.unavailable.hint', defaultMessage: 'Use the desktop app to take cards.' },
});
/**
 * The port through which the payment pipeline asks for card details and 3-D Secure. The app's
 * adapter opens separate, sandboxed windows with their own session (electron/main/payment-windows.ts);
 * the test harness opens a second page in the same browser. Card numbers only ever exist inside
 * Stripe's own frames in those windows (or, in training, the window's own form of test cards); what
 * comes back is a payment method id or an outcome.
 */
import type { AuthenticationResult, CardEntryResult } from '../../../../shared/payment-window';
import { AppError } from '../../app-error';

export type AuthenticationRequest =
  /** A real service: Stripe.js in the payment page, with the payment intent's client secret. */
  | { kind: 'stripe'; publishableKey: string; clientSecret: string }
  /** The built-in service: its own challenge page. */
  | { kind: 'built-in'; url: string };

export type CardRequest =
  /** Stripe's card element, with the profile's publishable key. */
  | { publishableKey: string; amountLabel: string; cardholderName: string }
  /** A training profile: the window's own form, which turns Stripe's test card numbers into their pm_card_ ids, offline. */
  | { training: true; amountLabel: string; cardholderName: string };

export interface PaymentWindows {
  collectCard(request: CardRequest): Promise<CardEntryResult>;
  authenticate(request: AuthenticationRequest): Promise<AuthenticationResult>;
}

const unavailable = (): never => {
  throw new AppError('payment_windows_unavailable', { message: words.unavailable }, { message: words.unavailableHint });
};
/** Where there are no windows to open (a core without a screen). */
export const NO_PAYMENT_WINDOWS: PaymentWindows = { collectCard: async () => unavailable(), authenticate: async () => unavailable() };

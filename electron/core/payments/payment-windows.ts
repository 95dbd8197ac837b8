/**
 * The port through which the engine asks for card details and 3-D Secure. The app's adapter opens
 * separate, sandboxed windows with their own session (electron/main/payment-windows.ts); the test
 * harness opens a second page in the same browser. Card numbers only ever exist inside Stripe's
 * own frames in those windows; what comes back is a payment method id or an outcome.
 */

export type CardEntryResult =
  | { kind: 'payment_method'; paymentMethodId: string }
  | { kind: 'closed' }
  | { kind: 'error'; message: string };

export type AuthenticationRequest =
  /** A real service: Stripe.js's handleCardAction with the intent's client secret. */
  | { kind: 'stripe'; publishableKey: string; clientSecret: string }
  /** The built-in service: its own challenge page. */
  | { kind: 'built-in'; url: string };

export type AuthenticationResult = { kind: 'succeeded' } | { kind: 'failed'; message: string } | { kind: 'closed' };

export interface PaymentWindows {
  collectCard(request: { publishableKey: string; amountLabel: string; cardholderName: string }): Promise<CardEntryResult>;
  authenticate(request: AuthenticationRequest): Promise<AuthenticationResult>;
}

/** What the payment page receives, and the only thing it may send back. */
export type PaymentPageRequest =
  | { mode: 'card'; publishableKey: string; amountLabel: string; cardholderName: string }
  | { mode: 'authenticate'; publishableKey: string; clientSecret: string };
export type PaymentPageResult = CardEntryResult | AuthenticationResult;

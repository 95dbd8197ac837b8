/**
 * What each of Stripe's test PaymentMethod ids does at the built-in service. Ids Stripe.js creates
 * for a real test card (pm_1…) are accepted as a succeeding card.
 */
export type CardBehaviour = { kind: 'succeeds' } | { kind: 'declined'; declineCode: string } | { kind: 'requires_action' };

const DECLINE_CODES: Record<string, string> = {
  '': 'generic_decline',
  InsufficientFunds: 'insufficient_funds',
  LostCard: 'lost_card',
  StolenCard: 'stolen_card',
  ExpiredCard: 'expired_card',
  IncorrectCvc: 'incorrect_cvc',
  ProcessingError: 'processing_error',
  Fraudulent: 'fraudulent',
  VelocityExceeded: 'card_velocity_exceeded',
};

export function cardBehaviour(paymentMethodId: string): CardBehaviour {
  if (/^pm_card_(authenticationRequired|threeDSecure2Required|threeDSecureRequired)/.test(paymentMethodId))
    return { kind: 'requires_action' };
  const declined = /^pm_card_(?:visa_)?chargeDeclined(\w*)$/.exec(paymentMethodId);
  if (declined) return { kind: 'declined', declineCode: DECLINE_CODES[declined[1] ?? ''] ?? 'generic_decline' };
  if (paymentMethodId === 'pm_card_riskLevelHighest') return { kind: 'declined', declineCode: 'fraudulent' };
  return { kind: 'succeeds' };
}

export const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'The card was declined by its bank.',
  insufficient_funds: 'The card has insufficient funds.',
  lost_card: 'The card was reported lost.',
  stolen_card: 'The card was reported stolen.',
  expired_card: 'The card has expired.',
  incorrect_cvc: 'The card’s security code is incorrect.',
  processing_error: 'The card could not be processed.',
  fraudulent: 'The payment was blocked as likely fraud.',
  card_velocity_exceeded: 'The card has been used too often in a short time.',
  authentication_failed: 'The cardholder did not complete 3-D Secure authentication.',
};

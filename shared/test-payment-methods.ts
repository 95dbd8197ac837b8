import { defineMessages } from './i18n/messages';
import type { Message } from './i18n/messages';

const words = defineMessages({
  label: { id: 'payment.testCard.label', defaultMessage: '{brand} ending {last4}' },
  succeeds: { id: 'payment.testCard.succeeds', defaultMessage: 'Succeeds' },
  needsThreeDSecure: { id: 'payment.testCard.needsThreeDSecure', defaultMessage: 'Needs 3-D Secure' },
  declined: { id: 'payment.testCard.declined', defaultMessage: 'Declined' },
  insufficientFunds: { id: 'payment.testCard.insufficientFunds', defaultMessage: 'Declined: insufficient funds' },
});

/** How a test card is named to the agent ("Visa ending 4242"), from its `brand` and `last4`. */
export const TEST_CARD_LABEL: Message = words.label;

/** Stripe's test payment methods, by what they do: a training or test-mode counter pays with these instead of a card. */
export const TEST_PAYMENT_METHODS = [
  { id: 'pm_card_visa', brand: 'Visa', last4: '4242', outcome: words.succeeds },
  { id: 'pm_card_mastercard', brand: 'Mastercard', last4: '4444', outcome: words.succeeds },
  { id: 'pm_card_threeDSecure2Required', brand: 'Visa', last4: '3220', outcome: words.needsThreeDSecure },
  { id: 'pm_card_chargeDeclined', brand: 'Visa', last4: '0002', outcome: words.declined },
  { id: 'pm_card_chargeDeclinedInsufficientFunds', brand: 'Visa', last4: '9995', outcome: words.insufficientFunds },
] as const;

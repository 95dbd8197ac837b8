/** Stripe's test payment methods, by what they do: a training or test-mode counter pays with these instead of a card. */
export const TEST_PAYMENT_METHODS = [
  { id: 'pm_card_visa', label: 'Visa ending 4242', outcome: 'Succeeds' },
  { id: 'pm_card_mastercard', label: 'Mastercard ending 4444', outcome: 'Succeeds' },
  { id: 'pm_card_threeDSecure2Required', label: 'Visa ending 3220', outcome: 'Needs 3-D Secure' },
  { id: 'pm_card_chargeDeclined', label: 'Visa ending 0002', outcome: 'Declined' },
  { id: 'pm_card_chargeDeclinedInsufficientFunds', label: 'Visa ending 9995', outcome: 'Declined: insufficient funds' },
] as const;

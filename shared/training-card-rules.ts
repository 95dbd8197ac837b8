/**
 * The training card form's rules: Stripe's documented test card numbers, each turned into the test
 * PaymentMethod id Stripe documents for it, and the card element's own checks and words. Only the
 * card window imports it (renderer/payment/training-card-form.ts): a typed number never leaves that
 * window, only a `pm_card_` id does.
 */
import { defineMessages } from './i18n/messages';
import type { Message } from './i18n/messages';
import { passesLuhn } from './luhn';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** From Stripe's testing page (docs.stripe.com/testing): number → PaymentMethod id. */
export const STRIPE_TEST_CARDS: Readonly<Record<string, string>> = {
  // Cards by brand: the payment succeeds.
  '4242424242424242': 'pm_card_visa',
  '4000056655665556': 'pm_card_visa_debit',
  '5555555555554444': 'pm_card_mastercard',
  '5200828282828210': 'pm_card_mastercard_debit',
  '5105105105105100': 'pm_card_mastercard_prepaid',
  '378282246310005': 'pm_card_amex',
  '6011111111111117': 'pm_card_discover',
  '3056930009020004': 'pm_card_diners',
  '3566002020360505': 'pm_card_jcb',
  '6200000000000005': 'pm_card_unionpay',
  // Declined payments.
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000009987': 'pm_card_visa_chargeDeclinedLostCard',
  '4000000000009979': 'pm_card_visa_chargeDeclinedStolenCard',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000000000000127': 'pm_card_chargeDeclinedIncorrectCvc',
  '4000000000000119': 'pm_card_chargeDeclinedProcessingError',
  // Blocked by Stripe's fraud checks as highest risk.
  '4000000000004954': 'pm_card_riskLevelHighest',
  // 3-D Secure.
  '4000002760003184': 'pm_card_authenticationRequired',
  '4000002500003155': 'pm_card_authenticationRequiredOnSetup',
  '4000000000003220': 'pm_card_threeDSecure2Required',
  '4000000000003063': 'pm_card_threeDSecureRequired',
};

/** The card element's own words, as Stripe.js words them in English (the page shows them in the counter's language). */
export const STRIPE_MESSAGES = defineMessages({
  numberIncomplete: { id: 'payment.card.numberIncomplete', defaultMessage: 'Your card number is incomplete.' },
  numberInvalid: { id: 'payment.card.numberInvalid', defaultMessage: 'Your card number is invalid.' },
  expiryIncomplete: { id: 'payment.card.expiryIncomplete', defaultMessage: 'Your card’s expiration date is incomplete.' },
  expiryInvalid: { id: 'payment.card.expiryInvalid', defaultMessage: 'Your card’s expiration date is invalid.' },
  expiryYearPast: { id: 'payment.card.expiryYearPast', defaultMessage: 'Your card’s expiration year is in the past.' },
  expiryDatePast: { id: 'payment.card.expiryDatePast', defaultMessage: 'Your card’s expiration date is in the past.' },
  expiryYearInvalid: { id: 'payment.card.expiryYearInvalid', defaultMessage: 'Your card’s expiration year is invalid.' },
  cvcIncomplete: { id: 'payment.card.cvcIncomplete', defaultMessage: 'Your card’s security code is incomplete.' },
  postalIncomplete: { id: 'payment.card.postalIncomplete', defaultMessage: 'Your postal code is incomplete.' },
  notATestCard: {
    id: 'payment.card.notATestCard',
    defaultMessage:
      'Training takes only Stripe’s test cards, such as {example}. Never type a real card here: this is a rehearsal, and no card is charged.',
  },
});

/** The test card the refusal names as an example: a value of the message, so no catalog holds a card number. */
export const EXAMPLE_TEST_CARD = '4242 4242 4242 4242';

export function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(30[0-5]|36|38)/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** How many digits a complete number of this brand has (as Stripe's element counts them). */
export const numberLength = (brand: CardBrand) => (brand === 'amex' ? 15 : 16);
export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

/** The number grouped as it is printed on the card: 4-6-5 for American Express, fours for the rest. */
export function groupedNumber(digits: string): string {
  const groups = brandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/** The expiry's digits as typed, MMYY at most; a first digit above 1 is a month on its own ("4" → "04"). */
export function expiryDigits(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return (/^[2-9]/.test(digits) ? `0${digits}` : digits).slice(0, 4);
}

/** "1234" → "12 / 34", as the card element shows it. */
export const groupedExpiry = (digits: string) => (digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits);

export function numberError(digits: string): Message | null {
  if (digits.length < numberLength(brandOf(digits))) return STRIPE_MESSAGES.numberIncomplete;
  return passesLuhn(digits) ? null : STRIPE_MESSAGES.numberInvalid;
}

/** `digits` is MMYY (from expiryDigits); `today` decides what is past. */
export function expiryError(digits: string, today: Date): Message | null {
  if (digits.length < 4) return STRIPE_MESSAGES.expiryIncomplete;
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2, 4));
  if (month < 1 || month > 12) return STRIPE_MESSAGES.expiryInvalid;
  if (year < today.getFullYear()) return STRIPE_MESSAGES.expiryYearPast;
  if (year === today.getFullYear() && month < today.getMonth() + 1) return STRIPE_MESSAGES.expiryDatePast;
  if (year > today.getFullYear() + 50) return STRIPE_MESSAGES.expiryYearInvalid;
  return null;
}

export function cvcError(cvc: string, cardDigits: string): Message | null {
  return cvc.length < cvcLength(brandOf(cardDigits)) ? STRIPE_MESSAGES.cvcIncomplete : null;
}

export function postalCodeError(postalCode: string): Message | null {
  return postalCode.trim() === '' ? STRIPE_MESSAGES.postalIncomplete : null;
}

/** The test PaymentMethod id for a complete, valid number; null when it is not one of Stripe's test cards. */
export const testPaymentMethodFor = (digits: string): string | null => STRIPE_TEST_CARDS[digits] ?? null;

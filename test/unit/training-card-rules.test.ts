import { describe, expect, test } from 'vitest';
import { cardBehaviour } from '../../electron/sandbox/card-behaviours';
import { checkedPageResult } from '../../shared/payment-window';
import type { Message } from '../../shared/i18n/messages';
import { paymentPageWords } from '../../shared/payment-page-words';
import * as rules from '../../shared/training-card-rules';
import { expiryDigits, groupedExpiry, groupedNumber, STRIPE_TEST_CARDS, testPaymentMethodFor } from '../../shared/training-card-rules';

// The card element's words in English, as the page shows them on an English counter.
const english = (message: Message | null) => message?.defaultMessage ?? null;
const numberError = (digits: string) => english(rules.numberError(digits));
const cvcError = (cvc: string, digits: string) => english(rules.cvcError(cvc, digits));
const expiryError = (digits: string, today: Date) => english(rules.expiryError(digits, today));
const postalCodeError = (code: string) => english(rules.postalCodeError(code));

/** What Stripe's testing page says each number does, by its PaymentMethod id. */
const DOCUMENTED: [string, string, ReturnType<typeof cardBehaviour>][] = [
  ['4242424242424242', 'pm_card_visa', { kind: 'succeeds' }],
  ['4000056655665556', 'pm_card_visa_debit', { kind: 'succeeds' }],
  ['5555555555554444', 'pm_card_mastercard', { kind: 'succeeds' }],
  ['5200828282828210', 'pm_card_mastercard_debit', { kind: 'succeeds' }],
  ['5105105105105100', 'pm_card_mastercard_prepaid', { kind: 'succeeds' }],
  ['378282246310005', 'pm_card_amex', { kind: 'succeeds' }],
  ['6011111111111117', 'pm_card_discover', { kind: 'succeeds' }],
  ['3056930009020004', 'pm_card_diners', { kind: 'succeeds' }],
  ['3566002020360505', 'pm_card_jcb', { kind: 'succeeds' }],
  ['6200000000000005', 'pm_card_unionpay', { kind: 'succeeds' }],
  ['4000000000000002', 'pm_card_chargeDeclined', { kind: 'declined', declineCode: 'generic_decline' }],
  ['4000000000009995', 'pm_card_chargeDeclinedInsufficientFunds', { kind: 'declined', declineCode: 'insufficient_funds' }],
  ['4000000000009987', 'pm_card_visa_chargeDeclinedLostCard', { kind: 'declined', declineCode: 'lost_card' }],
  ['4000000000009979', 'pm_card_visa_chargeDeclinedStolenCard', { kind: 'declined', declineCode: 'stolen_card' }],
  ['4000000000000069', 'pm_card_chargeDeclinedExpiredCard', { kind: 'declined', declineCode: 'expired_card' }],
  ['4000000000000127', 'pm_card_chargeDeclinedIncorrectCvc', { kind: 'declined', declineCode: 'incorrect_cvc' }],
  ['4000000000000119', 'pm_card_chargeDeclinedProcessingError', { kind: 'declined', declineCode: 'processing_error' }],
  ['4000000000004954', 'pm_card_riskLevelHighest', { kind: 'declined', declineCode: 'fraudulent' }],
  ['4000002760003184', 'pm_card_authenticationRequired', { kind: 'requires_action' }],
  ['4000002500003155', 'pm_card_authenticationRequiredOnSetup', { kind: 'requires_action' }],
  ['4000000000003220', 'pm_card_threeDSecure2Required', { kind: 'requires_action' }],
  ['4000000000003063', 'pm_card_threeDSecureRequired', { kind: 'requires_action' }],
];

describe('the training card form takes Stripe’s test cards', () => {
  test('each documented number is a complete, valid card that becomes its PaymentMethod id, which the built-in service plays as Stripe says', () => {
    expect(Object.keys(STRIPE_TEST_CARDS).sort()).toEqual(DOCUMENTED.map(([number]) => number).sort());
    for (const [number, id, behaviour] of DOCUMENTED) {
      expect(numberError(number), number).toBeNull();
      expect(testPaymentMethodFor(number), number).toBe(id);
      expect(cardBehaviour(id), id).toEqual(behaviour);
    }
  });

  test('a real-looking card that passes Luhn is no test card', () => {
    expect(numberError('4111111111111111')).toBeNull();
    expect(testPaymentMethodFor('4111111111111111')).toBeNull();
  });

  test('numbers are shown grouped as printed on the card', () => {
    expect(groupedNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupedNumber('378282246310005')).toBe('3782 822463 10005');
    expect(groupedNumber('42424')).toBe('4242 4');
  });

  test('the card element’s own words for what is wrong', () => {
    expect(numberError('424242424242')).toBe('Your card number is incomplete.');
    expect(numberError('4242424242424241')).toBe('Your card number is invalid.');
    // American Express has 15 digits and a four-digit code.
    expect(numberError('37828224631000')).toBe('Your card number is incomplete.');
    expect(cvcError('123', '378282246310005')).toBe('Your card’s security code is incomplete.');
    expect(cvcError('1234', '378282246310005')).toBeNull();
    expect(cvcError('12', '4242424242424242')).toBe('Your card’s security code is incomplete.');
    expect(postalCodeError(' ')).toBe('Your postal code is incomplete.');
    expect(postalCodeError('1000-001')).toBeNull();
  });

  test('expiry dates, read as MM / YY against today', () => {
    const today = new Date(2026, 10, 25);
    expect(expiryDigits('4')).toBe('04');
    expect(expiryDigits('12 / 345')).toBe('1234');
    expect(groupedExpiry('1234')).toBe('12 / 34');
    expect(groupedExpiry('1')).toBe('1');
    expect(expiryError('123', today)).toBe('Your card’s expiration date is incomplete.');
    expect(expiryError('1325', today)).toBe('Your card’s expiration date is invalid.');
    expect(expiryError('1225', today)).toBe('Your card’s expiration year is in the past.');
    expect(expiryError('1026', today)).toBe('Your card’s expiration date is in the past.');
    expect(expiryError('1126', today)).toBeNull();
    expect(expiryError('1299', today)).toBe('Your card’s expiration year is invalid.');
  });
});

describe('what main believes from the training card window', () => {
  const request = {
    mode: 'training-card',
    amountLabel: '€10.00',
    cardholderName: 'Ana Silva',
    words: paymentPageWords((message) => message.defaultMessage, { amount: '€10.00', name: 'Ana Silva' }),
    locale: 'en',
  } as const;

  test('a test PaymentMethod id', () => {
    expect(checkedPageResult(request, { kind: 'payment_method', paymentMethodId: 'pm_card_visa' })).toEqual({
      kind: 'payment_method',
      paymentMethodId: 'pm_card_visa',
    });
  });

  test.each([
    ['a real payment method', 'pm_1StandInCard4242'],
    ['a card number', 'pm_card_4242_4242_4242_4242'],
  ])('never %s: the window counts as closed', (_what, paymentMethodId) => {
    expect(checkedPageResult(request, { kind: 'payment_method', paymentMethodId })).toEqual({ kind: 'closed' });
  });
});

import { describe, expect, test } from 'vitest';
import { anyStringHoldsCardNumber, containsCardNumber } from '../../shared/card-number-screening';
import { cardBehaviour } from '../../electron/sandbox/card-behaviours';

describe('card numbers are recognised wherever they hide', () => {
  test.each([
    '4242424242424242',
    '4242 4242 4242 4242',
    '4000-0025-0000-3155',
    '4242.4242.4242.4242',
    '４２４２４２４２４２４２４２４２',
    '４２４２　４２４２　４２４２　４２４２',
    'pm_4242_4242_4242_4242',
    'card: 5555555555554444 exp 12/30',
    'ref 12 4242 4242 4242 4242',
    '378282246310005',
    '6011111111111117',
  ])('%s', (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  test.each([
    '4242424242424241',
    'AGENCY-2027-000123',
    '+44 20 7946 0958',
    '2027-03-10',
    'pm_card_visa',
    '1234',
    // The built-in service's own ids: digits glued to letters are never a card number.
    'pi_4242424242424242abcdef123456',
    'pbt_a4242424242424242b',
    'PKD4242424242424242',
  ])('not %s', (text) => {
    expect(containsCardNumber(text)).toBe(false);
  });

  test('in nested JSON, in keys and in numbers', () => {
    expect(anyStringHoldsCardNumber({ a: [{ b: { c: 'x 4242424242424242' } }] })).toBe(true);
    expect(anyStringHoldsCardNumber({ '4242424242424242': 1 })).toBe(true);
    expect(anyStringHoldsCardNumber({ number: 4242424242424242 })).toBe(true);
    expect(anyStringHoldsCardNumber({ holder: { name: 'Ana' }, items: [{ availability_id: 12345 }] })).toBe(false);
  });
});

describe('Stripe test payment methods', () => {
  test.each([
    ['pm_card_visa', { kind: 'succeeds' }],
    ['pm_1PgYvHExampleFromStripeJs', { kind: 'succeeds' }],
    ['pm_card_chargeDeclined', { kind: 'declined', declineCode: 'generic_decline' }],
    ['pm_card_chargeDeclinedInsufficientFunds', { kind: 'declined', declineCode: 'insufficient_funds' }],
    ['pm_card_visa_chargeDeclinedStolenCard', { kind: 'declined', declineCode: 'stolen_card' }],
    ['pm_card_chargeDeclinedIncorrectCvc', { kind: 'declined', declineCode: 'incorrect_cvc' }],
    ['pm_card_riskLevelHighest', { kind: 'declined', declineCode: 'fraudulent' }],
    ['pm_card_authenticationRequired', { kind: 'requires_action' }],
    ['pm_card_threeDSecure2Required', { kind: 'requires_action' }],
  ])('%s', (id, behaviour) => {
    expect(cardBehaviour(id)).toEqual(behaviour);
  });
});

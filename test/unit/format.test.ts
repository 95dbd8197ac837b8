import { describe, expect, test } from 'vitest';
import { countdown, formatDate, formatMoney, minorDigits, nightsBetween } from '../../shared/format';

describe('money', () => {
  test.each([
    [123450, 'EUR', '€1,234.50'],
    [45600, 'JPY', 'JP¥45,600'],
    [99, 'GBP', '£0.99'],
    [1000000, 'USD', 'US$10,000.00'],
    [12345, 'CHF', 'CHF 123.45'],
  ])('%i %s is %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency).replace(/\u00a0/g, ' ')).toBe(text);
  });

  test('JPY has no minor unit; an unknown currency code still shows an amount', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(formatMoney(1234, 'XXY')).toMatch(/12\.34/);
  });
});

describe('dates', () => {
  test('a stay date reads the same in every time zone', () => {
    expect(formatDate('2027-03-10')).toBe('Wed, 10 Mar 2027');
    expect(nightsBetween('2027-03-10', '2027-03-13')).toBe(3);
    expect(nightsBetween('2027-03-27', '2027-03-29')).toBe(2);
  });

  test('countdown', () => {
    const now = Date.parse('2027-01-01T10:00:00Z');
    expect(countdown('2027-01-01T10:14:05Z', now)).toBe('14:05');
    expect(countdown('2027-01-01T09:00:00Z', now)).toBe('0:00');
  });
});

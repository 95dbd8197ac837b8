import { describe, expect, test } from 'vitest';
import { isoMinorUnits } from '../../shared/currencies';
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

  test.each([
    // ISO 4217, not the display habits of Intl (which shows IQD, ISK and others with other digits).
    [1234500, 'IQD', '1,234.500'],
    [1234, 'KWD', '1.234'],
    [12345, 'CLF', '1.2345'],
    [1234, 'ISK', '1,234'],
    [1234, 'KRW', '1,234'],
    [1234, 'UGX', '1,234'],
    [1234, 'XOF', '1,234'],
    [1234, 'TND', '1.234'],
  ])('%i %s shows %s (ISO 4217 minor units)', (amount, currency, digits) => {
    expect(formatMoney(amount, currency).replace(/\u00a0/g, ' ')).toContain(digits);
  });

  test('every ISO 4217 code in circulation is in the table', () => {
    for (const code of ['EUR', 'USD', 'GBP', 'BHD', 'JOD', 'LYD', 'OMR', 'VND', 'XPF', 'MRU', 'STN', 'VES', 'SLE', 'ZWG', 'XAU'])
      expect(isoMinorUnits(code)).not.toBeNull();
    expect(isoMinorUnits('ABC')).toBeNull();
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

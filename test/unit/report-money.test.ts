import { describe, expect, test } from 'vitest';
import { reportMoney, waitedFor } from '../../shared/report-money';

describe('a report’s amounts', () => {
  test('in a currency ISO 4217 lists: formatted with its own minor units', () => {
    expect(reportMoney(123450, 'EUR')).toBe('€1,234.50');
    expect(reportMoney(45600, 'JPY')).toBe('JP¥45,600');
    expect(reportMoney(1234, 'KWD')).toBe('KWD\u00a01.234');
  });

  test('in a currency Packdesk does not know: its code and the minor units as the service gave them, never a guessed decimal point', () => {
    expect(reportMoney(98765, 'XQZ')).toBe('XQZ 98765 (minor units)');
  });

  test('how long a change has waited, in its largest whole unit', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(waitedFor('2026-11-27T11:59:30Z', now)).toBe('under a minute');
    expect(waitedFor('2026-11-27T11:59:00Z', now)).toBe('1 minute');
    expect(waitedFor('2026-11-27T09:00:00Z', now)).toBe('3 hours');
    expect(waitedFor('2026-11-24T11:00:00Z', now)).toBe('3 days');
  });
});

import { describe, expect, test } from 'vitest';
import { createMainWords } from '../../electron/core/i18n/main-words';
import { periodRates, reportAmount, unsettledAtClose, waitedFor } from '../../shared/report-wording';

const english = createMainWords(() => 'en').wording();
const german = () => createMainWords(() => 'de').wordingIn('de');

describe('a report’s amounts', () => {
  test('in a currency ISO 4217 lists: formatted with its own minor units, in the language’s locale', async () => {
    expect(reportAmount(123450, 'EUR', english)).toBe('€1,234.50');
    expect(reportAmount(45600, 'JPY', english)).toBe('JP¥45,600');
    expect(reportAmount(1234, 'KWD', english)).toBe('KWD\u00a01.234');
    expect(reportAmount(123450, 'EUR', await german())).toBe('1.234,50\u00a0€');
  });

  test('in a currency Packdesk does not know: its code and the minor units as the service gave them, never a guessed decimal point', async () => {
    expect(reportAmount(98765, 'XQZ', english)).toBe('XQZ 98765 (minor units)');
    expect(reportAmount(98765, 'XQZ', await german())).toBe('XQZ 98765 (kleinste Einheit)');
  });

  test('how long a change has waited, in its largest whole unit', async () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(waitedFor('2026-11-27T11:59:30Z', now, english)).toBe('under a minute');
    expect(waitedFor('2026-11-27T11:59:00Z', now, english)).toBe('1 minute');
    expect(waitedFor('2026-11-27T09:00:00Z', now, english)).toBe('3 hours');
    expect(waitedFor('2026-11-24T11:00:00Z', now, english)).toBe('3 days');
    expect(waitedFor('2026-11-24T11:00:00Z', now, await german())).toBe('3 Tage');
  });

  test('what was open at the close and the period’s rates, as sentences in each language', async () => {
    const open = { unsettled: [{ currency: 'EUR', amountMinor: 25_000, bookings: 1 }], changesWaitingTotal: 2 };
    expect(unsettledAtClose(open, english)).toBe(
      '€250.00 authorized, not yet captured (1 booking); 2 changes waiting for the traveler’s payment.',
    );
    expect(unsettledAtClose(open, await german())).toBe(
      '250,00\u00a0€ autorisiert, noch nicht eingezogen (1 Buchung); 2 Änderungen warten auf die Zahlung der Reisenden.',
    );
    expect(unsettledAtClose({ unsettled: [], changesWaitingTotal: 0 }, english)).toBeNull();
    const period = { made: 3, cancelled: 1, changed: 0, averageDaysAhead: 12 };
    expect(periodRates({ ...period } as Parameters<typeof periodRates>[0], english)).toBe(
      '3 bookings made; cancelled 33.3%, changed 0%; booked 12 days ahead on average.',
    );
  });
});

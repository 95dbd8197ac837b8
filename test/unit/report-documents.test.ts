import { describe, expect, test } from 'vitest';
import { createMainWords } from '../../electron/core/i18n/main-words';
import { endOfDayDocument as endOfDayIn, periodDocument as periodIn } from '../../electron/core/reports/report-documents';
import type { EndOfDay, PeriodReport } from '../../shared/reports';

const english = createMainWords(() => 'en').wording();
const endOfDayDocument = (report: EndOfDay) => endOfDayIn(report, english);
const periodDocument = (report: PeriodReport) => periodIn(report, english);

const totals = (currency: string, captured: number, refunded = 0) => ({
  currency,
  authorized: captured,
  captured,
  released: 0,
  refunded,
  paidAtLink: 0,
  takings: captured - refunded,
});

function day(movements: number, holder = 'Ana Reis'): EndOfDay {
  return {
    day: '2026-11-27',
    movements: Array.from({ length: movements }, (_, index) => ({
      at: `2026-11-27T${String(8 + (index % 12)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}:00.000Z`,
      kind: index % 3 === 0 ? ('authorized' as const) : index % 3 === 1 ? ('captured' as const) : ('refunded' as const),
      amountMinor: 1000 + index * 137,
      currency: index % 2 ? 'EUR' : 'JPY',
      bookingId: index + 1,
      clientReference: `PB-${100000 + index}`,
      bookingReference: index % 5 ? `PKD${1000000 + index}` : null,
      holder,
      agent: index % 4 ? 'Rui' : '',
    })),
    totals: [totals('EUR', 500_000, 12_000), totals('JPY', 90_000)],
    unsettled: [{ currency: 'EUR', amountMinor: 25_000, bookings: 2 }],
    changesWaitingTotal: 1,
  };
}

/** The fixed-width lines of a document's listings, headings and rules included. */
const listingLines = (html: string) =>
  [...html.matchAll(/<pre class="listing">([\s\S]*?)<\/pre>/g)].flatMap((match) => (match[1] ?? '').split('\n'));

describe('the end-of-day report on paper', () => {
  test('a line per movement, a page’s worth per block under the column headings, the amounts right-aligned in one column', () => {
    const html = endOfDayDocument(day(130));
    const blocks = [...html.matchAll(/<pre class="listing">/g)];
    expect(blocks).toHaveLength(3);
    const lines = listingLines(html);
    const movements = lines.filter((line) => /^\d\d:\d\d /.test(line));
    expect(movements).toHaveLength(130);
    expect(lines.filter((line) => line.startsWith('UTC '))).toHaveLength(3);
    // Each amount ends where the heading's "Amount" ends.
    const heading = lines[0] ?? '';
    const amountEnd = heading.indexOf('Amount') + 'Amount'.length;
    for (const line of movements) expect(line.slice(0, amountEnd)).toMatch(/(€|¥)[\d,.]+\d$/);
    expect(movements[0]).toContain('PB-100000  ');
    expect(movements[1]).toContain('PB-100001 · PKD1000001');
    expect(movements[0]).toMatch(/—$/);
  });

  test('names are text, never markup; long ones are cut to their column', () => {
    const html = endOfDayDocument(day(2, '<img src=x onerror=alert(1)> & Bo "Reis" Montenegro-Albuquerque'));
    expect(html).not.toContain('<img');
    expect(listingLines(html)[2]).toContain('&lt;img src=x onerror=al…  —');
  });

  test('the totals per currency, what was open at the close, and the line to sign; a day with nothing says so', () => {
    const html = endOfDayDocument(day(4));
    expect(html).toMatch(/<th>EUR<\/th><td class="amount">€4,880\.00<\/td>/);
    expect(html).toContain('€250.00 authorized, not yet captured (2 bookings); 1 change waiting for the traveler’s payment.');
    expect(html).toContain('Closed by:');
    const empty = endOfDayDocument({ day: '2026-11-27', movements: [], totals: [], unsettled: [], changesWaitingTotal: 0 });
    expect(empty).toContain('Nothing was sold and no money moved at this counter on this day.');
    expect(empty).toContain('Nothing: every payment is captured or released');
    expect(empty).not.toContain('<pre');
  });
});

describe('the period report on paper', () => {
  test('its rates, the top sellers side by side and the money per currency, names escaped', () => {
    const report: PeriodReport = {
      from: '2026-11-01',
      to: '2026-11-27',
      made: 40,
      cancelled: 4,
      changed: 2,
      averageDaysAhead: 31,
      topPackages: [{ name: 'Lisbon <b>City</b> Break', made: 12, cancelled: 1 }],
      topHotels: [{ name: 'Hotel Avenida & Spa', made: 9, cancelled: 0 }],
      money: [totals('EUR', 800_000)],
    };
    const html = periodDocument(report);
    expect(html).toContain('40 bookings made; cancelled 10%, changed 5%; booked 31 days ahead on average.');
    expect(html).toContain('Lisbon &lt;b&gt;City&lt;/b&gt; Break');
    expect(html).toContain('Hotel Avenida &amp; Spa');
    expect(html).toContain('€8,000.00');
    expect(periodDocument({ ...report, made: 0, topPackages: [], topHotels: [], money: [] })).toContain(
      'No booking was made at this counter in this period.',
    );
  });
});

describe('the reports on paper, in the language of the agent who prints them', () => {
  test('German: the headings, the movements’ words, the dates and amounts in the German locale', async () => {
    const german = await createMainWords(() => 'de').wordingIn('de');
    const html = endOfDayIn(day(3), german);
    expect(html).toContain('<h1>Tagesabschluss</h1>');
    expect(html).toContain('Fr., 27. Nov. 2026 (UTC), dieser Schalter · 3 Geldbewegungen');
    expect(listingLines(html)[0]).toMatch(/^UTC +Bewegung +Betrag +Buchung +Reisende\(r\) +Mitarb\.$/);
    expect(listingLines(html)[2]).toContain('Autorisiert');
    expect(html).toContain('5.000,00\u00a0€');
    expect(html).not.toContain('Totals per currency');
  });
  test('Spanish: the longest movement is written whole, and every amount stays in one column', async () => {
    const spanish = await createMainWords(() => 'es').wordingIn('es');
    const report = day(3);
    const [first] = report.movements;
    if (!first) throw new Error('a day with movements');
    const atLink = { ...first, kind: 'paid_at_link' as const, amountMinor: 9_900, currency: 'EUR' };
    const lines = listingLines(endOfDayIn({ ...report, movements: [...report.movements, atLink] }, spanish)).filter((line) =>
      /^\d\d:\d\d /.test(line),
    );
    expect(lines.some((line) => line.includes('Pagado por enlace '))).toBe(true);
    const amountEnds = lines.map((line) => /\d(?=\s{2}PB-)/.exec(line)?.index);
    expect(new Set(amountEnds).size).toBe(1);
  });
});

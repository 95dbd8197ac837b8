import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { BookingRecord } from '../../shared/bookings';
import { FORMAT_LOCALES } from '../../shared/i18n/languages';
import { printDocument } from '../../electron/core/reports/print-document';
import { paidAtCounter } from '../support/engine-helpers';
import { serviceTotals } from '../support/service-totals';
import { changed } from '../support/stay-changes';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, sayMatching, shownMoney, shownNumber, SUITE_LANGUAGE, writtenMoney } from './words';
import { savedDocumentStatus } from './flow-helpers';

/** The movements' names as the printed listing writes them, whole, each in its column after the time. */
const MOVEMENTS = ['authorized', 'captured', 'released', 'refunded', 'paidAtLink'].map((kind) => say(`report.movement.${kind}`));

/** A share as the period's rates write it: "33.3%" (shared/report-wording.ts). */
const percent = (share: number): string =>
  new Intl.NumberFormat(FORMAT_LOCALES[SUITE_LANGUAGE], { style: 'percent', maximumFractionDigits: 1 }).format(share);

/** The period's rates for 3 bookings, one cancelled, none changed; the days booked ahead on average (a whole number, or to a tenth) are the clock's. */
const RATES = new RegExp(
  sayMatching('report.period.rates', { made: 3, cancelled: percent(1 / 3), changed: percent(0), daysAhead: 'DAYS' }).source.replace(
    'DAYS',
    '\\d+([.,]\\d)?',
  ),
);

/** The PDF's "Saved to …", not the CSV's "CSV saved to …" beside it. */
const SAVED_PDF = new RegExp(`^${sayMatching('component.printBar.saved').source}`);

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

describe('Today', () => {
  test('by keyboard: a day with nothing sold says so; then the takings per currency are the service’s, and a waiting change opens its booking', async () => {
    harness = await startHarness({ trainingControls: { supplierDelayMs: 20 } });
    const { page, core } = harness;
    const training = harness.training;
    if (!training) throw new Error('no built-in service');

    await page.keyboard.press('Control+y');
    await expect.poll(() => page.getByRole('heading', { name: say('today.screen.title'), level: 2 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('nothing-sold').textContent()).toContain(say('today.screen.nothingSold'));
    await expect.poll(() => page.getByTestId('made-count').textContent()).toBe(say('today.counts.made', { count: 0 }));
    // Nothing to draw on a day with nothing sold.
    expect(await page.getByTestId('day-charts').count()).toBe(0);

    // A day at the counter: two sales in euros, one in pounds, one cancelled, one change waiting for the traveler.
    const bookings: BookingRecord[] = [
      await paidAtCounter(core, 1, 150),
      await paidAtCounter(core, 25, 160),
      await paidAtCounter(core, 1, 170),
    ];
    await core.engine.cancel((bookings[2] as BookingRecord).id, 'Traveler changed plans');
    const waiting = await changed(core, await paidAtCounter(core, 1, 180), false);
    bookings.push(waiting);

    // The screen follows each booking's commit by itself.
    const expected = serviceTotals(training, bookings);
    await expect.poll(() => page.getByTestId('made-count').textContent()).toBe(say('today.counts.made', { count: 4 }));
    for (const line of expected) {
      await expect
        .poll(() => page.getByTestId(`takings-${line.currency}`).getByRole('cell').first().textContent())
        .toBe(shownMoney(line.takings, line.currency));
    }
    expect(await page.getByTestId('nothing-sold').count()).toBe(0);
    const waitingTable = page.getByRole('table', { name: say('today.needs.waiting') });
    await expect.poll(() => waitingTable.textContent()).toContain(waiting.pendingModification?.reference);
    // The day drawn (the charting library loaded now, with Today): a bar for the hour of the sales, a slice per status.
    const charts = page.getByTestId('day-charts');
    await expect.poll(() => charts.locator('.recharts-bar-rectangle').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => charts.locator('.recharts-pie-sector').count()).toBe(2);
    await harness.screenshot('today');

    // By keyboard from the screen's top: Tab to the waiting change's Open, Enter opens the booking.
    const open = page.getByRole('button', { name: say('today.needs.open', { reference: waiting.clientReference }) });
    await page.getByRole('button', { name: say('today.screen.refresh') }).focus();
    for (let presses = 0; presses < 10 && !(await open.evaluate((element) => element === document.activeElement)); presses += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: `${waiting.holder.name} ${waiting.holder.surname}` }).isVisible()).toBe(true);
  });

  test('by keyboard: the end-of-day report opens from Today, is saved as a PDF and as a CSV that parses back to the service’s totals', async () => {
    harness = await startHarness({ trainingControls: { supplierDelayMs: 20 } });
    const { page, core, dataDir } = harness;
    const training = harness.training;
    if (!training) throw new Error('no built-in service');
    const bookings = [await paidAtCounter(core, 1, 150), await paidAtCounter(core, 25, 160)];
    await core.engine.cancel((bookings[0] as BookingRecord).id, 'Traveler changed plans');
    const expected = serviceTotals(training, bookings);
    const day = new Date().toISOString().slice(0, 10);

    await page.keyboard.press('Control+y');
    await expect.poll(() => page.getByTestId('made-count').textContent()).toBe(say('today.counts.made', { count: 2 }));
    await page.keyboard.press('e');
    const report = page.getByRole('article', { name: say('today.endOfDay.title') });
    await expect
      .poll(() =>
        report
          .getByRole('table', { name: say('today.endOfDay.movements') })
          .getByRole('row')
          .count(),
      )
      .toBe(6);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(say('component.printBar.print'));
    await harness.screenshot('end-of-day-report');

    // Shift+Tab from Print to Save as PDF, Enter.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => savedDocumentStatus(page)).toContain('.pdf');
    const pdf = readFileSync(join(dataDir, `packdesk-training-end-of-day-${day}.pdf`));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Printed as a document of its own from the ledger: a line for each of the five movements, the totals, the line to sign.
    const printed = harness.printedDocuments.at(-1) ?? '';
    expect(
      printed.split('\n').filter((line) => /^\d\d:\d\d {2}/.test(line) && MOVEMENTS.some((name) => line.slice(7).startsWith(`${name} `))),
    ).toHaveLength(5);
    for (const line of expected) expect(printed).toContain(writtenMoney(line.takings, line.currency));
    expect(printed).toContain(say('report.document.closedBy'));
    expect(printed).not.toContain(say('component.printBar.savePdf'));
    // The first page as it prints (an A4 sheet at 96 dpi, the page's margins as padding), for the docs.
    const paper = await harness.context.newPage();
    await paper.setViewportSize({ width: 794, height: 1123 });
    await paper.emulateMedia({ media: 'print' });
    await paper.setContent(printed);
    await paper.addStyleTag({ content: 'body { padding: 14mm 12mm; }' });
    await harness.screenshot('end-of-day-paper', paper);
    await paper.close();

    // Shift+Tab to Save CSV, Enter: main writes it; parsed back, its totals are the service's.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: sayMatching('today.endOfDay.csvSaved') })
          .isVisible(),
      )
      .toBe(true);
    // Main writes the CSV's headings and words in English whatever the counter's language (electron/core/reports/end-of-day.ts).
    const rows = readFileSync(join(dataDir, `packdesk-training-end-of-day-${day}.csv`), 'utf8')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]).toEqual(['Time (UTC)', 'Movement', 'Amount (minor units)', 'Currency', 'Booking', 'Reference', 'Traveler', 'Agent']);
    expect(rows.filter((row) => row[0] !== 'Total').length - 1).toBe(5);
    expect(rows.filter((row) => row[0] === 'Total').map((row) => [row[3], Number(row[2])])).toEqual(
      expected.map((line) => [line.currency, line.takings]),
    );

    // Escape: back to Today.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('heading', { name: say('today.screen.title'), level: 2 }).isVisible()).toBe(true);
  });

  test('a printed document runs no script and loads nothing, whatever a name in it holds', async () => {
    harness = await startHarness();
    // A traveler's name or a service's word written to call out, as if it had slipped through unescaped.
    const calls: string[] = [];
    const beacon = createServer((request, response) => (calls.push(request.url ?? ''), response.end('ok')));
    await new Promise<void>((resolve) => beacon.listen(0, '127.0.0.1', resolve));
    const address = beacon.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const printing = await harness.context.newPage();
    try {
      const body = `<h1>End-of-day report</h1><img src="${origin}/pixel"><script>fetch('${origin}/script')</script><link rel="stylesheet" href="${origin}/style">`;
      await printing.setContent(printDocument('packdesk-training-end-of-day.pdf', body, 'en-GB'));
      expect((await printing.pdf({ format: 'A4' })).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // A last chance for anything the page might have sent late.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls).toEqual([]);
    } finally {
      await printing.close();
      beacon.close();
    }
  });

  test('by keyboard: the period report opens from Today with the month so far, and a period longer than a year asks to narrow it', async () => {
    harness = await startHarness({ trainingControls: { supplierDelayMs: 20 } });
    const { page, core } = harness;
    const lisbon = await paidAtCounter(core, 1, 150);
    const cancelled = await paidAtCounter(core, 1, 160);
    await core.engine.cancel(cancelled.id, 'Traveler changed plans');
    await paidAtCounter(core, 25, 170);

    await page.keyboard.press('Control+y');
    await expect.poll(() => page.getByTestId('made-count').textContent()).toBe(say('today.counts.made', { count: 3 }));
    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('period-rates').textContent()).toMatch(RATES);
    const packages = page.getByRole('table', { name: say('today.period.packages') });
    await expect
      .poll(() => packages.getByRole('row').nth(1).textContent())
      .toBe(`${lisbon.packageTitle}${shownNumber(2)}${shownNumber(1)}`);
    await harness.screenshot('period-report');

    // Save CSV, by Enter: main writes the period a line per booking, then its takings per currency.
    await page.getByRole('button', { name: say('today.period.saveCsv') }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: sayMatching('today.period.csvSaved') })
          .isVisible(),
      )
      .toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const csv = readFileSync(join(harness.dataDir, `packdesk-training-period-${today.slice(0, 8)}01-to-${today}.csv`), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    // In English whatever the counter's language, as the end-of-day CSV (electron/core/reports/period.ts); the status is the ledger's.
    expect(lines[0]?.startsWith('Made (UTC),Booking,Reference,Package,Hotel')).toBe(true);
    expect(lines.filter((line) => line.includes(',Cancelled,'))).toHaveLength(1);
    expect(lines.filter((line) => !line.startsWith('Total,'))).toHaveLength(4);

    // Save as PDF, by Enter: main prints the period shown from its own figures.
    await page.getByRole('button', { name: say('component.printBar.savePdf') }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: SAVED_PDF }).textContent()).toContain('.pdf');
    const pdf = readFileSync(join(harness.dataDir, `packdesk-training-period-${today.slice(0, 8)}01-to-${today}.pdf`));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const printed = harness.printedDocuments.at(-1) ?? '';
    expect(printed).toMatch(RATES);
    expect(printed).toContain(`<td>${lisbon.packageTitle}</td><td class="amount">2</td><td class="amount">1</td>`);

    // Into From, a day more than a year before To, Enter: the period is refused in words.
    const from = page.getByRole('textbox', { name: say('today.period.from') });
    await from.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2020-01-01');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(say('validation.reports.periodTooLong'));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('heading', { name: say('today.screen.title'), level: 2 }).isVisible()).toBe(true);
  });
});

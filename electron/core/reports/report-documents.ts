import { formatDate, plural } from '../../../shared/format';
import { reportMoney } from '../../../shared/report-money';
import {
  MONEY_COLUMNS,
  MOVEMENT_WORDS,
  movementBooking,
  movementTime,
  NOTHING_UNSETTLED,
  periodRates,
  unsettledAtClose,
} from '../../../shared/report-words';
import type { CurrencyTotals, EndOfDay, PeriodReport } from '../../../shared/reports';
import { escapeHtml } from '../../../shared/escape-html';

/**
 * The reports on paper, written by main from the ledger's own figures. A busy day's movements are a
 * fixed-width listing, a line of text each, like a till's closing slip: Chromium prints thousands of
 * such lines five times faster than a table's cells, and the columns still line up.
 */

/** Movements on the first page (under the report's heading), then on each page after. */
const FIRST_PAGE_LINES = 58;
const PAGE_LINES = 66;

const fit = (text: string, width: number) => (text.length <= width ? text.padEnd(width) : `${text.slice(0, width - 1)}…`);

/** The movements as fixed-width lines, a page's worth per block, each block under the column headings. */
function movementListing(movements: EndOfDay['movements']): string {
  const amounts = movements.map((line) => reportMoney(line.amountMinor, line.currency));
  const amountWidth = Math.max('Amount'.length, ...amounts.map((amount) => amount.length));
  const row = (time: string, kind: string, amount: string, booking: string, holder: string, agent: string) =>
    [fit(time, 5), fit(kind, 14), amount.padStart(amountWidth), fit(booking, 28), fit(holder, 22), fit(agent, 12)].join('  ').trimEnd();
  const heading = row('UTC', 'Movement', 'Amount', 'Booking', 'Traveler', 'Agent');
  const rule = '─'.repeat(heading.length);
  const lines = movements.map((line, index) =>
    row(movementTime(line.at), MOVEMENT_WORDS[line.kind], amounts[index] ?? '', movementBooking(line), line.holder, line.agent || '—'),
  );
  const blocks: string[] = [];
  let start = 0;
  while (start < lines.length) {
    const size = blocks.length === 0 ? FIRST_PAGE_LINES : PAGE_LINES;
    blocks.push(`<pre class="listing">${escapeHtml([heading, rule, ...lines.slice(start, start + size)].join('\n'))}</pre>`);
    start += size;
  }
  return blocks.join('');
}

function moneyTable(money: CurrencyTotals[], caption: string): string {
  if (money.length === 0) return '<p class="dimmed">No money moved.</p>';
  const head = MONEY_COLUMNS.map(([title]) => `<th class="amount">${title}</th>`).join('');
  const rows = money
    .map(
      (line) =>
        `<tr><th>${escapeHtml(line.currency)}</th>${MONEY_COLUMNS.map(
          ([, field]) => `<td class="amount">${escapeHtml(reportMoney(line[field], line.currency))}</td>`,
        ).join('')}</tr>`,
    )
    .join('');
  return `<table aria-label="${escapeHtml(caption)}"><thead><tr><th>Currency</th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** A day's end-of-day report: every movement, the totals per currency, what was open at the close, and the line to sign. */
export function endOfDayDocument(report: EndOfDay): string {
  const unsettled = unsettledAtClose(report);
  return [
    '<h1>End-of-day report</h1>',
    `<p class="dimmed">${escapeHtml(formatDate(report.day))} (UTC), this counter · ${plural(report.movements.length, 'money movement')} as the service recorded them</p>`,
    report.movements.length === 0
      ? '<p>Nothing was sold and no money moved at this counter on this day.</p>'
      : movementListing(report.movements),
    '<h2>Totals per currency</h2>',
    moneyTable(report.totals, 'Totals per currency'),
    '<h2>Unsettled at the close</h2>',
    `<p>${escapeHtml(unsettled ?? NOTHING_UNSETTLED)}</p>`,
    '<div class="signature"><span>Closed by: ______________________</span><span>Signature: ______________________</span><span>Date: ______________</span></div>',
  ].join('\n');
}

function sellersTable(label: string, sellers: PeriodReport['topPackages']): string {
  const rows = sellers
    .map(
      (seller) =>
        `<tr><td>${escapeHtml(seller.name)}</td><td class="amount">${seller.made}</td><td class="amount">${seller.cancelled}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>${label}</th><th class="amount">Made</th><th class="amount">Cancelled</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A period's report: the bookings made, their rates, the top sellers, the money per currency. */
export function periodDocument(report: PeriodReport): string {
  return [
    '<h1>Period report</h1>',
    `<p class="dimmed">${escapeHtml(formatDate(report.from))} to ${escapeHtml(formatDate(report.to))} (UTC), this counter</p>`,
    `<p>${escapeHtml(periodRates(report) ?? 'No booking was made at this counter in this period.')}</p>`,
    `<div class="columns">${sellersTable('Package', report.topPackages)}${sellersTable('Hotel', report.topHotels)}</div>`,
    '<h2>Money per currency</h2>',
    moneyTable(report.money, 'Money per currency'),
  ].join('\n');
}

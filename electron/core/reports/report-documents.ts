import { formatDate } from '../../../shared/format';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Message, Wording } from '../../../shared/i18n/messages';
import {
  MONEY_COLUMNS,
  MOVEMENT_WORDS,
  movementBooking,
  movementTime,
  periodRates,
  REPORT_WORDS,
  reportAmount,
  unsettledAtClose,
} from '../../../shared/report-wording';
import type { CurrencyTotals, EndOfDay, PeriodReport } from '../../../shared/reports';
import { escapeHtml } from '../../../shared/escape-html';

/**
 * The reports on paper, written by main from the ledger's own figures, in the language of the agent who
 * prints them. A busy day's movements are a fixed-width listing, a line of text each, like a till's
 * closing slip: Chromium prints thousands of such lines five times faster than a table's cells.
 */

const words = defineMessages({
  endOfDay: { id: 'report.document.endOfDay', defaultMessage: 'End-of-day report' },
  endOfDayScope: {
    id: 'report.document.endOfDay.scope',
    defaultMessage:
      '{day} (UTC), this counter · {movements, plural, one {# money movement} other {# money movements}} as the service recorded them',
  },
  quietDay: { id: 'report.document.endOfDay.quiet', defaultMessage: 'Nothing was sold and no money moved at this counter on this day.' },
  totals: { id: 'report.document.totals', defaultMessage: 'Totals per currency' },
  unsettled: { id: 'report.document.unsettled', defaultMessage: 'Unsettled at the close' },
  closedBy: { id: 'report.document.closedBy', defaultMessage: 'Closed by:' },
  signature: { id: 'report.document.signature', defaultMessage: 'Signature:' },
  date: { id: 'report.document.date', defaultMessage: 'Date:' },
  noMoney: { id: 'report.document.noMoney', defaultMessage: 'No money moved.' },
  currency: { id: 'report.document.currency', defaultMessage: 'Currency' },
  utc: { id: 'report.document.listing.utc', defaultMessage: 'UTC' },
  movement: { id: 'report.document.listing.movement', defaultMessage: 'Movement' },
  amount: { id: 'report.document.listing.amount', defaultMessage: 'Amount' },
  booking: { id: 'report.document.listing.booking', defaultMessage: 'Booking' },
  traveler: { id: 'report.document.listing.traveler', defaultMessage: 'Traveler' },
  agent: { id: 'report.document.listing.agent', defaultMessage: 'Agent' },
  period: { id: 'report.document.period', defaultMessage: 'Period report' },
  periodScope: { id: 'report.document.period.scope', defaultMessage: '{from} to {to} (UTC), this counter' },
  noBookings: { id: 'report.document.period.none', defaultMessage: 'No booking was made at this counter in this period.' },
  package: { id: 'report.document.sellers.package', defaultMessage: 'Package' },
  hotel: { id: 'report.document.sellers.hotel', defaultMessage: 'Hotel' },
  made: { id: 'report.document.sellers.made', defaultMessage: 'Made' },
  cancelled: { id: 'report.document.sellers.cancelled', defaultMessage: 'Cancelled' },
  moneyPerCurrency: { id: 'report.document.money', defaultMessage: 'Money per currency' },
});

/** Movements on the first page (under the report's heading), then on each page after. */
const FIRST_PAGE_LINES = 58;
const PAGE_LINES = 66;

const fit = (text: string, width: number) => (text.length <= width ? text.padEnd(width) : `${text.slice(0, width - 1)}…`);
/** Words written into the document: escaped, as every name and every translation is. */
const html = (wording: Wording, message: Message, values?: Record<string, string | number>) => escapeHtml(wording.say(message, values));

/** The movements as fixed-width lines, a page's worth per block, each block under the column headings. */
function movementListing(movements: EndOfDay['movements'], wording: Wording): string {
  const { say } = wording;
  const amounts = movements.map((line) => reportAmount(line.amountMinor, line.currency, wording));
  const amountWidth = Math.max(say(words.amount).length, ...amounts.map((amount) => amount.length));
  // As wide as the language's longest movement: "Per Link bezahlt" is never cut to "Per Link beza…".
  const kindWidth = Math.max(say(words.movement).length, ...Object.values(MOVEMENT_WORDS).map((message) => say(message).length));
  const row = (time: string, kind: string, amount: string, booking: string, holder: string, agent: string) =>
    [fit(time, 5), fit(kind, kindWidth), amount.padStart(amountWidth), fit(booking, 28), fit(holder, 22), fit(agent, 12)]
      .join('  ')
      .trimEnd();
  const heading = row(say(words.utc), say(words.movement), say(words.amount), say(words.booking), say(words.traveler), say(words.agent));
  const rule = '─'.repeat(heading.length);
  const lines = movements.map((line, index) =>
    row(movementTime(line.at), say(MOVEMENT_WORDS[line.kind]), amounts[index] ?? '', movementBooking(line), line.holder, line.agent || '—'),
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

function moneyTable(money: CurrencyTotals[], caption: Message, wording: Wording): string {
  if (money.length === 0) return `<p class="dimmed">${html(wording, words.noMoney)}</p>`;
  const head = MONEY_COLUMNS.map(([title]) => `<th class="amount">${html(wording, title)}</th>`).join('');
  const rows = money
    .map(
      (line) =>
        `<tr><th>${escapeHtml(line.currency)}</th>${MONEY_COLUMNS.map(
          ([, field]) => `<td class="amount">${escapeHtml(reportAmount(line[field], line.currency, wording))}</td>`,
        ).join('')}</tr>`,
    )
    .join('');
  return `<table aria-label="${html(wording, caption)}"><thead><tr><th>${html(wording, words.currency)}</th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** A day's end-of-day report: every movement, the totals per currency, what was open at the close, and the line to sign. */
export function endOfDayDocument(report: EndOfDay, wording: Wording): string {
  const day = formatDate(report.day, wording.locale);
  const line = '______________________';
  return [
    `<h1>${html(wording, words.endOfDay)}</h1>`,
    `<p class="dimmed">${html(wording, words.endOfDayScope, { day, movements: report.movements.length })}</p>`,
    report.movements.length === 0 ? `<p>${html(wording, words.quietDay)}</p>` : movementListing(report.movements, wording),
    `<h2>${html(wording, words.totals)}</h2>`,
    moneyTable(report.totals, words.totals, wording),
    `<h2>${html(wording, words.unsettled)}</h2>`,
    `<p>${escapeHtml(unsettledAtClose(report, wording) ?? wording.say(REPORT_WORDS.nothingUnsettled))}</p>`,
    `<div class="signature"><span>${html(wording, words.closedBy)} ${line}</span><span>${html(wording, words.signature)} ${line}</span><span>${html(wording, words.date)} ______________</span></div>`,
  ].join('\n');
}

function sellersTable(label: Message, sellers: PeriodReport['topPackages'], wording: Wording): string {
  const rows = sellers
    .map(
      (seller) =>
        `<tr><td>${escapeHtml(seller.name)}</td><td class="amount">${seller.made}</td><td class="amount">${seller.cancelled}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>${html(wording, label)}</th><th class="amount">${html(wording, words.made)}</th><th class="amount">${html(wording, words.cancelled)}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A period's report: the bookings made, their rates, the top sellers, the money per currency. */
export function periodDocument(report: PeriodReport, wording: Wording): string {
  const scope = { from: formatDate(report.from, wording.locale), to: formatDate(report.to, wording.locale) };
  return [
    `<h1>${html(wording, words.period)}</h1>`,
    `<p class="dimmed">${html(wording, words.periodScope, scope)}</p>`,
    `<p>${escapeHtml(periodRates(report, wording) ?? wording.say(words.noBookings))}</p>`,
    `<div class="columns">${sellersTable(words.package, report.topPackages, wording)}${sellersTable(words.hotel, report.topHotels, wording)}</div>`,
    `<h2>${html(wording, words.moneyPerCurrency)}</h2>`,
    moneyTable(report.money, words.moneyPerCurrency, wording),
  ].join('\n');
}

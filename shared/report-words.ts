import { plural } from './format';
import { reportMoney } from './report-money';
import type { CurrencyTotals, EndOfDay, MoneyKind, PeriodReport } from './reports';

/** Each money movement as the reports name it, on screen and on paper. */
export const MOVEMENT_WORDS: Record<MoneyKind, string> = {
  authorized: 'Authorized',
  captured: 'Captured',
  released: 'Released',
  refunded: 'Refunded',
  paid_at_link: 'Paid at a link',
};

/** A currency's money as the reports set it out, takings first: each column's heading and its figure. */
export const MONEY_COLUMNS: readonly (readonly [string, keyof Omit<CurrencyTotals, 'currency'>])[] = [
  ['Takings', 'takings'],
  ['Captured', 'captured'],
  ['Paid at a link', 'paidAtLink'],
  ['Refunded', 'refunded'],
  ['Authorized', 'authorized'],
  ['Released', 'released'],
];

/** A movement's time of day (UTC), from the service's timestamp. */
export const movementTime = (iso: string) => iso.slice(11, 16);

/** The booking a movement belongs to: Packdesk's reference, and the service's where it gave one. */
export const movementBooking = (line: EndOfDay['movements'][number]) =>
  line.bookingReference ? `${line.clientReference} · ${line.bookingReference}` : line.clientReference;

/** What was still open when the day closed, in a sentence; null when nothing was. */
export function unsettledAtClose({ unsettled, changesWaitingTotal }: Pick<EndOfDay, 'unsettled' | 'changesWaitingTotal'>): string | null {
  const parts = unsettled.map(
    (line) => `${reportMoney(line.amountMinor, line.currency)} authorized, not yet captured (${plural(line.bookings, 'booking')})`,
  );
  if (changesWaitingTotal > 0) parts.push(`${plural(changesWaitingTotal, 'change')} waiting for the traveler’s payment`);
  return parts.length === 0 ? null : `${parts.join('; ')}.`;
}

export const NOTHING_UNSETTLED = 'Nothing: every payment is captured or released, and no change waits for a traveler’s payment.';

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 1000) / 10}%`);

/** The period's bookings in a sentence: how many, how many cancelled and changed, how far ahead; null when none was made. */
export function periodRates(report: PeriodReport): string | null {
  if (report.made === 0) return null;
  return `${plural(report.made, 'booking')} made; cancelled ${percent(report.cancelled, report.made)}, changed ${percent(report.changed, report.made)}; booked ${report.averageDaysAhead ?? '—'} days ahead on average.`;
}

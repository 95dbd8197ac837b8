import { formatMoney } from './format';
import { isoMinorUnits } from './currencies';
import { defineMessages } from './i18n/messages';
import type { Message, Wording } from './i18n/messages';
import type { CurrencyTotals, EndOfDay, MoneyKind, PeriodReport } from './reports';

/** The reports' words, on screen and on paper: each screen and each printed document words them in its own language. */
export const REPORT_WORDS = defineMessages({
  authorized: { id: 'report.movement.authorized', defaultMessage: 'Authorized' },
  captured: { id: 'report.movement.captured', defaultMessage: 'Captured' },
  released: { id: 'report.movement.released', defaultMessage: 'Released' },
  refunded: { id: 'report.movement.refunded', defaultMessage: 'Refunded' },
  paidAtLink: { id: 'report.movement.paidAtLink', defaultMessage: 'Paid at a link' },
  takings: { id: 'report.money.takings', defaultMessage: 'Takings' },
  unknownCurrency: { id: 'report.money.unknownCurrency', defaultMessage: '{currency} {amount} (minor units)' },
  unsettledLine: {
    id: 'report.unsettled.line',
    defaultMessage: '{amount} authorized, not yet captured ({bookings, plural, one {# booking} other {# bookings}})',
  },
  changesWaiting: {
    id: 'report.unsettled.changes',
    defaultMessage: '{changes, plural, one {# change} other {# changes}} waiting for the traveler’s payment',
  },
  unsettledSentence: { id: 'report.unsettled.sentence', defaultMessage: '{parts}.' },
  nothingUnsettled: {
    id: 'report.unsettled.nothing',
    defaultMessage: 'Nothing: every payment is captured or released, and no change waits for a traveler’s payment.',
  },
  waitedDays: { id: 'report.waited.days', defaultMessage: '{count, plural, one {# day} other {# days}}' },
  waitedHours: { id: 'report.waited.hours', defaultMessage: '{count, plural, one {# hour} other {# hours}}' },
  waitedMinutes: { id: 'report.waited.minutes', defaultMessage: '{count, plural, one {# minute} other {# minutes}}' },
  waitedMoments: { id: 'report.waited.moments', defaultMessage: 'under a minute' },
  periodRates: {
    id: 'report.period.rates',
    defaultMessage:
      '{made, plural, one {# booking} other {# bookings}} made; cancelled {cancelled}, changed {changed}; booked {daysAhead} days ahead on average.',
  },
});

/** Each money movement as the reports name it. */
export const MOVEMENT_WORDS: Record<MoneyKind, Message> = {
  authorized: REPORT_WORDS.authorized,
  captured: REPORT_WORDS.captured,
  released: REPORT_WORDS.released,
  refunded: REPORT_WORDS.refunded,
  paid_at_link: REPORT_WORDS.paidAtLink,
};

/** A currency's money as the reports set it out, takings first: each column's heading and its figure. */
export const MONEY_COLUMNS: readonly (readonly [Message, keyof Omit<CurrencyTotals, 'currency'>])[] = [
  [REPORT_WORDS.takings, 'takings'],
  [REPORT_WORDS.captured, 'captured'],
  [REPORT_WORDS.paidAtLink, 'paidAtLink'],
  [REPORT_WORDS.refunded, 'refunded'],
  [REPORT_WORDS.authorized, 'authorized'],
  [REPORT_WORDS.released, 'released'],
];

/**
 * An amount of a report, in its own currency: formatted where ISO 4217 says how many minor units it
 * has; a code Packdesk does not know is shown as the service gave it, its code and the minor units.
 */
export function reportAmount(amountMinor: number, currency: string, { say, locale }: Wording): string {
  if (isoMinorUnits(currency) === null) return say(REPORT_WORDS.unknownCurrency, { currency, amount: amountMinor });
  return formatMoney(amountMinor, currency, locale);
}

/** A movement's time of day (UTC), from the service's timestamp. */
export const movementTime = (iso: string) => iso.slice(11, 16);

/** The booking a movement belongs to: Packdesk's reference, and the service's where it gave one. */
export const movementBooking = (line: EndOfDay['movements'][number]) =>
  line.bookingReference ? `${line.clientReference} · ${line.bookingReference}` : line.clientReference;

/** What was still open when the day closed, in a sentence; null when nothing was (REPORT_WORDS.nothingUnsettled). */
export function unsettledAtClose(
  { unsettled, changesWaitingTotal }: Pick<EndOfDay, 'unsettled' | 'changesWaitingTotal'>,
  wording: Wording,
): string | null {
  const { say } = wording;
  const parts = unsettled.map((line) =>
    say(REPORT_WORDS.unsettledLine, { amount: reportAmount(line.amountMinor, line.currency, wording), bookings: line.bookings }),
  );
  if (changesWaitingTotal > 0) parts.push(say(REPORT_WORDS.changesWaiting, { changes: changesWaitingTotal }));
  return parts.length === 0 ? null : say(REPORT_WORDS.unsettledSentence, { parts: parts.join('; ') });
}

const percent = (part: number, whole: number, locale: string) =>
  whole === 0 ? '—' : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(part / whole);

/** The period's bookings in a sentence: how many, how many cancelled and changed, how far ahead; null when none was made. */
export function periodRates(report: PeriodReport, { say, locale }: Wording): string | null {
  if (report.made === 0) return null;
  return say(REPORT_WORDS.periodRates, {
    made: report.made,
    cancelled: percent(report.cancelled, report.made, locale),
    changed: percent(report.changed, report.made, locale),
    daysAhead: report.averageDaysAhead === null ? '—' : new Intl.NumberFormat(locale).format(report.averageDaysAhead),
  });
}

/** How long something has waited, in the largest whole unit: "3 days", "5 hours", "12 minutes". */
export function waitedFor(sinceIso: string, now: number, { say }: Wording): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / 60_000));
  if (minutes >= 2 * 24 * 60) return say(REPORT_WORDS.waitedDays, { count: Math.floor(minutes / (24 * 60)) });
  if (minutes >= 2 * 60) return say(REPORT_WORDS.waitedHours, { count: Math.floor(minutes / 60) });
  if (minutes === 0) return say(REPORT_WORDS.waitedMoments);
  return say(REPORT_WORDS.waitedMinutes, { count: minutes });
}

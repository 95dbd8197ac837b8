import { defineMessages, issue } from './i18n/messages';
import { z } from 'zod';
import { storedWordsSchema } from './stored-words';

const words = defineMessages({
  periodBackwards: {
    id: 'validation.reports.periodBackwards',
    defaultMessage: 'The period ends before it starts: choose a “to” day on or after the “from” day.',
  },
  periodTooLong: {
    id: 'validation.reports.periodTooLong',
    defaultMessage: 'That period is longer than a year: narrow it to a year or less (a month, a week).',
  },
});

/** A money movement as the service records it: authorized, captured, released, refunded, or paid at a change's link. */
export const MONEY_KINDS = ['authorized', 'captured', 'released', 'refunded', 'paid_at_link'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

const minor = z.number().int();
const count = z.number().int().nonnegative();

/** One currency's movements of a day, in its minor units; never added to another currency's. */
export const currencyTotalsSchema = z.object({
  currency: z.string(),
  authorized: minor,
  captured: minor,
  released: minor,
  refunded: minor,
  paidAtLink: minor,
  /** What the agency keeps of the day: captured and paid at a link, less refunded. */
  takings: minor,
});
export type CurrencyTotals = z.infer<typeof currencyTotalsSchema>;

export const todayInputSchema = z
  .object({
    profileId: z.number().int().positive(),
    /** The UTC day (YYYY-MM-DD); today when absent. */
    day: z.iso.date().optional(),
    /** This counter's day, or the whole agency's from the copies this counter holds (a supervisor's to see); this counter's when absent. */
    scope: z.enum(['counter', 'agency']).optional(),
  })
  .strict();

const waitingChangeSchema = z.object({
  bookingId: z.number().int(),
  clientReference: z.string(),
  holder: z.string(),
  reference: z.string(),
  amountMinor: minor.nullable(),
  currency: z.string(),
  /** When the change was asked for; null on changes kept before Packdesk recorded it. */
  requestedAt: z.string().nullable(),
});

const flaggedSchema = z.object({
  bookingId: z.number().int(),
  clientReference: z.string(),
  holder: z.string(),
  attention: z.string(),
  /** The attention's words, shown in the reader's language; null on rows from before (the English `attention` is shown). */
  attentionWords: storedWordsSchema.nullable(),
});

export const todayFiguresSchema = z.object({
  day: z.string(),
  /** Whose day: this counter's, or the agency's (every desk's bookings as this counter last heard of them). */
  scope: z.enum(['counter', 'agency']),
  /** Bookings made that day, by the status each has now. */
  made: count,
  byStatus: z.array(z.object({ status: z.string(), n: count })),
  /** Bookings made in each UTC hour (24 entries). */
  madeByHour: z.array(count).length(24),
  money: z.array(currencyTotalsSchema),
  /** Changes still waiting for the traveler's payment (any day), oldest first. */
  changesWaiting: z.array(waitingChangeSchema),
  changesWaitingTotal: count,
  /** Bookings that need a person (any day), newest first. */
  flagged: z.array(flaggedSchema),
  flaggedTotal: count,
  /** Per agent (an empty name: nobody signed in); null when the person asking may see only the counter's day. */
  byAgent: z.array(z.object({ agent: z.string(), made: count, money: z.array(currencyTotalsSchema) })).nullable(),
  /** The agency's day per desk (an empty name: this counter); null for this counter's own day. */
  byCounter: z.array(z.object({ counter: z.string(), made: count, money: z.array(currencyTotalsSchema) })).nullable(),
});
export type TodayFigures = z.infer<typeof todayFiguresSchema>;

export const endOfDayInputSchema = z.object({ profileId: z.number().int().positive(), day: z.iso.date() }).strict();

/** One money movement as the service recorded it, with the booking it belongs to. */
const movementLineSchema = z.object({
  at: z.string(),
  kind: z.enum(MONEY_KINDS),
  amountMinor: minor,
  currency: z.string(),
  bookingId: z.number().int(),
  clientReference: z.string(),
  bookingReference: z.string().nullable(),
  holder: z.string(),
  agent: z.string(),
});
export type MovementLine = z.infer<typeof movementLineSchema>;

export const endOfDaySchema = z.object({
  day: z.string(),
  /** Every movement of the day at this counter, in the order it was recorded. */
  movements: z.array(movementLineSchema),
  totals: z.array(currencyTotalsSchema),
  /** Authorized at the close and not yet captured or released, per currency (any day's). */
  unsettled: z.array(z.object({ currency: z.string(), amountMinor: minor, bookings: count })),
  changesWaitingTotal: count,
});
export type EndOfDay = z.infer<typeof endOfDaySchema>;

const DAY_MS = 86_400_000;

/** A week, a month, up to a year: longer asks the agent to narrow it. */
const periodRules = <Schema extends z.ZodType<{ from: string; to: string }>>(schema: Schema) =>
  schema
    .refine((input) => input.from <= input.to, { error: issue(words.periodBackwards) })
    .refine((input) => Date.parse(input.to) - Date.parse(input.from) < 366 * DAY_MS, { error: issue(words.periodTooLong) });

export const periodInputSchema = periodRules(
  z.object({ profileId: z.number().int().positive(), from: z.iso.date(), to: z.iso.date() }).strict(),
);

/** Which report is saved as a PDF: a day's end-of-day report, or a period's (main prints it from the ledger, not from the screen). */
export const savePdfInputSchema = z.discriminatedUnion('report', [
  z.object({ profileId: z.number().int().positive(), report: z.literal('end-of-day'), day: z.iso.date() }).strict(),
  periodRules(
    z.object({ profileId: z.number().int().positive(), report: z.literal('period'), from: z.iso.date(), to: z.iso.date() }).strict(),
  ),
]);

const sellerSchema = z.object({ name: z.string(), made: count, cancelled: count });

export const periodReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Bookings made at this counter in the period, and of them how many were cancelled or changed. */
  made: count,
  cancelled: count,
  changed: count,
  /** Days from the day a booking was made to its check-in, on average (null: none made). */
  averageDaysAhead: z.number().nullable(),
  /** The most sold first (at most ten each). */
  topPackages: z.array(sellerSchema),
  topHotels: z.array(sellerSchema),
  money: z.array(currencyTotalsSchema),
});
export type PeriodReport = z.infer<typeof periodReportSchema>;

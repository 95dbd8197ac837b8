import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
const instant = z.iso.datetime({ offset: true });

/**
 * A booking as the agency sees it: ids, status, dates, holder name, totals, references. Strict:
 * a change carrying any other field (a key, a card, a client secret, an email) is refused whole.
 */
const agencyBookingSchema = z.strictObject({
  kind: z.literal('booking'),
  bookingKey: z.string().min(1).max(200),
  serviceBookingId: z.number().int().positive().nullable(),
  status: z.string().min(1).max(100),
  checkIn: day,
  checkOut: day,
  holderName: z.string().max(200),
  holderSurname: z.string().max(200),
  packageTitle: z.string().max(500),
  propertyName: z.string().max(500),
  totalMinor: z.number().int(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  clientReference: z.string().min(1).max(100),
  bookingReference: z.string().max(200).nullable(),
  createdAt: instant,
  updatedAt: instant,
});

/** One line of a booking's timeline, in the words the counter showed ("Paid", "Cancelled at the service"). */
const agencyTimelineEventSchema = z.strictObject({
  kind: z.literal('event'),
  bookingKey: z.string().min(1).max(200),
  at: instant,
  type: z.string().min(1).max(100),
  summary: z.string().max(1000),
});

/** What a counter sends to the agency and receives back: a booking's new state, or a timeline event. */
export const agencyChangeSchema = z.discriminatedUnion('kind', [agencyBookingSchema, agencyTimelineEventSchema]);

export type AgencyChange = z.infer<typeof agencyChangeSchema>;
export type AgencyBooking = z.infer<typeof agencyBookingSchema>;

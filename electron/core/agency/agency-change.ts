import { z } from 'zod';
import { storedWordsSchema } from '../../../shared/stored-words';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
const instant = z.iso.datetime({ offset: true });
/** An agent's name as a change carries it; the agency server checks the same lengths (agency-people-check.ts). */
const personName = z.string().min(1).max(100);
const counterName = z.string().min(1).max(100);

/** A booking's place in the agency's order: its revision number, and the counter that made it (the tie-break). */
const revisionSchema = z.strictObject({ revision: z.number().int().min(0), counterId: z.string().min(1).max(64) });

/**
 * A booking as the agency sees it: what any counter needs to find it, cancel it, change it or print
 * its voucher (ids, status, dates, holder, guests' ages, rooms, totals, references, and which write
 * is under way). Strict: a change carrying any other field (a key, a card, a client secret, a
 * payment link) is refused whole.
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
  holderEmail: z.string().max(320),
  packageId: z.number().int(),
  packageTitle: z.string().max(500),
  propertyId: z.number().int(),
  propertyName: z.string().max(500),
  adults: z.number().int().min(0).max(50),
  paxAges: z.array(z.number().int().min(0).max(150)).max(50),
  items: z
    .array(z.strictObject({ availability_id: z.number().int(), paxes: z.array(z.strictObject({ age: z.number().int() })).max(50) }))
    .max(20),
  totalMinor: z.number().int(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  clientReference: z.string().min(1).max(100),
  bookingReference: z.string().max(200).nullable(),
  /**
   * A write sent from the counter that holds the booking's lease, outcome not known yet ('book', 'cancel', …),
   * or CHANGE_AWAITING_PAYMENT (awaited-change.ts): a change made there waits for the traveler's payment at its link.
   */
  inFlight: z.string().max(40).nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** The booking's revision this change makes (changes from before revisions existed count as 0). */
  revision: z.number().int().min(0).default(0),
  /** The revision the counter held when it made the change; null when it held none the agency ordered. */
  basedOn: revisionSchema.nullable().default(null),
  /** Who made the booking and at which counter, who last changed it (and who approved that) and where; absent on older changes. */
  madeBy: personName.nullable().default(null),
  madeAtCounter: counterName.nullable().default(null),
  changedBy: personName.nullable().default(null),
  changedApprover: personName.nullable().default(null),
  changedAtCounter: counterName.nullable().default(null),
});

/** One line of a booking's timeline, in the words the counter showed ("Paid", "Cancelled at the service"). */
const agencyTimelineEventSchema = z.strictObject({
  kind: z.literal('event'),
  bookingKey: z.string().min(1).max(200),
  at: instant,
  type: z.string().min(1).max(100),
  summary: z.string().max(1000),
  /** The agent who wrote the line, the supervisor who approved it, the counter, or Packdesk itself; absent on older changes. */
  agent: personName.nullable().default(null),
  approver: personName.nullable().default(null),
  counter: counterName.nullable().default(null),
  byPackdesk: z.boolean().default(false),
  /** The line as a catalog message and its values, shown in each counter's agent's language; absent on older changes. */
  words: storedWordsSchema.nullable().default(null),
});

/** What a counter sends to the agency and receives back: a booking's new state, or a timeline event. */

export const agencyChangeSchema = z.discriminatedUnion('kind', [agencyBookingSchema, agencyTimelineEventSchema]);

export type AgencyChange = z.infer<typeof agencyChangeSchema>;
/** A change as a counter sends it: the fields with defaults (revision, who made it) may be absent, as in older changes. */
export type AgencyChangeSent = z.input<typeof agencyChangeSchema>;
export type AgencyBooking = z.infer<typeof agencyBookingSchema>;
export type AgencyRevision = z.infer<typeof revisionSchema>;

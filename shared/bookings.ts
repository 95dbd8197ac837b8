import { z } from 'zod';
import { containsCardNumber } from './card-number-screening';
import { defineMessages, issue } from './i18n/messages';
import type { Message } from './i18n/messages';
import { profileKindSchema } from './profiles';
import { storedWordsSchema } from './stored-words';

/** Packdesk's own status for a hold the service made but whose id was lost on the way back. */
export const UNCONFIRMED_HOLD = 'Unconfirmed hold';

const words = defineMessages({
  dateFormat: { id: 'validation.booking.dateFormat', defaultMessage: 'Enter a date as YYYY-MM-DD.' },
  firstNameRequired: { id: 'validation.booking.firstNameRequired', defaultMessage: 'Enter the traveler’s first name.' },
  surnameRequired: { id: 'validation.booking.surnameRequired', defaultMessage: 'Enter the traveler’s surname.' },
  emailFormat: { id: 'validation.booking.emailFormat', defaultMessage: 'Enter an e-mail address such as ana@example.com.' },
  clientReferenceTooLong: {
    id: 'validation.booking.clientReferenceTooLong',
    defaultMessage: 'A client reference has at most 60 characters.',
  },
  cancelReasonRequired: { id: 'validation.booking.cancelReasonRequired', defaultMessage: 'Say why the booking is cancelled.' },
  changeNothing: { id: 'validation.booking.changeNothing', defaultMessage: 'Choose new dates, a new room, or both.' },
  cardInFirstName: {
    id: 'validation.booking.cardInFirstName',
    defaultMessage:
      'The first name looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the first name.',
  },
  cardInSurname: {
    id: 'validation.booking.cardInSurname',
    defaultMessage:
      'The surname looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the surname.',
  },
  cardInEmail: {
    id: 'validation.booking.cardInEmail',
    defaultMessage:
      'The e-mail address looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the e-mail address.',
  },
  cardInClientReference: {
    id: 'validation.booking.cardInClientReference',
    defaultMessage:
      'The client reference looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the client reference.',
  },
  cardInCancelReason: {
    id: 'validation.booking.cardInCancelReason',
    defaultMessage:
      'The reason for cancelling looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the reason for cancelling.',
  },
  cardInPackageTitle: {
    id: 'validation.booking.cardInPackageTitle',
    defaultMessage:
      'The package title looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the package title.',
  },
  cardInPropertyName: {
    id: 'validation.booking.cardInPropertyName',
    defaultMessage:
      'The property name looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the property name.',
  },
});

const isoDate = z.iso.date({ error: issue(words.dateFormat) });

/** Free text that must never carry a card number: refused with `message`, which names the field. */
export const cardFree = <S extends z.ZodType<string>>(schema: S, message: Message) =>
  schema.refine((text) => !containsCardNumber(text), { error: issue(message) });

export const holderInputSchema = z.object({
  name: cardFree(z.string().trim().min(1, issue(words.firstNameRequired)).max(100), words.cardInFirstName),
  surname: cardFree(z.string().trim().min(1, issue(words.surnameRequired)).max(100), words.cardInSurname),
  email: cardFree(z.email({ error: issue(words.emailFormat) }).max(254), words.cardInEmail),
});
export type HolderInput = z.infer<typeof holderInputSchema>;

export const clientReferenceSchema = cardFree(z.string().trim().max(60, issue(words.clientReferenceTooLong)), words.cardInClientReference);

export const cancelReasonSchema = cardFree(z.string().trim().min(1, issue(words.cancelReasonRequired)).max(500), words.cardInCancelReason);

export const apiItemSchema = z.object({ availability_id: z.number().int(), paxes: z.array(z.object({ age: z.number().int() })) });

export const pendingModificationSchema = z.object({
  reference: z.string(),
  paymentLink: z.string(),
  /** What the traveler pays, and where the change takes the stay; null on rows kept before these were. */
  amountMinor: z.number().int().nullable(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  propertyName: z.string().nullable(),
  requestedAt: z.string().nullable(),
});
export type PendingModification = z.infer<typeof pendingModificationSchema>;

export const bookingRecordSchema = z.object({
  id: z.number().int(),
  profileId: z.number().int(),
  profileKind: profileKindSchema,
  serviceBookingId: z.number().int().nullable(),
  packageId: z.number().int(),
  packageTitle: z.string(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  adults: z.number().int(),
  holder: z.object({ name: z.string(), surname: z.string(), email: z.string() }),
  paxAges: z.array(z.number().int()),
  items: z.array(apiItemSchema),
  totalMinor: z.number().int(),
  currency: z.string(),
  clientReference: z.string(),
  bookingReference: z.string().nullable(),
  status: z.string(),
  /** A change that costs more, waiting for the traveler to pay it at the service's link. */
  pendingModification: pendingModificationSchema.nullable(),
  /** A payment waiting for 3-D Secure (its payment intent's id; never the client secret), or null. */
  paymentIntentId: z.string().nullable(),
  /** Why the agent should look at this booking (it was reconciled after a lost answer), or null. */
  attention: z.string().nullable(),
  /** The attention's words as a catalog message, shown in the agent's language; null on rows from before (their English `attention` is shown). */
  attentionWords: storedWordsSchema.nullable(),
  /** A write sent to the service whose outcome is not known yet ('book', 'cancel'…), or null. */
  inFlight: z.string().nullable(),
  /** The agency counter that made this booking ("Desk 2"); null: this counter. */
  originCounter: z.string().nullable(),
  /** The agent who made it and the counter they were at; null where nobody was signed in (training) or on rows from before. */
  madeBy: z.string().nullable(),
  madeAtCounter: z.string().nullable(),
  /** The agent who last changed or cancelled it, the supervisor who approved that, and the counter; null: not changed by a named agent. */
  changedBy: z.string().nullable(),
  changedApprover: z.string().nullable(),
  changedAtCounter: z.string().nullable(),
  /** Moves on with every change of the row; a read or a preview belongs to one version. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingRecord = z.infer<typeof bookingRecordSchema>;

export const timelineEventSchema = z.object({
  at: z.string(),
  type: z.string(),
  summary: z.string(),
  /** The line as a catalog message, shown in the agent's language; null on lines from before (their English `summary` is shown). */
  words: storedWordsSchema.nullable(),
  /** The agent who wrote the line and the supervisor who approved it; null where nobody was named. */
  agent: z.string().nullable(),
  approver: z.string().nullable(),
  /** The counter it was written at; null on lines from before counters were named. */
  counter: z.string().nullable(),
  /** Packdesk wrote it itself (a read of the service, a recovery at start-up), not a person. */
  byPackdesk: z.boolean(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const bookingFilterSchema = z
  .object({
    profileId: z.number().int().positive(),
    query: z.string().max(200).optional(),
    statuses: z.array(z.string().max(40)).max(10).optional(),
    /** Which date the range applies to: the stay's check-in (default) or when the booking was made. */
    dateField: z.enum(['check_in', 'created']).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** In an agency: every counter's bookings (default), or only those made at this counter. */
    counter: z.enum(['all', 'here']).optional(),
    /** Only the bookings this agent (their exact name) made or last changed. */
    agent: z.string().trim().min(1).max(100).optional(),
    offset: z.number().int().min(0).max(10_000_000).optional(),
    limit: z.number().int().min(1).max(500).optional(),
  })
  .strict();
export type BookingFilter = z.infer<typeof bookingFilterSchema>;

export const offerSchema = z.object({
  packageId: z.number().int().positive(),
  packageTitle: cardFree(z.string().min(1).max(200), words.cardInPackageTitle),
  propertyId: z.number().int().positive(),
  propertyName: cardFree(z.string().min(1).max(200), words.cardInPropertyName),
  checkIn: isoDate,
  checkOut: isoDate,
  adults: z.number().int().min(1).max(20),
});
export type StayRequest = z.infer<typeof offerSchema>;

export const quoteSchema = z.discriminatedUnion('available', [
  offerSchema.extend({
    available: z.literal(true),
    availabilityId: z.number().int(),
    totalMinor: z.number().int(),
    currency: z.string(),
    nights: z.number().int(),
    perNightMinor: z.number().int(),
  }),
  offerSchema.extend({ available: z.literal(false), currency: z.string().nullable(), nights: z.number().int() }),
]);
export type Quote = z.infer<typeof quoteSchema>;
export type AvailableQuote = Extract<Quote, { available: true }>;

export const holdSchema = z.object({
  holdId: z.string(),
  expiresAt: z.string(),
  totalMinor: z.number().int(),
  currency: z.string(),
});
export type Hold = z.infer<typeof holdSchema>;

export const priceSummarySchema = z.object({
  netPriceDiffMinor: z.number().int(),
  direction: z.string(),
  paymentRequired: z.boolean(),
  paymentAmountMinor: z.number().int(),
  refundAmountMinor: z.number().int(),
  currency: z.string(),
});
export type PriceSummary = z.infer<typeof priceSummarySchema>;

export const changeRequestSchema = z
  .object({
    bookingId: z.number().int().positive(),
    dates: z.object({ checkIn: isoDate, checkOut: isoDate }).optional(),
    /** A new offer for the room, from `bookings:price` (same package). */
    room: z
      .object({
        availabilityId: z.number().int().positive(),
        propertyId: z.number().int().positive(),
        propertyName: cardFree(z.string().max(200), words.cardInPropertyName),
      })
      .optional(),
  })
  .strict()
  .refine((change) => change.dates || change.room, { error: issue(words.changeNothing) });
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

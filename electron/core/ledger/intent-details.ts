import { z } from 'zod';
import { changesSchema, prebookRequestSchema } from '../../../shared/api';
import { holderInputSchema, quoteSchema } from '../../../shared/bookings';

/**
 * What each write journals before it is sent: enough for the reconciler to settle it when its
 * answer is lost, read back through these schemas rather than trusted as loose JSON.
 */

/** The calls that can change the service, each journaled before and after. */
export type WriteOperation = 'prebook' | 'book' | 'cancel' | 'modification';

const [availableQuoteSchema] = quoteSchema.options;

/** A prebook: the very request sent, and the quote the booking row is made from. */
const prebookDetailSchema = z.object({
  profileId: z.number().int(),
  request: prebookRequestSchema,
  quote: availableQuoteSchema,
  paxAges: z.array(z.number().int()),
});

/** Where a confirmed change takes the booking, as the service's own answers describe it. */
const changeTargetSchema = z.object({
  checkIn: z.string(),
  checkOut: z.string(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  /** The new room's offer, for a room change. */
  roomAvailabilityId: z.number().int().nullable(),
});
export type ChangeTarget = z.infer<typeof changeTargetSchema>;

const modificationDetailSchema = z.object({
  changes: changesSchema,
  target: changeTargetSchema,
  expectedDiff: z.number().int(),
  totalBefore: z.number().int(),
});
export type ModificationDetail = z.infer<typeof modificationDetailSchema>;

const detailSchemas = {
  prebook: prebookDetailSchema,
  book: z.object({ method: z.string(), clientReference: z.string().nullable(), paymentIntentId: z.string().nullable() }),
  cancel: z.object({ reason: z.string() }),
  modification: modificationDetailSchema,
} satisfies Record<WriteOperation, z.ZodType>;

/** What a write hands the ledger before it is sent. */
export type IntentDetailInput<O extends WriteOperation> = z.input<(typeof detailSchemas)[O]>;

/** A prebook as journaled: the ledger adds the client reference it allocated in the same commit. */
const storedPrebookSchema = prebookDetailSchema.extend({ clientReference: z.string() });
export type PrebookDetail = z.infer<typeof storedPrebookSchema>;

/** What a ledger before schema 4 journaled for a prebook: the hold's token and the holder, not the request sent. */
const earlierPrebookSchema = z.object({
  profileId: z.number().int(),
  token: z.string(),
  quote: availableQuoteSchema,
  paxAges: z.array(z.number().int()),
  holder: holderInputSchema,
  clientReference: z.string(),
});

/** Journaled details as read back; the shapes of earlier versions are kept so their writes can still be settled. */
const storedSchemas = {
  prebook: z.union([storedPrebookSchema, earlierPrebookSchema.extend({ kind: z.literal('earlier').default('earlier') })]),
  book: detailSchemas.book,
  cancel: detailSchemas.cancel,
  // Before schema 4 a change journaled its changes only: what they were meant to make cannot be checked.
  modification: z.union([
    modificationDetailSchema,
    z.object({ changes: changesSchema, target: z.undefined().optional() }).transform(() => ({ kind: 'earlier' as const })),
  ]),
} satisfies Record<WriteOperation, z.ZodType>;

export type StoredDetail<O extends WriteOperation> = z.output<(typeof storedSchemas)[O]>;

/** The change a pending change's link makes, as journaled; null for one kept by an earlier version without it. */
export function readModification(stored: unknown): ModificationDetail | null {
  const parsed = modificationDetailSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** An open intent's detail in the shape of its operation; null when it cannot be read (it is then settled by a person). */
export function readDetail<O extends WriteOperation>(operation: O, stored: unknown): StoredDetail<O> | null {
  const parsed = storedSchemas[operation].safeParse(stored);
  return parsed.success ? (parsed.data as StoredDetail<O>) : null;
}

/** A journal row as SQLite returns it. */
export type IntentRow = {
  id: number;
  booking_id: number | null;
  operation: WriteOperation;
  detail: string;
  started_at: string;
  doubt_until: number | null;
};

/** A write whose outcome is not known yet, as the reconciler sees it. */
export interface OpenIntent {
  id: number;
  bookingId: number | null;
  operation: WriteOperation;
  /** As journaled; read through `readDetail` (above). */
  detail: unknown;
  startedAt: string;
  /** Until when (epoch ms) a read showing no effect may still be overtaken by this write; null if the app stopped mid-call. */
  doubtUntil: number | null;
}

export const toIntent = (row: IntentRow): OpenIntent => ({
  id: row.id,
  bookingId: row.booking_id === null ? null : row.booking_id,
  operation: row.operation,
  detail: JSON.parse(row.detail) as unknown,
  startedAt: row.started_at,
  doubtUntil: row.doubt_until === null ? null : row.doubt_until,
});

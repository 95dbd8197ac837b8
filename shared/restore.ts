import { z } from 'zod';

/** A write a restored backup left open: held, never sent again or checked until the agent says so. */
export const heldWriteSchema = z.object({
  id: z.number().int(),
  /** What it was, in words: "A hold for Ana Silva at Hotel Alfama Palace, …", "A payment for booking PD-…". */
  what: z.string(),
  /** When the backup's counter sent it (ISO instant). */
  startedAt: z.string(),
  bookingId: z.number().int().nullable(),
  /** Whether the service can be asked what became of it (a read of the booking, never the write again). */
  checkable: z.boolean(),
  /** Why it cannot be checked, and what to do instead; null when it can. */
  whyNotCheckable: z.string().nullable(),
});
export type HeldWrite = z.infer<typeof heldWriteSchema>;

/** What the agent is told after a restore, until every held write is dealt with and the agency no longer waits. */
export const restoreNoticeSchema = z.object({
  /** When the backup was put in place (ISO instant). */
  restoredAt: z.string(),
  /** The counter the backup was made at, as the agency named it ("Desk 3"); null when it does not say. */
  madeAt: z.string().nullable(),
  /** The backup was made at another counter than this one; null when that could not be told. */
  madeElsewhere: z.boolean().nullable(),
  /** This counter has an agency connection, and it is not used until the agent connects again in Settings. */
  agencyWaits: z.boolean(),
  heldWrites: z.array(heldWriteSchema),
});
export type RestoreNotice = z.infer<typeof restoreNoticeSchema>;

import { z } from 'zod';

/** An amount in stored words: its minor units and currency, written in the reader's language when shown. */
const storedMoneySchema = z.strictObject({ minor: z.number().int(), currency: z.string().regex(/^[A-Z]{3}$/) });

/**
 * Words the ledger keeps beside a text it recorded in English (a timeline line, a booking's attention):
 * the catalog message's id and its values, so each agent reads it in their own language. Values are
 * data (names, references, days, the service's own words), never words to translate; money is worded
 * by the reader's locale. Bounded: a stored value is as long as the texts the ledger keeps.
 */
export const storedWordsSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/),
  values: z.record(z.string().max(100), z.union([z.string().max(10_000), z.number(), storedMoneySchema])),
});
export type StoredWords = z.infer<typeof storedWordsSchema>;

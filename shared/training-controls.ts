import { z } from 'zod';

/**
 * The built-in service's training controls: what a trainer (or a test) can change to rehearse a bad day. The contract
 * between the service, which keeps and obeys them, and the counter's trainer, which sets them.
 */
export const controlSettingsSchema = z
  .object({
    /** How long the supplier takes to confirm after a booking is paid. */
    supplierDelayMs: z.number().int().min(0).max(600_000),
    /** Whether the supplier confirms or rejects bookings paid from now on. */
    supplierOutcome: z.enum(['confirm', 'reject']),
    tokenLifetimeMs: z.number().int().min(1).max(86_400_000),
    /** Added to every API response. */
    latencyMs: z.number().int().min(0).max(60_000),
    /** Shares of API requests answered 503, or 429 with Retry-After, before any work. */
    errorRate: z.number().min(0).max(1),
    rateLimitRate: z.number().min(0).max(1),
    retryAfterSeconds: z.number().int().min(0).max(120),
    /** Share of write requests whose change is committed but whose response is never sent. */
    dropAfterCommitRate: z.number().min(0).max(1),
    /** Only writes whose path matches this regular expression lose their answer (null: every write). */
    lostAnswerPath: z.string().max(200).nullable(),
    /** Share of API requests held for slowRequestMs before any work: longer than a client waits, the work lands after it gave up. */
    slowRequestRate: z.number().min(0).max(1),
    slowRequestMs: z.number().int().min(0).max(60_000),
    /** What the bank does with a card that would pay: as the test card says, decline it, or ask for 3-D Secure that the cardholder then fails. */
    cardOutcome: z.enum(['as_card', 'decline', 'authentication_fails']),
    /** A stay already priced costs this much more (percent) when priced again, and a hold on the old price is refused: the price rises between pricing and holding. */
    priceRisePercent: z.number().int().min(0).max(100),
    /** Keeps a row per API write request in write_requests (when it came, when the service was done with it): a soak's judge of overlapping writes. Costs a commit per write. */
    logWrites: z.boolean(),
  })
  .strict();
export type ControlSettings = z.infer<typeof controlSettingsSchema>;

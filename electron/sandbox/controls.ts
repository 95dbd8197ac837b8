import { z } from 'zod';

/** What a trainer (or a test) can change to rehearse a bad day. Everything is off by default. */
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

export const DEFAULT_CONTROLS: ControlSettings = {
  supplierDelayMs: 2_000,
  supplierOutcome: 'confirm',
  tokenLifetimeMs: 15 * 60_000,
  latencyMs: 0,
  errorRate: 0,
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  dropAfterCommitRate: 0,
  lostAnswerPath: null,
  slowRequestRate: 0,
  slowRequestMs: 20_000,
  cardOutcome: 'as_card',
  priceRisePercent: 0,
  logWrites: false,
};

/** A fault for the next matching request, for scripts such as "fail twice, then succeed". */
export const scriptedFaultSchema = z
  .object({
    kind: z.enum(['error', 'rate_limit', 'drop_after_commit', 'delay', 'delay_answer']),
    /** Only requests whose method and path match; a path is a regular expression. */
    method: z.string().optional(),
    path: z.string().max(200).optional(),
    status: z.number().int().min(500).max(599).optional(),
    /** For 'delay' (before any work) and 'delay_answer' (the work is done, its answer waits: a stale answer). */
    delayMs: z.number().int().min(0).max(60_000).optional(),
  })
  .strict();
export type ScriptedFault = z.infer<typeof scriptedFaultSchema>;

export type FaultDecision = { kind: 'none' } | ScriptedFault;

export type TrainingControls = ReturnType<typeof createControls>;

/** The live controls of one running service. */
export function createControls(initial: Partial<ControlSettings> = {}, random: () => number = Math.random) {
  let current: ControlSettings = { ...DEFAULT_CONTROLS, ...initial };
  const script: ScriptedFault[] = [];
  let onSettlementDue: (delayMs: number) => void = () => {};

  return {
    get current(): ControlSettings {
      return current;
    },
    update(changes: Partial<ControlSettings>): ControlSettings {
      current = controlSettingsSchema.parse({ ...current, ...changes });
      return current;
    },
    reset(): void {
      current = { ...DEFAULT_CONTROLS, ...initial };
      script.length = 0;
    },
    queueFaults(faults: ScriptedFault[]): void {
      script.push(...faults.map((fault) => scriptedFaultSchema.parse(fault)));
    },
    pendingFaults: (): number => script.length,
    /** Decides the fault for one API request: a scripted one first, then the random shares. */
    faultFor(method: string, path: string, isWrite: boolean): FaultDecision {
      const index = script.findIndex(
        (fault) => (!fault.method || fault.method === method) && (!fault.path || new RegExp(fault.path).test(path)),
      );
      if (index >= 0) return script.splice(index, 1)[0] as ScriptedFault;
      if (current.errorRate > 0 && random() < current.errorRate) return { kind: 'error', status: 503 };
      if (current.rateLimitRate > 0 && random() < current.rateLimitRate) return { kind: 'rate_limit' };
      // The path is matched only when answers are being lost at all: every other write skips the regular expression.
      const onLostPath = () => current.lostAnswerPath === null || new RegExp(current.lostAnswerPath).test(path);
      if (isWrite && current.dropAfterCommitRate > 0 && onLostPath() && random() < current.dropAfterCommitRate)
        return { kind: 'drop_after_commit' };
      if (current.slowRequestRate > 0 && random() < current.slowRequestRate) return { kind: 'delay', delayMs: current.slowRequestMs };
      return { kind: 'none' };
    },
    scheduleSettlement(delayMs: number): void {
      onSettlementDue(delayMs);
    },
    onSettlement(callback: (delayMs: number) => void): void {
      onSettlementDue = callback;
    },
  };
}

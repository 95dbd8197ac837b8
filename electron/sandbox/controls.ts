import { z } from 'zod';
import { controlSettingsSchema } from '../../shared/training-controls';
import type { ControlSettings } from '../../shared/training-controls';

/** The controls a service starts with: no fault on, a supplier that confirms in two seconds. */
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

import type { ServiceError } from './service-errors';

export interface RetryPolicy {
  /** Tries in all, the first included, for failures other than "busy". */
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /**
   * How long one call may keep trying, from its first send: a wait that would end later goes to the agent
   * instead. A busy answer (429) is tried again within it whatever the count: it says the service did nothing.
   */
  patienceMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, initialDelayMs: 500, maxDelayMs: 8_000, patienceMs: 30_000 };

/**
 * Whether a read is tried again: on network errors, timeouts and 5xx (at most `maxAttempts` tries of those,
 * `failures` so far) and on 429, while the time since the first send with the next wait (`elapsedMs`) is
 * within patience. Writes never here: the engine sends a write again only after a 429 (journaled-write.ts).
 */
export function shouldRetry(error: ServiceError, failures: number, isRead: boolean, policy: RetryPolicy, elapsedMs: number): boolean {
  if (!isRead || elapsedMs > policy.patienceMs) return false;
  if (error.kind === 'rate_limit') return true;
  return failures < policy.maxAttempts && ['connection', 'timeout', 'server'].includes(error.kind);
}

/**
 * Delay before try `attempt + 1`: Retry-After when the service sent one above zero, else 0.5 s doubling to a cap,
 * with full jitter in its upper half (so a busy service answering "Retry-After: 0" is not asked again at once, forever).
 */
export function retryDelayMs(error: ServiceError, attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  if (error.retryAfterMs !== null && error.retryAfterMs > 0) return error.retryAfterMs;
  const ceiling = Math.min(policy.initialDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** How long to wait before sending a write turned away as busy again; null when it is no 429 or the wait runs past patience. */
export function busyResendDelayMs(error: ServiceError, attempt: number, elapsedMs: number, policy: RetryPolicy): number | null {
  if (error.kind !== 'rate_limit') return null;
  const delayMs = retryDelayMs(error, attempt, policy);
  return elapsedMs + delayMs <= policy.patienceMs ? delayMs : null;
}

/**
 * The one loop of a call tried again: `send` until it answers, or until `waitBeforeNext` (given the failure, the
 * try's number and the time spent so far, sending and waiting) says no with null; then the last failure is thrown.
 * It waits itself and resolves to the time waited, which counts towards the patience of the next.
 */
export async function sendWithinPatience<T>(
  send: (attempt: number) => Promise<T>,
  waitBeforeNext: (error: unknown, attempt: number, spentMs: number) => Promise<number | null>,
): Promise<T> {
  let spentMs = 0;
  for (let attempt = 1; ; attempt += 1) {
    const sentAt = performance.now();
    try {
      return await send(attempt);
    } catch (error) {
      spentMs += performance.now() - sentAt;
      const waitedMs = await waitBeforeNext(error, attempt, spentMs);
      if (waitedMs === null) throw error;
      spentMs += waitedMs;
    }
  }
}

/** Retry-After as seconds or an HTTP date, in milliseconds; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

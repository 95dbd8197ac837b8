import type { ServiceError } from './service-errors';

export interface RetryPolicy {
  /** Tries in all, the first included, for failures other than "busy". */
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /**
   * How long a read turned away as busy (429) keeps being tried, its waits added up: a 429 says the service did
   * nothing, so it is worth waiting for whatever the count. A wait that would go past this goes to the agent.
   */
  busyPatienceMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, initialDelayMs: 500, maxDelayMs: 8_000, busyPatienceMs: 30_000 };

/**
 * Reads are retried on network errors, timeouts, 5xx and 429. Writes only on 429, a refusal before any work, so the
 * same request (its intent still open) can go again; any other failure of a write the engine reconciles.
 * `waitedMs`: what this call has waited so far with the next wait included.
 */
export function shouldRetry(error: ServiceError, attempt: number, isRead: boolean, policy: RetryPolicy, waitedMs = 0): boolean {
  if (error.kind === 'rate_limit') return waitedMs <= policy.busyPatienceMs;
  if (!isRead || attempt >= policy.maxAttempts) return false;
  return ['connection', 'timeout', 'server'].includes(error.kind);
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

/** Retry-After as seconds or an HTTP date, in milliseconds; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

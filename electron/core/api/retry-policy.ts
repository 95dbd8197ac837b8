import type { ServiceError } from './service-errors';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** Retry-After longer than this is not waited for; the error goes to the agent. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

/** Reads are retried on network errors, timeouts, 5xx and 429; writes never blindly (the engine reconciles them). */
export function shouldRetry(error: ServiceError, attempt: number, isRead: boolean, policy: RetryPolicy): boolean {
  if (!isRead || attempt >= policy.maxAttempts) return false;
  if (error.kind === 'rate_limit' && error.retryAfterMs !== null && error.retryAfterMs > policy.maxRetryAfterMs) return false;
  return ['connection', 'timeout', 'server', 'rate_limit'].includes(error.kind);
}

/** Delay before try `attempt + 1`: Retry-After when the service sent one, else 0.5 s doubling to a cap, with full jitter in its upper half. */
export function retryDelayMs(error: ServiceError, attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  if (error.retryAfterMs !== null) return Math.min(error.retryAfterMs, policy.maxRetryAfterMs);
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

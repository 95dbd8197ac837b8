import { busyResendDelayMs } from '../api/retry-policy';
import type { RetryPolicy } from '../api/retry-policy';
import type { ServiceError } from '../api/service-errors';

/** What decides whether a write turned away as busy goes again. */
export interface BusyResendRules {
  policy: RetryPolicy;
  /** Packdesk is closing: nothing more is sent. */
  closing: () => boolean;
  /** In an agency, whether this counter's lease on the booking outlasts another send; true outside an agency. */
  leaseOutlastsSend: (bookingId: number) => boolean;
}

const CLOSING_LOOK_MS = 200;

/**
 * A write turned away as busy (429) did nothing at the service, so the same request may go again under its open
 * intent once the wait the service asks for is over: while the whole call keeps within patience (`spentMs`
 * so far), Packdesk is not closing and, in an agency, the lease still outlasts the send. Resolves to the time
 * waited, or null when it must not go again (the refusal goes to the agent).
 */
export async function waitToResendBusy(
  rules: BusyResendRules,
  error: ServiceError,
  attempt: number,
  spentMs: number,
  bookingId: number | null,
): Promise<number | null> {
  const delayMs = busyResendDelayMs(error, attempt, spentMs, rules.policy);
  if (delayMs === null) return null;
  for (let left = delayMs; left > 0; left -= CLOSING_LOOK_MS) {
    if (rules.closing()) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, CLOSING_LOOK_MS)));
  }
  if (rules.closing() || (bookingId !== null && !rules.leaseOutlastsSend(bookingId))) return null;
  return delayMs;
}

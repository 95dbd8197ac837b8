import type { IncomingMessage } from 'node:http';
import { ApiError } from './api-error';
import type { FaultDecision, TrainingControls } from './controls';

/** The training faults on one API request, decided by the controls (`faultFor`) before the request is read. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Before the work, once the request is read: the latency of every answer, a held request, or a refusal (503, or 429 with Retry-After). */
export async function faultBeforeWork(fault: FaultDecision, controls: TrainingControls): Promise<void> {
  // Slowness comes after the request is read: the work still lands when the client has given up waiting.
  if (controls.current.latencyMs > 0) await sleep(controls.current.latencyMs);
  if (fault.kind === 'delay') await sleep(fault.delayMs ?? 1000);
  if (fault.kind === 'error')
    throw new ApiError(
      'unavailable',
      'The service is temporarily unavailable (training fault).',
      fault.status ? { status: fault.status } : {},
    );
  if (fault.kind === 'rate_limit') {
    throw new ApiError('rate_limited', 'Too many requests (training fault); retry after the delay in Retry-After.', {
      retryAfterSeconds: controls.current.retryAfterSeconds,
    });
  }
}

/** After the work: a stale answer waits, a lost one is never sent. True when the answer is lost. */
export async function faultAfterWork(fault: FaultDecision, request: IncomingMessage): Promise<boolean> {
  if (fault.kind === 'delay_answer') await sleep(fault.delayMs ?? 1000);
  if (fault.kind === 'drop_after_commit') {
    // The change is committed; the answer is lost on the way, as on a bad network.
    request.socket.destroy();
    return true;
  }
  return false;
}

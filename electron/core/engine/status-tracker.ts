import type { BookingRecord } from '../../../shared/bookings';
import { ServiceError } from '../api/service-errors';

export interface TrackerDeps {
  /** Bookings the service is still moving towards a final state, across all profiles. */
  awaitingService: () => BookingRecord[];
  refresh: (bookingId: number) => Promise<BookingRecord>;
  /** Called when a read fails for want of a network, and when one succeeds again. */
  onReachability?: (reachable: boolean) => void;
  concurrency?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  tickMs?: number;
  now?: () => number;
}

/**
 * Follows every booking the service is still moving (paid, awaiting the supplier, or any status it
 * does not know) until it is final, across restarts (the list comes from the ledger), with
 * per-booking backoff and at most a few reads in flight.
 */
export function createStatusTracker(deps: TrackerDeps) {
  const concurrency = deps.concurrency ?? 3;
  const firstDelay = deps.firstDelayMs ?? 1_000;
  const maxDelay = deps.maxDelayMs ?? 60_000;
  const now = deps.now ?? Date.now;
  const schedule = new Map<number, { dueAt: number; delay: number }>();
  const inFlight = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function check(booking: BookingRecord): Promise<void> {
    inFlight.add(booking.id);
    const entry = schedule.get(booking.id) ?? { dueAt: 0, delay: firstDelay };
    try {
      const updated = await deps.refresh(booking.id);
      if (stopped) return;
      deps.onReachability?.(true);
      // A change resets the backoff: the next step often follows soon.
      const delay = updated.status !== booking.status ? firstDelay : Math.min(entry.delay * 2, maxDelay);
      schedule.set(booking.id, { dueAt: now() + delay, delay });
    } catch (error) {
      if (stopped) return;
      if (error instanceof ServiceError && (error.kind === 'connection' || error.kind === 'timeout')) deps.onReachability?.(false);
      const delay = Math.min(entry.delay * 2, maxDelay);
      schedule.set(booking.id, { dueAt: now() + delay, delay });
    } finally {
      inFlight.delete(booking.id);
    }
  }

  /** One pass: starts reads for due bookings, up to the concurrency limit. */
  function tick(): Promise<void>[] {
    const started: Promise<void>[] = [];
    const pending = deps.awaitingService();
    const live = new Set(pending.map((booking) => booking.id));
    for (const id of schedule.keys()) if (!live.has(id)) schedule.delete(id);
    for (const booking of pending) {
      if (inFlight.size >= concurrency) break;
      if (inFlight.has(booking.id) || booking.serviceBookingId === null) continue;
      const entry = schedule.get(booking.id);
      if (entry && entry.dueAt > now()) continue;
      started.push(check(booking));
    }
    return started;
  }

  return {
    tick,
    /** Checks a booking at the next tick, such as right after it was paid. */
    soon(bookingId: number): void {
      schedule.set(bookingId, { dueAt: 0, delay: firstDelay });
    },
    start(): void {
      if (timer) return;
      stopped = false;
      timer = setInterval(() => void tick(), deps.tickMs ?? 500);
      timer.unref();
    },
    stop(): void {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type StatusTracker = ReturnType<typeof createStatusTracker>;

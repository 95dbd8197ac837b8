import { describe, expect, test } from 'vitest';
import type { BookingRecord } from '../../shared/bookings';
import { createStatusTracker } from '../../electron/core/engine/status-tracker';
import { ServiceError } from '../../electron/core/api/service-errors';

const booking = (id: number, status = 'Booked') => ({ id, status, serviceBookingId: 1000 + id }) as BookingRecord;

describe('the status tracker', () => {
  test('never has more than its limit of reads in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const tracker = createStatusTracker({
      awaitingService: () => Array.from({ length: 10 }, (_, index) => booking(index + 1)),
      refresh: async (id) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => releases.push(resolve));
        inFlight -= 1;
        return booking(id);
      },
      concurrency: 3,
    });
    const started = tracker.tick();
    expect(started).toHaveLength(3);
    expect(tracker.tick()).toHaveLength(0);
    releases.splice(0).forEach((release) => release());
    await Promise.all(started);
    expect(most).toBe(3);
  });

  test('backs off a booking that does not change, and checks again soon after a change', async () => {
    let now = 0;
    let status = 'Booked';
    const checked: number[] = [];
    const tracker = createStatusTracker({
      awaitingService: () => [booking(1, 'Booked')],
      refresh: async () => {
        checked.push(now);
        return booking(1, status);
      },
      firstDelayMs: 1000,
      maxDelayMs: 8000,
      now: () => now,
    });
    for (now = 0; now <= 30_000; now += 500) await Promise.all(tracker.tick());
    // 0, then 2 s, 4 s, 8 s, 8 s… apart.
    expect(checked.slice(0, 5)).toEqual([0, 2000, 6000, 14000, 22000]);
    status = 'Paid';
    checked.length = 0;
    for (; now <= 40_000; now += 500) await Promise.all(tracker.tick());
    expect(checked.slice(0, 2)).toEqual([checked[0], (checked[0] ?? 0) + 1000]);
  });

  test('tells when the service cannot be reached, and when it can again', async () => {
    const reachability: boolean[] = [];
    let fail = true;
    let now = 0;
    const tracker = createStatusTracker({
      awaitingService: () => [booking(1)],
      refresh: async () => {
        if (fail) throw new ServiceError({ kind: 'connection', status: null, serviceCode: null, body: null, message: 'm', hint: 'h', mayHaveReachedService: false });
        return booking(1);
      },
      onReachability: (reachable) => reachability.push(reachable),
      now: () => now,
    });
    await Promise.all(tracker.tick());
    fail = false;
    now = 60_000;
    await Promise.all(tracker.tick());
    expect(reachability).toEqual([false, true]);
  });
});

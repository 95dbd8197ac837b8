import { describe, expect, test } from 'vitest';
import type { BookingRecord } from '../../shared/bookings';
import { openDatabase } from '../../electron/core/database';
import { createReconciler } from '../../electron/core/engine/reconciler';
import { ServiceError } from '../../electron/core/api/service-errors';
import { createLedger } from '../../electron/core/ledger/ledger';
import type { Ledger } from '../../electron/core/ledger/ledger';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';

/** A ledger in memory holding `count` bookings the service is still moving, all due now. */
function ledgerWith(count: number, clock: () => number = () => 0, nextCheckAt = 0): Ledger {
  const ledger = createLedger(openDatabase(':memory:', ledgerMigrations), () => new Date(clock()));
  for (let index = 1; index <= count; index += 1) {
    const { intentId } = ledger.beginWrite('cancel', null, { reason: 'seeding the ledger' });
    ledger.finishWrite(intentId, 'held', {
      insert: {
        profileId: 1,
        profileKind: 'training',
        serviceBookingId: 1000 + index,
        packageId: 1,
        packageTitle: 'Lisbon',
        propertyId: 101,
        propertyName: 'Alfama',
        checkIn: '2027-01-10',
        checkOut: '2027-01-12',
        adults: 2,
        holder: { name: 'Ana', surname: 'Silva', email: 'ana@example.com' },
        paxAges: [30, 31],
        items: [],
        totalMinor: 1000,
        currency: 'EUR',
        clientReference: `PD-X-${index}`,
        bookingReference: null,
        status: 'Booked',
        nextCheckAt,
      },
    });
  }
  return ledger;
}

const unsettled = () => ({ settled: false as const });

describe('the reconciler', () => {
  test('never has more than its limit of reads in flight', async () => {
    const ledger = ledgerWith(10);
    let inFlight = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => releases.push(resolve));
        inFlight -= 1;
        return { booking, following: true };
      },
      concurrency: 3,
    });
    const started = reconciler.tick();
    expect(started).toHaveLength(3);
    expect(reconciler.tick()).toHaveLength(0);
    releases.splice(0).forEach((release) => release());
    await Promise.all(started);
    expect(most).toBe(3);
  });

  test('reads a booking just written at a steady short pace, then backs off while it does not change, and stops once it is settled', async () => {
    let now = 0;
    const ledger = ledgerWith(1, () => now);
    let status = 'Booked';
    const checked: number[] = [];
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking: BookingRecord) => {
        checked.push(now);
        if (status === booking.status) return { booking, following: true };
        return { booking: ledger.applyRead(booking.id, booking.version, { status }) as BookingRecord, following: status !== 'Paid' };
      },
      firstDelayMs: 1000,
      maxDelayMs: 8000,
      freshDelayMs: 500,
      freshForMs: 2000,
      now: () => now,
    });
    for (; now <= 30_000; now += 500) await Promise.all(reconciler.tick());
    // Written at 0: every 500 ms for 2 s (the agent is watching it), then 1 s, 2 s, 4 s, 8 s, 8 s… apart.
    expect(checked.slice(0, 10)).toEqual([0, 500, 1000, 1500, 2000, 3000, 5000, 9000, 17000, 25000]);
    status = 'Confirming';
    checked.length = 0;
    for (; now <= 40_000; now += 500) await Promise.all(reconciler.tick());
    // The look due at 33 s (25 s + 8 s) sees the change; the booking is fresh again for 2 s, then the backoff grows from 1 s.
    expect(checked.slice(0, 7)).toEqual([33_000, 33_500, 34_000, 34_500, 35_000, 36_000, 38_000]);
    status = 'Paid';
    for (; now <= 60_000; now += 500) await Promise.all(reconciler.tick());
    checked.length = 0;
    for (; now <= 200_000; now += 500) await Promise.all(reconciler.tick());
    expect(checked).toEqual([]);
    expect(ledger.unsettledCount()).toBe(0);
  });

  test('a booking another counter follows is asked for again only once that counter’s claim could have run out, then read when it has', async () => {
    let now = 0;
    const ledger = ledgerWith(1, () => now);
    const asked: number[] = [];
    const read: number[] = [];
    // Another counter holds the tracker lease until 10 s, and does not renew it.
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking) => {
        read.push(now);
        return { booking, following: true };
      },
      mayFollow: async () => {
        asked.push(now);
        return now >= 10_000 || { askAgainInMs: 4_000 };
      },
      firstDelayMs: 500,
      maxDelayMs: 60_000,
      freshDelayMs: 500,
      now: () => now,
    });
    for (; now <= 12_000; now += 250) await Promise.all(reconciler.tick());
    // Refused at 0, 4 and 8 s, never in between: at the reconciler's own pace it would have asked twenty times.
    expect(asked.slice(0, 4)).toEqual([0, 4_000, 8_000, 12_000]);
    expect(read).toEqual([12_000]);
  });

  test('looks at an open write again and again, with backoff, until it is settled', async () => {
    let now = 0;
    const ledger = ledgerWith(1, () => now);
    const { intentId } = ledger.beginWrite('book', 1, { method: 'card', clientReference: null, paymentIntentId: null });
    ledger.answerLost(intentId, 0, 'Payment not confirmed yet');
    const looks: number[] = [];
    const reconciler = createReconciler({
      ledger,
      settle: async (intent) => {
        looks.push(now);
        if (now < 5_000) return unsettled();
        ledger.finishWrite(intent.id, 'reconciled_booked', { patch: { status: 'Paid', nextCheckAt: null } });
        return { settled: true, booking: ledger.get(1) };
      },
      follow: async (booking) => ({ booking, following: false }),
      firstDelayMs: 1000,
      maxDelayMs: 8000,
      now: () => now,
    });
    for (now = 0; now <= 30_000; now += 500) await Promise.all(reconciler.tick());
    expect(looks).toEqual([0, 1000, 3000, 7000]);
    expect(ledger.openIntents()).toEqual([]);
    expect(ledger.get(1)).toMatchObject({ status: 'Paid', inFlight: null });
  });

  test('once started, looks at a booking the moment a write makes it due, without waiting for its tick', async () => {
    const ledger = ledgerWith(2);
    const looked: number[] = [];
    let sawPaid: () => void = () => {};
    const seen = new Promise<void>((resolve) => (sawPaid = resolve));
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking) => {
        looked.push(booking.id);
        if (booking.id === 2 && looked.length > 2) sawPaid();
        return { booking, following: true };
      },
      firstDelayMs: 60_000,
      freshForMs: 0,
      tickMs: 3_600_000,
    });
    reconciler.start();
    // Both are due at start: read once each, then pushed back a minute.
    await expect.poll(() => looked.length).toBe(2);
    // The tick is an hour away: only the write's own signal can start this look.
    reconciler.soon(2);
    await seen;
    reconciler.stop();
    await reconciler.idle();
    expect(looked.slice(2)).toEqual([2]);
  });

  test('tells when the service cannot be reached, and when it can again', async () => {
    const ledger = ledgerWith(1);
    const reachability: boolean[] = [];
    let fail = true;
    let now = 0;
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking) => {
        if (fail)
          throw new ServiceError({
            kind: 'connection',
            status: null,
            serviceCode: null,
            body: null,
            message: 'm',
            hint: 'h',
            mayHaveReachedService: false,
          });
        return { booking, following: true };
      },
      onReachability: (reachable) => reachability.push(reachable),
      now: () => now,
    });
    await Promise.all(reconciler.tick());
    fail = false;
    now = 60_000;
    await Promise.all(reconciler.tick());
    expect(reachability).toEqual([false, true]);
  });
  test('reads a booking that has not changed for a day about once an hour, not once a minute: thousands of them keep no core busy', async () => {
    let now = -86_400_000;
    const ledger = ledgerWith(1, () => now);
    // Made a day ago and due now: the service has not moved it since.
    now = 0;
    const checked: number[] = [];
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking: BookingRecord) => {
        checked.push(now);
        return { booking, following: true };
      },
      now: () => now,
    });
    for (; now <= 4 * 3_600_000; now += 10_000) await Promise.all(reconciler.tick());
    expect(checked[0]).toBe(0);
    // Backing off past the minute (2, 4, 8… minutes apart), then once an hour.
    expect(checked.filter((at) => at >= 2 * 3_600_000).length).toBeLessThanOrEqual(2);
    expect(checked.length).toBeLessThanOrEqual(20);
  });

  test('a booking that changed in the last ten minutes is still read within the minute, however old it is', async () => {
    let now = -86_400_000;
    const ledger = ledgerWith(1, () => now);
    now = 0;
    let status = 'Booked';
    const checked: number[] = [];
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking: BookingRecord) => {
        checked.push(now);
        if (status === booking.status) return { booking, following: true };
        return { booking: ledger.applyRead(booking.id, booking.version, { status }) as BookingRecord, following: true };
      },
      now: () => now,
    });
    status = 'Confirming';
    for (; now <= 3_600_000; now += 10_000) await Promise.all(reconciler.tick());
    // Moved at its first read: never more than a minute between reads in the ten minutes after.
    const lately = checked.filter((at) => at <= 600_000);
    const gaps = lately.slice(1).map((at, index) => at - (lately[index] as number));
    expect(lately.length).toBeGreaterThan(10);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60_000);
  });

  test('sleeps between looks: a pass runs when a look comes due, not on a short tick', async () => {
    const start = Date.now();
    const ledger = ledgerWith(2, Date.now, start + 150);
    ledger.scheduleCheck(2, 1, start + 400, 0);
    let passes = 0;
    const dueBookings = ledger.dueBookings.bind(ledger);
    ledger.dueBookings = (at, limit) => {
      passes += 1;
      return dueBookings(at, limit);
    };
    const looked: { id: number; at: number }[] = [];
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking) => {
        looked.push({ id: booking.id, at: Date.now() });
        return { booking, following: true };
      },
      freshForMs: 0,
    });
    reconciler.start();
    await new Promise((resolve) => setTimeout(resolve, 700));
    reconciler.stop();
    await reconciler.idle();
    expect(looked.map((look) => look.id)).toEqual([1, 2]);
    expect(looked[0]?.at).toBeGreaterThanOrEqual(start + 150);
    expect(looked[1]?.at).toBeGreaterThanOrEqual(start + 400);
    // The start, then one pass as each look comes due: none when a look ends, none on a tick.
    expect(passes).toBeLessThanOrEqual(3);
  });

  test('a wake-up reads with it the bookings on a pace of an hour due within the second, never one on a short pace early', async () => {
    const start = Date.now();
    // Out of reach of the pass at the start: the first wake-up is the first booking's.
    const ledger = ledgerWith(3, Date.now, start + 1_500);
    ledger.scheduleCheck(1, 1, start + 1_500, 3_600_000);
    ledger.scheduleCheck(2, 1, start + 2_400, 3_600_000);
    ledger.scheduleCheck(3, 1, start + 2_400, 1_000);
    const looked = new Map<number, number>();
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking) => {
        looked.set(booking.id, Date.now());
        return { booking, following: true };
      },
      freshForMs: 0,
    });
    reconciler.start();
    await expect.poll(() => looked.size, { timeout: 5_000 }).toBe(3);
    reconciler.stop();
    await reconciler.idle();
    const at = (id: number) => looked.get(id) ?? Infinity;
    // The hourly one due 900 ms later shares the first wake-up; the one read every second waits for its moment.
    expect(at(1)).toBeGreaterThanOrEqual(start + 1_500);
    expect(at(2)).toBeLessThan(start + 2_400);
    expect(at(2)).toBeGreaterThanOrEqual(start + 2_400 - 1_000);
    expect(at(3)).toBeGreaterThanOrEqual(start + 2_400);
  });

  test('a look planned months ahead (planned before the clock was put back) is taken now, once, without spinning', async () => {
    const in40Days = Date.now() + 40 * 86_400_000;
    const ledger = ledgerWith(1, Date.now, in40Days);
    let passes = 0;
    const nextDueAt = ledger.nextDueAt.bind(ledger);
    ledger.nextDueAt = (at) => {
      passes += 1;
      return nextDueAt(at);
    };
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    let looks = 0;
    const reconciler = createReconciler({
      ledger,
      settle: async () => unsettled(),
      follow: async (booking) => {
        looks += 1;
        return { booking, following: true };
      },
    });
    reconciler.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    reconciler.stop();
    process.off('warning', onWarning);
    expect(looks).toBe(1);
    // A few passes (the first, the look's end, a 500 ms tick); a timer past setTimeout's limit fires after 1 ms, again and again.
    expect(passes).toBeLessThanOrEqual(4);
    expect(warnings).not.toContain('TimeoutOverflowWarning');
    const next = ledger.nextDueAt(Date.now()) ?? Infinity;
    expect(next - Date.now()).toBeLessThanOrEqual(60_000);
  });
});

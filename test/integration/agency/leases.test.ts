import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test, vi } from 'vitest';
import { takeWriteLease, tryTakeTrackerLease } from '../../../electron/core/agency/leases';
import { createTrackerClaims } from '../../../electron/core/agency/tracker-claims';
import { useAgencyDatabase } from './agency-test-server';

const agency = useAgencyDatabase();

describe('one writer and one tracker per booking across the agency', () => {
  test('two counters racing to change one booking: exactly one may write, the other is told who', async () => {
    const [desk2, desk5] = await Promise.all(['Desk 2', 'Desk 5'].map((name) => agency.joinCounter(name)));
    if (!desk2 || !desk5) throw new Error('two desks');
    // Twenty bookings, each raced for at the same instant by both desks.
    for (let booking = 1; booking <= 20; booking += 1) {
      const bookingKey = `origin/${booking}`;
      const results = await Promise.allSettled(
        [desk2, desk5].map((desk) => takeWriteLease(desk.pool, { bookingKey, counterId: desk.counterId, ttlMs: 30_000 })),
      );
      const winners = results.flatMap((result, i) => (result.status === 'fulfilled' ? [[desk2, desk5][i]] : []));
      const losers = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect(losers[0]).toMatchObject({ code: 'booking_busy', message: `${winners[0]?.name ?? ''} is changing this booking.` });
    }
  });

  test('a lease runs out by itself: the booking is free again, and the late holder cannot renew what was taken', async () => {
    const [desk1, desk2] = await Promise.all(['Desk 1', 'Desk 2'].map((name) => agency.joinCounter(name)));
    if (!desk1 || !desk2) throw new Error('two desks');
    const request = { bookingKey: 'desk1/7' };
    const first = await takeWriteLease(desk1.pool, { ...request, counterId: desk1.counterId, ttlMs: 300 });
    await expect(takeWriteLease(desk2.pool, { ...request, counterId: desk2.counterId, ttlMs: 300 })).rejects.toMatchObject({
      message: 'Desk 1 is changing this booking.',
    });

    // Desk 1 went quiet (crashed, unplugged): after its lease's end Desk 2 gets the booking.
    const second = await vi.waitFor(() => takeWriteLease(desk2.pool, { ...request, counterId: desk2.counterId, ttlMs: 30_000 }), {
      timeout: 10_000,
      interval: 50,
    });
    expect(second.expiresAt().getTime()).toBeGreaterThan(first.expiresAt().getTime());
    await expect(first.renew()).rejects.toMatchObject({ code: 'booking_busy' });
    // Releasing the lost lease does not free Desk 2's.
    await first.release();
    await expect(takeWriteLease(desk1.pool, { ...request, counterId: desk1.counterId, ttlMs: 300 })).rejects.toMatchObject({
      message: 'Desk 2 is changing this booking.',
    });
  });

  test('a holder renewing keeps the booking past its first term; releasing frees it at once', async () => {
    const [desk1, desk2] = await Promise.all(['Desk 1', 'Desk 2'].map((name) => agency.joinCounter(name)));
    if (!desk1 || !desk2) throw new Error('two desks');
    const lease = await takeWriteLease(desk1.pool, { bookingKey: 'b', counterId: desk1.counterId, ttlMs: 300 });
    await lease.renew(10_000);
    await sleep(500);
    // Past its first term of 300 ms, it is still Desk 1's.
    await expect(takeWriteLease(desk2.pool, { bookingKey: 'b', counterId: desk2.counterId, ttlMs: 300 })).rejects.toMatchObject({
      message: 'Desk 1 is changing this booking.',
    });
    await lease.release();
    await expect(takeWriteLease(desk2.pool, { bookingKey: 'b', counterId: desk2.counterId, ttlMs: 300 })).resolves.toMatchObject({
      bookingKey: 'b',
    });
  });

  test('one tracker per unfinished booking: of three counters one polls, the others are refused; another takes over when it stops', async () => {
    const desks = await Promise.all(['Desk 1', 'Desk 2', 'Desk 3'].map((name) => agency.joinCounter(name)));
    const claims = await Promise.all(
      desks.map((desk) => tryTakeTrackerLease(desk.pool, { bookingKey: 'desk1/9', counterId: desk.counterId, ttlMs: 30_000 })),
    );
    const trackers = claims.flatMap((claim, i) => (claim.held ? [{ desk: desks[i], lease: claim.lease }] : []));
    expect(trackers).toHaveLength(1);
    const tracker = trackers[0];
    if (!tracker) throw new Error('one tracker');
    // Nobody is told who tracks it, so the refused are not told either: one statement each, not two.
    expect(claims.filter((claim) => !claim.held)).toEqual([{ held: false }, { held: false }]);
    // A write lease on the same booking is a separate matter: tracking does not block changing it.
    const other = desks.find((desk) => desk !== tracker.desk);
    if (!other) throw new Error('another desk');
    await expect(takeWriteLease(other.pool, { bookingKey: 'desk1/9', counterId: other.counterId, ttlMs: 1_000 })).resolves.toBeDefined();

    await tracker.lease.release();
    expect(await tryTakeTrackerLease(other.pool, { bookingKey: 'desk1/9', counterId: other.counterId, ttlMs: 30_000 })).toMatchObject({
      held: true,
    });
  });

  test('the counter following a booking reads on without asking again for half its lease; the others stay refused', async () => {
    const [desk1, desk2] = await Promise.all(['Desk 1', 'Desk 2'].map((name) => agency.joinCounter(name)));
    if (!desk1 || !desk2) throw new Error('two desks');
    const tokenOf = async () =>
      (await desk1.pool.query<{ token: string }>("SELECT token FROM agency_leases WHERE booking_key = 'desk1/11' AND kind = 'track'"))
        .rows[0]?.token;
    const follower = createTrackerClaims(desk1.counterId, 30_000);
    expect(await follower.claim(desk1.pool, 'desk1/11')).toBe(true);
    const given = await tokenOf();
    // Asked again within half the lease: answered here, the lease at the agency left as it was given.
    expect(await follower.claim(desk1.pool, 'desk1/11')).toBe(true);
    expect(await tokenOf()).toBe(given);
    expect(await createTrackerClaims(desk2.counterId, 30_000).claim(desk2.pool, 'desk1/11')).toBe(false);
  });

  test('a refusal writes nothing at the server: fifty refused asks take no transaction id, so no commit waits for the disk', async () => {
    const [desk1, desk2] = await Promise.all(['Desk 1', 'Desk 2'].map((name) => agency.joinCounter(name)));
    if (!desk1 || !desk2) throw new Error('two desks');
    await tryTakeTrackerLease(desk1.pool, { bookingKey: 'desk1/12', counterId: desk1.counterId, ttlMs: 30_000 });
    // The next transaction id the server will hand out: each transaction that writes (or locks a row) takes one.
    const nextTransactionId = async () =>
      Number((await desk2.pool.query<{ next: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next')).rows[0]?.next);
    const before = await nextTransactionId();
    for (let ask = 0; ask < 50; ask += 1) {
      expect(await tryTakeTrackerLease(desk2.pool, { bookingKey: 'desk1/12', counterId: desk2.counterId, ttlMs: 30_000 })).toEqual({
        held: false,
      });
    }
    expect((await nextTransactionId()) - before).toBeLessThan(5);
  });
});

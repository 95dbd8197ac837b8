import type { Pool } from 'pg';
import { tryTakeTrackerLease } from './leases';

/**
 * Whether this counter is the one to read a booking now: the one holding its tracker lease. A lease given
 * is not asked for again until half of it has gone, instead of before every read of a booking it follows.
 */
export function createTrackerClaims(counterId: string, trackLeaseMs: number) {
  /** Leases this counter was given, by booking key, with when (on its clock) it asked. */
  const trackingSince = new Map<string, number>();

  /** Notes a lease given; those older than half a lease are forgotten, so the map stays the size of what is followed. */
  function keep(bookingKey: string, askedAt: number): void {
    trackingSince.set(bookingKey, askedAt);
    if (trackingSince.size < 1_000) return;
    for (const [key, since] of trackingSince) if (askedAt - since >= trackLeaseMs / 2) trackingSince.delete(key);
  }

  return {
    /** True when this counter holds the booking's tracker lease (asked for now, or given within the last half lease). */
    async claim(pool: Pool, bookingKey: string): Promise<boolean> {
      const since = trackingSince.get(bookingKey);
      if (since !== undefined && Date.now() - since < trackLeaseMs / 2) return true;
      const askedAt = Date.now();
      const claim = await tryTakeTrackerLease(pool, { bookingKey, counterId, ttlMs: trackLeaseMs });
      if (claim.held) keep(bookingKey, askedAt);
      else trackingSince.delete(bookingKey);
      return claim.held;
    },
  };
}

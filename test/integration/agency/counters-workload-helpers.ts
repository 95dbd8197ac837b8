import { AppError } from '../../../electron/core/app-error';
import type { Core, CoreOptions } from '../../../electron/core/core';
import type { BookingRecord } from '../../../shared/bookings';
import { drawStay, pick, priceStay } from '../../support/stays';

// No vitest here: the killed counter's child process runs this too.

/** Short enough that a fault heals within a test: reconnects within 400 ms, a poll twice a second. */
export const AGENCY_TIMINGS: NonNullable<CoreOptions['agencyTimings']> = {
  retryDelayMs: { first: 50, max: 400 },
  pollEveryMs: 500,
  writeLeaseMs: 3_000,
  trackLeaseMs: 3_000,
  followRemoteAfterMs: 500,
};

/**
 * What a counter's agent may be told instead of a done write, when another counter or the agency's
 * state stands in the way: another counter holds the booking, it is already cancelled, or the agency
 * cannot be asked who does (a dropped connection, twice in a row). Never a second cancel refused by
 * the service: one writer per booking.
 */
const TOLD_IN_WORDS = new Set(['booking_busy', 'agency_booking_elsewhere', 'agency_unreachable', 'already_cancelled']);

/** A traveler named after the counter and a number, so a booking in any copy says where it was made. */
export const travelerOf = (counterName: string, n: number) => ({
  name: counterName.replace(/\s+/g, ''),
  surname: `Traveler${n}`,
  email: `traveler${n}@example.com`,
});

/**
 * Search → price → hold → prebook a stay chosen by `random` (package, property, dates, nights): a
 * Pending booking at the service and in the ledger; null when those dates are sold out.
 */
export async function holdSomewhere(core: Core, random: () => number, holder: ReturnType<typeof travelerOf>) {
  const quote = await priceStay(core, drawStay(random, await core.engine.search(''), { days: [30, 330], nights: [1, 5] }));
  if (!quote.available) return null;
  const hold = await core.engine.startHold(quote, [34, 36]);
  return core.engine.prebook(hold.holdId, holder);
}

/** A Pending booking made at the counter for its traveler `n`, drawing stays until one is free. */
export async function holdAt(counter: { name: string; core: Core }, random: () => number, n: number): Promise<BookingRecord> {
  for (;;) {
    const booking = await holdSomewhere(counter.core, random, travelerOf(counter.name, n));
    if (booking) return booking;
  }
}

/** The counter's bookings of the shared profile as its history lists them (every counter's). */
export const listed = (core: Core, statuses?: string[]): BookingRecord[] =>
  core.ledger.list({ profileId: 1, limit: 500, ...(statuses ? { statuses } : {}) }).rows;

/**
 * The agent marks `count` bookings chosen by `random` as checked: one timeline line each, a change
 * the agency is sent through the outbox like any other, and nothing sent to the service.
 */
export function acknowledgeMany(core: Core, random: () => number, count: number): number {
  const bookings = listed(core);
  if (bookings.length === 0) return 0;
  for (let n = 0; n < count; n += 1) core.engine.acknowledge(pick(random, bookings).id);
  return count;
}

export type Outcome = 'held' | 'sold_out' | 'cancelled' | 'acknowledged' | `refused:${string}`;

/**
 * One step of an agent's day at a counter, chosen by `random`: half the time a new hold, a fifth a
 * cancel of a Pending booking of any counter, else a few bookings checked. A write another counter
 * or the agency's state stands in the way of is told in words; that is an outcome, any other error is not.
 */
export async function agentStep(core: Core, counterName: string, random: () => number, n: number): Promise<Outcome> {
  const draw = random();
  try {
    if (draw < 0.5) return (await holdSomewhere(core, random, travelerOf(counterName, n))) ? 'held' : 'sold_out';
    const pending = listed(core, ['Pending']);
    if (draw < 0.7 && pending.length > 0) {
      await core.engine.cancel(pick(random, pending).id, `${counterName} step ${n}: traveler changed plans`);
      return 'cancelled';
    }
    acknowledgeMany(core, random, 1 + Math.floor(random() * 5));
    return 'acknowledged';
  } catch (error) {
    if (error instanceof AppError && TOLD_IN_WORDS.has(error.code)) return `refused:${error.code}`;
    throw error;
  }
}

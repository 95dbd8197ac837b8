import { describe, expect, test } from 'vitest';
import { waitUntil } from '../../support/engine-helpers';
import { agencyTotals, converged, countCancels, sleep, useCounters } from './counters-helpers';
import { NOTHING_DIVERGES, settledDivergence } from './counters-compare-helpers';
import type { Counter } from './counters-helpers';
import { holdAt } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

describe('counters on both sides of a partition', () => {
  const counters = useCounters();

  /** A hold at `counter` for a stay `random` picks, retried past sold-out dates. */

  /** Desks 1 to 3 on one agency and one built-in service, Desk 1 through a link the test cuts. */
  async function threeDesks() {
    const desk1 = await counters.start('Desk 1', { throughProxy: true });
    const desk2 = await counters.start('Desk 2');
    const desk3 = await counters.start('Desk 3');
    return { desk1, desk2, desk3, all: [desk1, desk2, desk3], settings: counters.agency.settings(), sandbox: await counters.service() };
  }

  const shared = (counter: Counter, serviceBookingId: number | null) => {
    const found = counter.core.ledger.findByServiceId(1, serviceBookingId ?? -1);
    if (!found) throw new Error(`${counter.name} does not have service booking ${serviceBookingId}`);
    return found;
  };

  test('a counter cut off (connections reset) keeps booking while another cancels one of its bookings; after the heal every ledger, PostgreSQL and the service agree', async () => {
    const random = seeded(1401);
    const { desk1, desk2, desk3, all, settings, sandbox } = await threeDesks();
    const early = await holdAt(desk1, random, 1);
    const elsewhere = await holdAt(desk3, random, 2);
    await converged(all, settings);

    desk1.proxy?.cut('reset');
    await waitUntil(
      () => desk1.core.agency.status().link.kind,
      (kind) => kind === 'unreachable',
    );
    // Desk 1 goes on selling on its own ledger while Desk 2 cancels its earlier booking and Desk 3 sells too.
    const [madeCut] = await Promise.all([
      (async () => {
        const made = [];
        for (let n = 3; n < 8; n += 1) made.push(await holdAt(desk1, random, n));
        return made;
      })(),
      desk2.core.engine.cancel(shared(desk2, early.serviceBookingId).id, 'Traveler changed plans'),
      holdAt(desk3, random, 8),
    ]);
    // A change to Desk 3's booking waits: Desk 1 cannot know that no other counter is changing it. Nothing is sent.
    await expect(desk1.core.engine.cancel(shared(desk1, elsewhere.serviceBookingId).id, 'Traveler asked')).rejects.toMatchObject({
      code: 'agency_booking_elsewhere',
      message: expect.stringContaining('made at Desk 3'),
    });
    expect(sandbox.service.ledger(elsewhere.serviceBookingId as number).booking?.status).toBe('Pending');
    // The agent at Desk 1 sees the agency unreachable and its unsent changes counted.
    await waitUntil(
      () => desk1.core.agency.status(),
      (status) => status.link.kind === 'unreachable' && status.unsent >= madeCut.length,
    );

    desk1.proxy?.heal();
    expect(await settledDivergence(all, settings, sandbox)).toEqual(NOTHING_DIVERGES);
    expect(desk1.core.ledger.get(early.id)?.status).toBe('Cancelled');
    await waitUntil(
      () => desk1.core.agency.status(),
      (status) => status.link.kind === 'live' && status.unsent === 0,
    );
    for (const booking of madeCut) expect(shared(desk3, booking.serviceBookingId).originCounter).toBe('Desk 1');
    expect(await agencyTotals(settings)).toMatchObject({ bookings: 8 });
  });

  test('a counter cut off from the agency cannot cancel a booking the others know, while one they have never seen it can; one cancel reaches the service', async () => {
    const random = seeded(1405);
    const { desk1, desk2, all, settings, sandbox } = await threeDesks();
    const reached = countCancels(sandbox);
    const booking = await holdAt(desk1, random, 1);
    const serviceId = booking.serviceBookingId as number;
    await converged(all, settings);

    desk1.proxy?.cut('reset');
    await waitUntil(
      () => desk1.core.agency.status().link.kind,
      (kind) => kind === 'unreachable',
    );
    // The others have this booking: without the agency Desk 1 cannot know none of them is cancelling it too.
    await expect(desk1.core.engine.cancel(booking.id, 'Traveler phoned Desk 1')).rejects.toMatchObject({
      code: 'agency_unreachable',
      hint: expect.stringContaining('Nothing was sent'),
    });
    expect(reached.get(serviceId) ?? 0, 'cancel requests from the cut-off counter').toBe(0);
    // Desk 2 reaches the agency, takes the booking's lease and cancels it.
    expect((await desk2.core.engine.cancel(shared(desk2, serviceId).id, 'Traveler came to Desk 2')).status).toBe('Cancelled');
    // A booking made while cut off is known to no other counter: it can be cancelled here, and the agency hears of both later.
    const madeOffline = await holdAt(desk1, random, 2);
    expect((await desk1.core.engine.cancel(madeOffline.id, 'Traveler changed plans')).status).toBe('Cancelled');

    desk1.proxy?.heal();
    expect(await settledDivergence(all, settings, sandbox)).toEqual(NOTHING_DIVERGES);
    for (const desk of all) {
      expect(shared(desk, serviceId).status, desk.name).toBe('Cancelled');
      expect(shared(desk, madeOffline.serviceBookingId as number).status, desk.name).toBe('Cancelled');
    }
    // One writer per booking across the agency: one cancel request each reached the service.
    expect(reached.get(serviceId), 'cancel requests that reached the service').toBe(1);
    expect(reached.get(madeOffline.serviceBookingId as number)).toBe(1);
  });

  test('a counter whose link goes silent (nothing answers, nothing resets) for two seconds while it books: the changes arrive after the heal, once each', async () => {
    const random = seeded(1402);
    const { desk1, desk2, desk3, all, settings, sandbox } = await threeDesks();
    const early = await holdAt(desk1, random, 1);
    await converged(all, settings);

    desk1.proxy?.cut('silent');
    const cutAt = Date.now();
    const madeSilent = [];
    for (let n = 2; n < 6; n += 1) madeSilent.push(await holdAt(desk1, random, n));
    await desk2.core.engine.cancel(shared(desk2, early.serviceBookingId).id, 'Traveler changed plans');
    await holdAt(desk3, random, 6);
    // Nothing of Desk 1's new bookings has reached the agency.
    expect(desk1.core.agency.ledger.outbox.size()).toBeGreaterThanOrEqual(madeSilent.length);
    await sleep(Math.max(0, 2_000 - (Date.now() - cutAt)));
    expect(desk1.core.agency.ledger.outbox.size()).toBeGreaterThanOrEqual(madeSilent.length);

    desk1.proxy?.heal();
    expect(await settledDivergence(all, settings, sandbox)).toEqual(NOTHING_DIVERGES);
    expect(desk1.core.ledger.get(early.id)?.status).toBe('Cancelled');
    expect(await agencyTotals(settings)).toMatchObject({ bookings: 6 });
  });
});

import { describe, expect, test } from 'vitest';
import type { AgencyLink } from '../../../shared/agency';
import { agencySeq, converged, sleep, useCounters } from './counters-helpers';
import { waitUntil } from '../../support/engine-helpers';
import { NOTHING_DIVERGES, settledDivergence } from './counters-compare-helpers';
import { acknowledgeMany, agentStep, holdSomewhere, travelerOf } from './counters-workload-helpers';
import type { Outcome } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

describe('a counter offline while the agency moves on', () => {
  const counters = useCounters();

  test('a counter shut down while the others make 1,000 changes catches up from where it stopped, says so, and then equals the agency and the service', async () => {
    const random = seeded(1406);
    const desk1 = await counters.start('Desk 1');
    const desk2 = await counters.start('Desk 2');
    const desk3 = await counters.start('Desk 3');
    const settings = counters.agency.settings();
    const sandbox = await counters.service();
    const before = [];
    for (const [n, desk] of [desk1, desk2, desk3, desk3].entries()) {
      let made = null;
      while (!made) made = await holdSomewhere(desk.core, random, travelerOf(desk.name, n));
      before.push(made);
    }
    await converged([desk1, desk2, desk3], settings);
    const cursorAtStop = desk3.core.agency.ledger.remote.lastPulledSeq();
    await desk3.core.shutdown();

    // Desk 1 and Desk 2 hold, cancel (one of them Desk 3's booking) and check bookings until the agency has 1,000 more changes.
    const stoppedAt = await agencySeq(settings);
    const desk3Booking = before[3];
    const atDesk2 = desk2.core.ledger.findByServiceId(1, desk3Booking?.serviceBookingId ?? -1);
    if (!atDesk2) throw new Error('Desk 2 does not have Desk 3’s booking');
    expect((await desk2.core.engine.cancel(atDesk2.id, 'Traveler called while Desk 3 was closed')).status).toBe('Cancelled');
    const outcomes: Outcome[] = [];
    for (let n = 0; (await agencySeq(settings)) - stoppedAt < 1_000; n += 1) {
      for (const desk of [desk1, desk2]) {
        outcomes.push(await agentStep(desk.core, desk.name, random, n));
        acknowledgeMany(desk.core, random, Math.floor(random() * 60));
      }
      await Promise.all([desk1.core.agency.drained(), desk2.core.agency.drained()]);
    }
    const missed = (await agencySeq(settings)) - stoppedAt;
    expect(missed).toBeGreaterThanOrEqual(1_000);
    expect(outcomes).toContain('held');

    const links: AgencyLink[] = [];
    const back = await counters.restart(desk3, {
      beforeStart: (core) =>
        core.events.subscribe((event) => {
          if (event.name === 'event:agency-change') links.push(event.payload.link);
        }),
    });
    expect(await settledDivergence([desk1, desk2, back], settings, sandbox)).toEqual(NOTHING_DIVERGES);
    // It took in only what it had missed, and told the agent how far behind it was.
    expect(back.core.agency.ledger.remote.lastPulledSeq()).toBe(await agencySeq(settings));
    expect(cursorAtStop).toBe(stoppedAt);
    const behind = links.flatMap((link) => (link.kind === 'catching-up' ? [link.behind] : []));
    expect(Math.max(...behind)).toBeGreaterThanOrEqual(missed);
    expect(links.at(-1)).toEqual({ kind: 'live' });
    expect(back.core.ledger.get(desk3Booking?.id ?? -1)?.status).toBe('Cancelled');
  });

  test('a counter that cannot reach the agency quits at once: it does not wait out the pause before its next try', async () => {
    const desk = await counters.start('Desk 1', { throughProxy: true });
    await desk.core.shutdown(1_000);
    desk.proxy?.cut('reset');
    // Started again with a minute between tries, it fails its first and pauses.
    const back = await counters.restart(desk, { timings: { retryDelayMs: { first: 60_000, max: 60_000 } } });
    await waitUntil(
      () => back.core.agency.status().link.kind,
      (kind) => kind === 'unreachable',
    );
    const quit = back.core.shutdown(1_000).then(() => 'quit');
    const stillWaiting = sleep(10_000).then(() => 'still waiting for the next try');
    expect(await Promise.race([quit, stillWaiting])).toBe('quit');
  });
});

import { describe, expect, test } from 'vitest';
import { waitUntil } from '../../support/engine-helpers';
import { dropConnections } from '../../support/agency-database';
import { agencyTotals, converged, sleep, useCounters } from './counters-helpers';
import { NOTHING_DIVERGES, settledDivergence } from './counters-compare-helpers';
import { agentStep, holdSomewhere, travelerOf } from './counters-workload-helpers';
import type { Outcome } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

describe('the agency server restarting under three counters', () => {
  const counters = useCounters();

  // The restart is every backend of the test's database terminated at once (what clients see of a restart);
  // a real pg_ctl restart would cut the other test files' databases on the shared server too.
  test('every connection dropped again and again while the counters hold, cancel and check bookings: afterwards every ledger equals PostgreSQL, and PostgreSQL the service', async () => {
    const random = seeded(1404);
    const desks = [await counters.start('Desk 1'), await counters.start('Desk 2'), await counters.start('Desk 3')];
    const settings = counters.agency.settings();
    const sandbox = await counters.service();
    // Bookings every counter knows before the first restart, so cancels cross counters.
    for (const [n, desk] of desks.entries()) while (!(await holdSomewhere(desk.core, random, travelerOf(desk.name, 100 + n))));
    await converged(desks, settings);

    const outcomes: Outcome[] = [];
    const day = { selling: true };
    const days = desks.map(async (desk, d) => {
      // One generator per counter: its steps are the same on every run, whatever the interleaving.
      const steps = seeded(14_040 + d);
      for (let n = 0; n < 30; n += 1) outcomes.push(await agentStep(desk.core, desk.name, steps, n));
    });
    const restarts = (async () => {
      const dropped: number[] = [];
      while (day.selling || dropped.length < 3) {
        await sleep(60 + Math.floor(random() * 120));
        dropped.push(await dropConnections(settings.database));
      }
      return dropped;
    })();
    await Promise.all(days).finally(() => (day.selling = false));
    const dropped = await restarts;

    // The restarts cut live connections (pushes, pulls, LISTEN, leases), not an idle server.
    expect(dropped.filter((count) => count > 0).length).toBeGreaterThanOrEqual(3);
    expect(outcomes).toContain('held');
    expect(outcomes).toContain('cancelled');
    expect(await settledDivergence(desks, settings, sandbox)).toEqual(NOTHING_DIVERGES);
    // The status bar of every counter is back to "live", nothing unsent (the last restart may be a moment ago).
    for (const desk of desks) {
      await waitUntil(
        () => desk.core.agency.status(),
        (status) => status.link.kind === 'live' && status.unsent === 0,
      );
    }
    const totals = await agencyTotals(settings);
    expect(totals.bookings).toBe(desks.length + outcomes.filter((outcome) => outcome === 'held').length);
  });
});

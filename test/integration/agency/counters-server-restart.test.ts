import { afterEach, describe, expect, test } from 'vitest';
import type { AgencyConnectionSettings } from '../../../electron/core/agency/agency-connection';
import { createAgencyDatabase } from '../../support/agency-server';
import { useCore, waitUntil } from '../../support/engine-helpers';
import { startOwnPostgres } from '../../support/own-postgres';
import type { OwnPostgres } from '../../support/own-postgres';
import { useSandbox } from '../../support/sandbox-helpers';
import { agencyTotals, converged, sleep } from './counters-helpers';
import type { Counter } from './counters-helpers';
import { NOTHING_DIVERGES, settledDivergence } from './counters-compare-helpers';
import { AGENCY_TIMINGS, agentStep, holdSomewhere, travelerOf } from './counters-workload-helpers';
import type { Outcome } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

// A server of this test's own (scripts/with-postgres.sh sets where PostgreSQL is), restarted for real
// with pg_ctl: the shared server's other test files are not disturbed.
const NO_SERVER = 'no PostgreSQL: run the tests under scripts/with-postgres.sh';

describe('the agency server restarted for real under three counters', () => {
  const startSandbox = useSandbox();
  const startCore = useCore();
  let server: OwnPostgres | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  test('pg_ctl restart while the counters hold, cancel and check bookings: every ledger equals PostgreSQL, and PostgreSQL the service', async (context) => {
    if (!process.env.PACKDESK_TEST_PG_BIN) {
      if (process.env.CI) throw new Error(`The real server restart test cannot run in CI with ${NO_SERVER}`);
      context.skip(NO_SERVER);
    }
    server = await startOwnPostgres();
    const settings: AgencyConnectionSettings = await createAgencyDatabase(server.url, 'agency_restart');
    const sandbox = await startSandbox();
    const desks: Counter[] = [];
    for (const name of ['Desk 1', 'Desk 2', 'Desk 3']) {
      const { core, dataDir } = await startCore(sandbox, { agencyTimings: AGENCY_TIMINGS });
      const { host, port, database, user, tlsMode } = settings;
      await core.agency.connect({ profileId: 1, host, port, database, user, tlsMode, counterName: name });
      desks.push({ name, core, dataDir, proxy: null });
    }
    // What each counter's status bar said during the day.
    const links = new Set<string>();
    for (const desk of desks)
      desk.core.events.subscribe((event) => {
        if (event.name === 'event:agency-change') links.add(`${desk.name}: ${event.payload.link.kind}`);
      });
    const random = seeded(1408);
    for (const [n, desk] of desks.entries()) while (!(await holdSomewhere(desk.core, random, travelerOf(desk.name, 100 + n))));
    await converged(desks, settings);

    const outcomes: Outcome[] = [];
    const selling = desks.map(async (desk, d) => {
      const steps = seeded(14_080 + d);
      for (let n = 0; n < 30; n += 1) outcomes.push(await agentStep(desk.core, desk.name, steps, n));
    });
    // Two real restarts in the middle of the day, each cutting every push, pull, LISTEN and lease.
    const own = server;
    const restarts = (async () => {
      for (let restart = 0; restart < 2; restart += 1) {
        await sleep(300 + Math.floor(random() * 300));
        own.restart();
      }
    })();
    await Promise.all([...selling, restarts]);

    // The restarts cut live links: every counter lost the server and found it again.
    for (const desk of desks) expect([...links]).toEqual(expect.arrayContaining([`${desk.name}: unreachable`, `${desk.name}: live`]));
    expect(outcomes).toContain('held');
    expect(await settledDivergence(desks, settings, sandbox)).toEqual(NOTHING_DIVERGES);
    for (const desk of desks) {
      await waitUntil(
        () => desk.core.agency.status(),
        (status) => status.link.kind === 'live' && status.unsent === 0,
        15_000,
      );
    }
    expect((await agencyTotals(settings)).bookings).toBe(desks.length + outcomes.filter((outcome) => outcome === 'held').length);
    await Promise.all(desks.map((desk) => desk.core.shutdown(1_000)));
  });
});

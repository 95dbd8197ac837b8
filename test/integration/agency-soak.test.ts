import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';

// The soak makes a durable cluster of its own with the PostgreSQL that scripts/with-postgres.sh found.
const NO_POSTGRES = 'no PostgreSQL: PACKDESK_TEST_PG_BIN is not set (run the tests under scripts/with-postgres.sh)';

// Two seeds: whether a late change lands on a newer one at this size is a matter of timing, so two runs find an
// ordering fault more often than one (each about 25 s; settling is given a minute, not three).
describe('the agency soak, small enough for CI', () => {
  test.for([6, 8])(
    'seed %i: three counters on one agency, killed, cut off and slowed at seeded moments while the server restarts and follow-ups land at other counters: every ledger equals the agency, the agency equals the service',
    { timeout: 240_000 },
    (seed, context) => {
      if (!process.env.PACKDESK_TEST_PG_BIN) {
        if (process.env.CI) throw new Error(`The agency soak cannot run in CI with ${NO_POSTGRES}`);
        context.skip(NO_POSTGRES);
      }
      const run = spawnSync(
        process.execPath,
        ['scripts/soak.mjs', '--agency', '--counters', '3', '--bookings', '30', '--seed', String(seed), '--settle-ms', '60000'],
        { encoding: 'utf8' },
      );
      const last = run.stdout.trim().split('\n').at(-1) ?? '';
      const figures = JSON.parse(last) as Record<string, number | string>;
      // What differs, in words (the soak's first examples of each kind), for the failure's message.
      const found = run.stderr
        .split('\n')
        .filter((line) => line.startsWith('[agency soak]'))
        .join('\n');
      // What the run did: each of these, at least once, and the follow-ups where they race.
      expect(figures.bookings).toBeGreaterThanOrEqual(90);
      expect(figures.kills).toBeGreaterThanOrEqual(1);
      expect(figures.partitions).toBeGreaterThanOrEqual(1);
      expect(figures.serverRestarts).toBeGreaterThanOrEqual(1);
      expect(figures.followUpsElsewhere).toBeGreaterThanOrEqual(1);
      expect(figures.followUpsAtOnce).toBeGreaterThanOrEqual(1);
      expect(figures, found).toMatchObject({
        postgres: 'fsync=on synchronous_commit=on full_page_writes=on',
        faultSettingsNotTaken: 0,
        notDurable: 0,
        counterCrashes: 0,
        converged: 1,
        lost: 0,
        orphanHolds: 0,
        phantomRows: 0,
        duplicateRows: 0,
        wrongStatus: 0,
        wrongDates: 0,
        wrongTotal: 0,
        doubleCharged: 0,
        doubleWritten: 0,
        unsettled: 0,
        leasesNotReleased: 0,
        changesNotApplied: 0,
        cardNumbers: 0,
        // No flag asks an agent for an outcome their own call returned.
        attentionSeen: 0,
      });
      // The soak's own verdict: no anomaly, and as many kills, partitions and restarts as it asked for.
      expect(
        run.status,
        run.stderr
          .split('\n')
          .filter((line) => line.startsWith('[agency soak]'))
          .join('\n'),
      ).toBe(0);
    },
  );
});

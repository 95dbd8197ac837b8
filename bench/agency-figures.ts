import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import { openCounter } from './agency-counters';
import type { BenchCounter } from './agency-counters';
import { catchUpAfterOutage, pushBurst, sellingTogether, settle } from './agency-phases';
import { startBenchPostgres } from './agency-postgres';
import { notifyFanOut, plainClient, plainInserts, plainPull } from './agency-references';
import type { Figure } from './figures';
import { startServiceProcess } from './service-process';
import { spreadOf } from './stats';

/** Issue 14's agency figures: counters sharing one PostgreSQL, each a whole core with its own SQLite ledger. */

export interface AgencySizes {
  counters: number;
  /** Bookings each counter sells while convergence is measured, with a pause of `pauseMs` before each. */
  bookingsEach: number;
  pauseMs: [number, number];
  /** Bookings each counter sells with its link stopped, then pushed all at once. */
  pushBookingsEach: number;
  /** Changes the other counters make while one is closed. */
  catchUpChanges: number;
  fanOutSamples: number;
}

export const AGENCY_FULL: AgencySizes = {
  counters: 20,
  bookingsEach: 10,
  pauseMs: [500, 1_500],
  pushBookingsEach: 60,
  catchUpChanges: 10_000,
  fanOutSamples: 100,
};
export const AGENCY_QUICK: AgencySizes = {
  counters: 5,
  bookingsEach: 5,
  pauseMs: [500, 1_500],
  pushBookingsEach: 30,
  catchUpChanges: 1_000,
  fanOutSamples: 50,
};

/** The app's pusher sends this many changes per push; the plain reference inserts batches of the same size. */
const PUSH_BATCH = 500;
/** The feed pulls this many per page; the plain reference reads pages of the same size. */
const PULL_PAGE = 1_000;
const CONVERGENCE_TARGET_MS = 2_000;
/** The catch-up: 10,000 changes in 10 s; a run of another size is held to the same rate. */
const CATCH_UP_TARGET = { seconds: 10, changes: 10_000 };

export const AGENCY_HOW_MEASURED =
  '- Agency figures (issue 14): a throw-away PostgreSQL 15 on loopback, durable as an agency’s server runs (the agency soak’s cluster, `bench/soak/agency/durable-postgres.ts`: fsync, synchronous_commit and full_page_writes on), unless `PACKDESK_TEST_PG_URL` names one; the three settings are read back from the server with `SHOW` and stated in a note below the table, and a figure from a server with any of them off says so in its name; every counter is a whole core (engine, tracker, its own SQLite ledger, the agency link with the app’s default timings) in a Node process of its own, as each counter is its own app, against the built-in service in a process of its own. A change is one row of a counter’s outbox: its commit time is when the ledger tells the screens of that commit at the counter that made it, its visibility at another counter when that counter’s ledger has applied the batch holding it (its pull cursor, committed with the batch); convergence is per change, to the last of the other counters. Pushes per second: each counter’s own outbox pushed by the app’s pusher (batches of 500) with the feeds stopped, so the counters pull nothing while the server is timed. Catch-up: one counter closed while the others sell, then opened again on its data folder in a new process, timed from its core’s creation until its ledger has applied the last change.';

const nearestRank = (samples: readonly number[], share: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const count = (value: number) => value.toLocaleString('en-GB');

/** Every counter's ledger against the agency's record: bookings missing, extra or in another status (0 when they agree). */
async function differences(counters: readonly BenchCounter[], auditor: Client): Promise<number> {
  const record = new Map(
    (await auditor.query<{ booking_key: string; status: string }>('SELECT booking_key, status FROM agency_bookings')).rows.map((row) => [
      row.booking_key,
      row.status,
    ]),
  );
  let differing = 0;
  for (const counter of counters) {
    const rows = new Map(await counter.call('ledgerRows'));
    for (const [key, status] of record) if (rows.get(key) !== status) differing += 1;
    for (const key of rows.keys()) if (!record.has(key)) differing += 1;
  }
  return differing;
}

export async function measureAgency(sizes: AgencySizes, seed: number): Promise<{ figures: Figure[]; notes: string[] }> {
  let postgres;
  try {
    postgres = await startBenchPostgres();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      figures: [],
      notes: [`The agency figures were not measured: no PostgreSQL (${why}). Install PostgreSQL 15 or set PACKDESK_TEST_PG_URL.`],
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-agency-bench-'));
  const service = await startServiceProcess(join(dir, 'service.db'));
  // What each counter's process is given of it: its address and keys.
  const serviceAddress = { url: service.url, testKey: service.testKey, liveKey: service.liveKey };
  const counters: BenchCounter[] = [];
  let auditor: Client | null = null;
  try {
    const agency = await postgres.createDatabase('packdesk_bench');
    const plain = await postgres.createDatabase('packdesk_bench_plain');
    auditor = await plainClient(agency);
    // One at a time: the first applies the server's schema, and the machine is not flooded with starting processes.
    for (let index = 0; index < sizes.counters; index += 1)
      counters.push(await openCounter(index, join(dir, `counter-${index}`), serviceAddress, agency));
    const others = sizes.counters - 1;
    const fanOut = await notifyFanOut(agency, others, sizes.fanOutSamples);

    console.log(`[bench] agency: ${sizes.counters} counters selling ${sizes.bookingsEach} bookings each`);
    const selling = await sellingTogether(counters, auditor, sizes, seed);
    const spread = spreadOf(selling.samplesMs);
    const p99 = nearestRank(selling.samplesMs, 0.99);
    const split = `of which from the commit to the push reaching PostgreSQL p50 ${ms(nearestRank(selling.toServerMs, 0.5))} / p99 ${ms(nearestRank(selling.toServerMs, 0.99))}; pushes waiting for the agency's push lock (one commits at a time) ${selling.pushesWaiting.mean.toFixed(1)} on average, ${selling.pushesWaiting.max} at most`;
    const convergenceReference = `plain pg: a NOTIFY committed by one client reaching all ${others} LISTENing clients p50 ${ms(nearestRank(fanOut, 0.5))} / p99 ${ms(nearestRank(fanOut, 0.99))} (${fanOut.length} runs); ${count(selling.samplesMs.length)} changes from ${count(sizes.counters * sizes.bookingsEach)} whole bookings (price, hold, prebook, pay, Paid) sold over ${selling.windowSeconds.toFixed(0)} s, a pause of ${sizes.pauseMs[0] / 1000} to ${sizes.pauseMs[1] / 1000} s before each (${(selling.samplesMs.length / selling.windowSeconds).toFixed(0)} changes/s to the agency; ${selling.flows}); ${split}`;
    // Named with its server: a figure from one that skips fsync is not the agency's figure.
    const server = postgres.durable ? 'durable PostgreSQL' : `PostgreSQL with ${postgres.durability}`;
    const convergenceName = `agency, ${sizes.counters} counters, ${server}: a commit at one counter visible at every other`;

    console.log(`[bench] agency: ${sizes.counters} counters pushing ${sizes.pushBookingsEach} bookings' changes each at once`);
    const burst = await pushBurst(counters, auditor, agency, sizes.pushBookingsEach, seed);
    const pushed = burst.changes / burst.seconds;
    const plainPush = await plainInserts(agency, burst, plain, PUSH_BATCH);

    console.log(`[bench] agency: one counter away while the others make ${count(sizes.catchUpChanges)} changes`);
    const caught = await catchUpAfterOutage(counters, auditor, serviceAddress, sizes.catchUpChanges, seed);
    counters[0] = caught.counter;
    const plainPullSeconds = await plainPull(agency, caught.afterSeq, caught.throughSeq, PULL_PAGE);

    // The audit: once every counter stands at the same sequence, each ledger holds exactly the agency's record.
    let differing = Number.NaN;
    for (let attempt = 0; attempt < 20 && differing !== 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
      await settle(counters, auditor, 120_000);
      differing = await differences(counters, auditor);
    }
    const catchUpLimitS = (CATCH_UP_TARGET.seconds * sizes.catchUpChanges) / CATCH_UP_TARGET.changes;
    const bookings = Number((await auditor.query<{ n: string }>('SELECT count(*) AS n FROM agency_bookings')).rows[0]?.n ?? 0);
    const figures: Figure[] = [
      {
        name: `${convergenceName}, p50`,
        value: spread.p50,
        unit: 'ms',
        spread,
        target: '— (the issue’s target is on the p99)',
        reference: convergenceReference,
        pass: null,
      },
      {
        name: `${convergenceName}, p99`,
        value: p99,
        unit: 'ms',
        spread,
        target: `≤ ${count(CONVERGENCE_TARGET_MS)} ms with ${sizes.counters} counters`,
        reference: convergenceReference,
        pass: p99 <= CONVERGENCE_TARGET_MS,
        ...(p99 > CONVERGENCE_TARGET_MS ? { why: split } : {}),
      },
      {
        name: `agency, ${sizes.counters} counters, ${server}, pushing at once: changes per second the server takes`,
        value: pushed,
        unit: 'changes/s',
        target: '— (the issue sets none)',
        reference: `one plain pg client inserting the same ${count(plainPush.changes)} changes in batches of ${PUSH_BATCH} into a table of the same shape (no agency record, lock or NOTIFY): ${count(Math.round(plainPush.perSecond))} changes/s (${(pushed / plainPush.perSecond).toFixed(2)}×); ${count(burst.changes)} changes (${sizes.pushBookingsEach} bookings per counter; ${burst.flows}) pushed in ${burst.seconds.toFixed(2)} s`,
        pass: null,
      },
      {
        name: `agency, ${server}: catch-up of ${count(caught.changes)} changes after an outage`,
        value: caught.seconds,
        unit: 's',
        target: `≤ ${catchUpLimitS.toLocaleString('en-GB')} s for ${count(sizes.catchUpChanges)} changes`,
        reference: `one plain pg client reading the same ${count(caught.changes)} changes in pages of ${count(PULL_PAGE)} as the feed does, without applying them: ${plainPullSeconds.toFixed(2)} s; timed from the counter’s opening (its core created on its data folder, in a new process whose own start is not counted) to its ledger holding the last change; the others sold meanwhile (${caught.flows})`,
        pass: caught.seconds <= catchUpLimitS,
        ...(caught.seconds > catchUpLimitS ? { why: `${(caught.changes / caught.seconds).toFixed(0)} changes/s applied` } : {}),
      },
    ];
    const notes = [
      `Agency server: ${postgres.durability} (read back with SHOW)${postgres.durable ? '' : '; not durable, so its figures are not an agency’s'}.`,
      differing === 0
        ? `Agency audit after the run: each of the ${sizes.counters} counters’ ledgers holds exactly the agency’s ${count(bookings)} bookings, each in the agency’s status.`
        : `Agency audit after the run: ${count(differing)} booking rows across the ${sizes.counters} counters’ ledgers differ from the agency’s record of ${count(bookings)} bookings.`,
    ];
    return { figures, notes };
  } finally {
    await Promise.all(counters.map((counter) => counter.close()));
    await auditor?.end();
    await service.stopAndWait();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

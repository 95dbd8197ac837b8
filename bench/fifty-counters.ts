import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import { monotonicMs } from './agency-counter-core';
import type { ProbeRecords } from './agency-counter-core';
import { openCounter, reopenCounter } from './agency-counters';
import type { BenchCounter } from './agency-counters';
import { agencyLatestSeq, notifyFanOut, plainClient, plainPull } from './agency-references';
import type { Figure } from './figures';
import { startServiceProcess } from './service-process';
import { DURABLE, startDurablePostgres } from './soak/agency/durable-postgres';
import { createAgencyDatabase } from '../test/support/agency-server';
import { startSimulatedCounter } from './simulated-counter';
import type { SimulatedCounter } from './simulated-counter';
import { spreadOf } from './stats';

/**
 * Issue 29: the agency at 50 counters on a durable PostgreSQL. As many counters as the machine has
 * cores are whole apps (a core each, in a process of its own); the rest are simulated clients
 * running the app's own pusher and feed (bench/simulated-counter.ts), all in the bench's process.
 */

export interface FiftySizes {
  counters: number;
  /** Counters that are whole apps, each in a process of its own. */
  wholeApps: number;
  /** Whole bookings each whole app sells while convergence is measured (the simulated ones sell meanwhile). */
  bookingsEach: number;
  pauseMs: [number, number];
  catchUpChanges: number;
  fanOutSamples: number;
}
export const FIFTY_FULL: FiftySizes = {
  counters: 50,
  wholeApps: 2,
  bookingsEach: 30,
  pauseMs: [500, 1_500],
  catchUpChanges: 100_000,
  fanOutSamples: 50,
};
export const FIFTY_QUICK: FiftySizes = {
  counters: 10,
  wholeApps: 2,
  bookingsEach: 5,
  pauseMs: [500, 1_500],
  catchUpChanges: 5_000,
  fanOutSamples: 20,
};
const CONVERGENCE_TARGET_MS = 1_000;
const CATCH_UP_TARGET_S = 15;

interface Source {
  counterId: string;
  records: ProbeRecords;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the 50-counter bench waited ${ms / 1000} s for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Every outbox pushed, then every counter at the agency's latest sequence; returns it. */
async function settle(whole: readonly BenchCounter[], simulated: readonly SimulatedCounter[], auditor: Client): Promise<number> {
  await withTimeout(
    Promise.all([...whole.map((counter) => counter.call('drained')), ...simulated.map((counter) => counter.drained())]),
    300_000,
    'every outbox to be pushed',
  );
  const target = await agencyLatestSeq(auditor);
  await withTimeout(
    Promise.all([
      ...whole.map((counter) => counter.call('appliedThrough', target)),
      ...simulated.map((counter) => counter.appliedThrough(target)),
    ]),
    300_000,
    `every counter to apply the change log through ${target}`,
  );
  return target;
}

/** The first entry (sorted by time and by what it reached) that reached a point, or null. */
function firstAt<T extends { at: number }>(entries: readonly T[], reached: (entry: T) => boolean): number | null {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (reached(entries[middle] as T)) high = middle;
    else low = middle + 1;
  }
  return entries[low]?.at ?? null;
}

/** Per change committed from `from` on: from its commit at its counter to the last other counter applying it (ms). */
async function convergenceOf(sources: readonly Source[], auditor: Client, range: { afterSeq: number; throughSeq: number; from: number }) {
  const rows = (
    await auditor.query<{ seq: string; counter_id: string; counter_seq: string }>(
      'SELECT seq, counter_id, counter_seq FROM agency_changes WHERE seq > $1 AND seq <= $2 ORDER BY seq',
      [range.afterSeq, range.throughSeq],
    )
  ).rows;
  const samples: number[] = [];
  // A whole app's probe notes a batch when it tells the screens of a booking: a batch that touched none is seen at the next one that did.
  let unseen = 0;
  for (const row of rows) {
    const maker = sources.find((source) => source.counterId === row.counter_id);
    const committedAt = maker ? firstAt(maker.records.committed, (entry) => entry.counterSeq >= Number(row.counter_seq)) : null;
    if (!maker || committedAt === null || committedAt < range.from) continue;
    let lastSeen = committedAt;
    for (const other of sources) {
      if (other === maker) continue;
      const seenAt = firstAt(other.records.applied, (entry) => entry.seq >= Number(row.seq));
      if (seenAt === null) unseen += 1;
      else lastSeen = Math.max(lastSeen, seenAt);
    }
    samples.push(lastSeen - committedAt);
  }
  return { samples, unseen };
}

const nearestRank = (samples: readonly number[], share: number): number =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.max(0, Math.ceil(samples.length * share) - 1))] ?? Number.NaN;
const count = (value: number) => value.toLocaleString('en-GB');

export async function measureFiftyCounters(sizes: FiftySizes, seed: number): Promise<Figure[]> {
  // The agency soak's own durable cluster (scripts/with-postgres.sh turns fsync, synchronous commit and full page writes off).
  const postgres = await startDurablePostgres(process.env.PACKDESK_PG_BIN ?? '/usr/lib/postgresql/15/bin');
  const durability = await postgres.durability();
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-fifty-'));
  const service = await startServiceProcess(join(dir, 'service.db'));
  const serviceAddress = { url: service.url, testKey: service.testKey, liveKey: service.liveKey };
  const whole: BenchCounter[] = [];
  const simulated: SimulatedCounter[] = [];
  let auditor: Client | null = null;
  try {
    if (durability !== DURABLE) throw new Error(`the agency's cluster is not durable: ${durability}`);
    const agency = await createAgencyDatabase(`postgres://postgres@${postgres.host}:${postgres.port}/postgres`, 'packdesk_bench_fifty');
    for (let index = 0; index < sizes.wholeApps; index += 1)
      whole.push(await openCounter(index, join(dir, `counter-${index}`), serviceAddress, agency));
    auditor = await plainClient(agency);
    const startSeq = await agencyLatestSeq(auditor);
    for (let index = sizes.wholeApps; index < sizes.counters; index += 1)
      simulated.push(await startSimulatedCounter(index, agency, startSeq));
    const fanOut = await notifyFanOut(agency, sizes.counters - 1, sizes.fanOutSamples);

    console.log(`[bench] 50 counters: ${sizes.wholeApps} whole apps and ${simulated.length} simulated counters selling`);
    await Promise.all(whole.map((counter) => counter.call('sell', { bookings: 1, pauseMs: [0, 0], seed, phase: 0 })));
    const afterSeq = await settle(whole, simulated, auditor);
    const from = monotonicMs();
    const simulatedSelling = Promise.all(simulated.map((counter) => counter.sell(sizes.pauseMs, seed)));
    const tallies = await Promise.all(
      whole.map((counter) => counter.call('sell', { bookings: sizes.bookingsEach, pauseMs: sizes.pauseMs, seed, phase: 1 })),
    );
    for (const counter of simulated) counter.stopSelling();
    const simulatedSold = (await simulatedSelling).reduce((sum, sold) => sum + sold, 0);
    const windowSeconds = (monotonicMs() - from) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const throughSeq = await settle(whole, simulated, auditor);
    const sources: Source[] = [
      ...(await Promise.all(whole.map(async (counter) => ({ counterId: counter.counterId, records: await counter.call('probe') })))),
      ...simulated.map((counter) => ({ counterId: counter.counterId, records: counter.records })),
    ];
    const { samples, unseen } = await convergenceOf(sources, auditor, { afterSeq, throughSeq, from });
    const spread = spreadOf(samples);
    const p99 = nearestRank(samples, 0.99);
    const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
    const setup = `${sizes.wholeApps} whole apps (the machine's ${sizes.wholeApps} cores: each a Node process with the app's core, its SQLite ledger and agency link, against the built-in service in a process of its own) and ${simulated.length} simulated counters (the app's own outbox pusher and change feed, joined as counters, the ledger in memory; in the bench's process), on a durable PostgreSQL 15 (${durability}, read back)`;

    console.log(`[bench] 50 counters: one whole app away while the others push ${count(sizes.catchUpChanges)} changes`);
    const away = whole[0] as BenchCounter;
    await away.close();
    const catchFrom = await agencyLatestSeq(auditor);
    const pushStarted = monotonicMs();
    for (const [index, counter] of simulated.entries())
      counter.commitMany(Math.floor(sizes.catchUpChanges / simulated.length) + (index < sizes.catchUpChanges % simulated.length ? 1 : 0));
    const catchThrough = await settle(whole.slice(1), simulated, auditor);
    const pushSeconds = (monotonicMs() - pushStarted) / 1000;
    const reopened = await withTimeout(reopenCounter(away, serviceAddress, catchThrough), 300_000, `${away.name} to catch up`);
    whole[0] = reopened.counter;
    const plainSeconds = await plainPull(agency, catchFrom, catchThrough, 1_000);
    const caught = catchThrough - catchFrom;
    return [
      {
        name: `agency, ${sizes.counters} counters on a durable PostgreSQL: a commit at one counter visible at every other, p99`,
        value: p99,
        unit: 'ms',
        spread,
        target: `≤ ${count(CONVERGENCE_TARGET_MS)} ms`,
        reference: `p50 ${spread.p50.toFixed(0)} ms; plain pg: a NOTIFY committed by one client reaching ${sizes.counters - 1} LISTENing clients p50 ${nearestRank(fanOut, 0.5).toFixed(0)} / p99 ${nearestRank(fanOut, 0.99).toFixed(0)} ms (${fanOut.length} runs); ${count(samples.length)} changes over ${windowSeconds.toFixed(0)} s: the whole apps sold ${count(sizes.bookingsEach)} bookings each (price, hold, prebook, pay, Paid; ${failed} flows failed), the simulated ones ${count(simulatedSold)} bookings (three commits each), a pause of ${sizes.pauseMs[0] / 1000} to ${sizes.pauseMs[1] / 1000} s before each; ${setup}${unseen ? `; ${count(unseen)} times a whole app's probe saw no batch after a change (not counted at that app)` : ''}`,
        pass: p99 <= CONVERGENCE_TARGET_MS,
        ...(p99 <= CONVERGENCE_TARGET_MS
          ? {}
          : { why: `p50 ${spread.p50.toFixed(0)} ms; ${(samples.length / windowSeconds).toFixed(0)} changes/s to the agency` }),
      },
      {
        name: `agency, ${sizes.counters} counters on a durable PostgreSQL: catch-up of ${count(caught)} changes after an outage`,
        value: reopened.seconds,
        unit: 's',
        target: `≤ ${CATCH_UP_TARGET_S} s for 100,000 changes`,
        reference: `one plain pg client reading the same changes in pages of 1,000 as the feed does, without applying them: ${plainSeconds.toFixed(2)} s; a whole app closed while the simulated counters pushed them (${pushSeconds.toFixed(1)} s until every outbox was pushed and the other whole app had applied them), then opened again in a new process and timed from its core's creation to its ledger holding the last change`,
        pass: reopened.seconds <= CATCH_UP_TARGET_S,
        ...(reopened.seconds <= CATCH_UP_TARGET_S ? {} : { why: `${(caught / reopened.seconds).toFixed(0)} changes/s applied` }),
      },
    ];
  } finally {
    await Promise.all([...whole.map((counter) => counter.close()), ...simulated.map((counter) => counter.close())]);
    await auditor?.end();
    await service.stopAndWait();
    await postgres.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

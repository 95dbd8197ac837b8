import type { Client } from 'pg';
import type { AgencyConnectionSettings } from '../electron/core/agency/agency-connection';
import { monotonicMs } from './agency-counter-core';
import type { BenchService } from './agency-counter-core';
import { reopenCounter } from './agency-counters';
import type { BenchCounter } from './agency-counters';
import { agencyLatestSeq } from './agency-references';

/** The three things the agency figures time: changes spreading while counters sell, a burst of pushes, a counter catching up. */

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the agency bench waited ${ms / 1000} s for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type Tally = { made: number; failed: number; firstError: string | null };

/** Flows that failed over every counter, in words for the report (none, normally). */
export function failures(tallies: readonly Tally[]): string {
  const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
  return failed ? `${failed} flows failed (first: ${tallies.find((tally) => tally.firstError)?.firstError ?? '?'})` : 'no flow failed';
}

/**
 * Waits until every counter's outbox is pushed and every counter has applied the whole change log;
 * returns the sequence they all stand at. Trackers may still commit (a Paid read), so it settles on
 * a sequence that every counter has reached, rather than on silence.
 */
export async function settle(counters: readonly BenchCounter[], auditor: Client, timeoutMs = 60_000): Promise<number> {
  await withTimeout(Promise.all(counters.map((counter) => counter.call('drained'))), timeoutMs, 'every outbox to be pushed');
  const target = await agencyLatestSeq(auditor);
  await withTimeout(
    Promise.all(counters.map((counter) => counter.call('appliedThrough', target))),
    timeoutMs,
    `every counter to apply the change log through ${target}`,
  );
  return target;
}

/** A change's convergence: from its commit at the counter that made it to the moment the last other counter applied it. */
export interface Convergence {
  samplesMs: number[];
  /** Of each: from the commit at its counter to the start of the push that took it to PostgreSQL (its committed_at). */
  toServerMs: number[];
  windowSeconds: number;
  flows: string;
  /** Pushes waiting for the agency's push lock (one push commits at a time), sampled every 100 ms while selling. */
  pushesWaiting: { mean: number; max: number };
}

/** Samples how many pushes wait for the agency's push lock (an advisory lock not granted yet) until stopped. */
function samplePushesWaiting(auditor: Client): () => { mean: number; max: number } {
  const samples: number[] = [];
  const timer = setInterval(() => {
    void auditor
      .query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_locks
         WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )
      .then((result) => samples.push(Number(result.rows[0]?.n ?? 0)))
      .catch(() => undefined);
  }, 100);
  return () => {
    clearInterval(timer);
    return { mean: samples.reduce((sum, n) => sum + n, 0) / Math.max(1, samples.length), max: Math.max(0, ...samples) };
  };
}

/** The first entry (entries sorted by time and by what they reached) that reached a point, or null. */
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

/**
 * Reads the agency's order of the changes in (afterSeq, throughSeq] and, for each one committed at
 * or after `from`, joins the probes: the first commit at its counter whose outbox reached its counter
 * sequence, and at every other counter the first batch whose cursor reached its global sequence.
 */
async function convergenceOf(
  counters: readonly BenchCounter[],
  auditor: Client,
  range: { afterSeq: number; throughSeq: number; from: number },
): Promise<{ samplesMs: number[]; toServerMs: number[] }> {
  const probes = new Map(
    await Promise.all(counters.map(async (counter) => [counter.counterId, { counter, records: await counter.call('probe') }] as const)),
  );
  const rows = (
    await auditor.query<{ seq: string; counter_id: string; counter_seq: string; committed_ms: string }>(
      `SELECT seq, counter_id, counter_seq, extract(epoch FROM committed_at) * 1000 AS committed_ms
       FROM agency_changes WHERE seq > $1 AND seq <= $2 ORDER BY seq`,
      [range.afterSeq, range.throughSeq],
    )
  ).rows;
  // PostgreSQL's clock is the machine's wall clock; the probes' is its monotonic clock.
  const wallOffset = Date.now() - monotonicMs();
  const samplesMs: number[] = [];
  const toServerMs: number[] = [];
  for (const row of rows) {
    const maker = probes.get(row.counter_id);
    if (!maker) continue;
    const counterSeq = Number(row.counter_seq);
    const seq = Number(row.seq);
    const committedAt = firstAt(maker.records.committed, (entry) => entry.counterSeq >= counterSeq);
    if (committedAt === null || committedAt < range.from) continue;
    let lastSeen = committedAt;
    for (const [counterId, other] of probes) {
      if (counterId === row.counter_id) continue;
      const seenAt = firstAt(other.records.applied, (entry) => entry.seq >= seq);
      if (seenAt === null) throw new Error(`${other.counter.name} never applied change ${seq}`);
      lastSeen = Math.max(lastSeen, seenAt);
    }
    samplesMs.push(lastSeen - committedAt);
    toServerMs.push(Number(row.committed_ms) - (committedAt + wallOffset));
  }
  return { samplesMs, toServerMs };
}

/**
 * Every counter sells at once, as agents do: a whole booking (price, hold, prebook, pay), then a
 * seeded pause of `pauseMs`, `bookingsEach` times; one booking each first, unmeasured, to warm up.
 */
export async function sellingTogether(
  counters: readonly BenchCounter[],
  auditor: Client,
  sizes: { bookingsEach: number; pauseMs: [number, number] },
  seed: number,
): Promise<Convergence> {
  await Promise.all(counters.map((counter) => counter.call('sell', { bookings: 1, pauseMs: [0, 0], seed, phase: 0 })));
  const afterSeq = await settle(counters, auditor);
  const from = monotonicMs();
  const stopSampling = samplePushesWaiting(auditor);
  const tallies = await Promise.all(
    counters.map((counter) => counter.call('sell', { bookings: sizes.bookingsEach, pauseMs: sizes.pauseMs, seed, phase: 1 })),
  );
  const windowSeconds = (monotonicMs() - from) / 1000;
  const pushesWaiting = stopSampling();
  // The trackers' Paid reads land a moment after the last payment: part of the same window.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const throughSeq = await settle(counters, auditor);
  const measured = await convergenceOf(counters, auditor, { afterSeq, throughSeq, from });
  return { ...measured, windowSeconds, flows: failures(tallies), pushesWaiting };
}

/**
 * Pushes per second the server takes: every counter sells `bookingsEach` bookings with its agency
 * link stopped (their changes wait in each ledger's outbox), then all the counters' own outboxes are
 * pushed at once by the app's pusher, each on a pool opened before. Their feeds stay stopped
 * meanwhile, so the counters pull nothing while the server is timed; they start again after.
 */
export async function pushBurst(
  counters: readonly BenchCounter[],
  auditor: Client,
  agency: AgencyConnectionSettings,
  bookingsEach: number,
  seed: number,
): Promise<{ changes: number; seconds: number; afterSeq: number; throughSeq: number; flows: string }> {
  await Promise.all(counters.map((counter) => counter.call('stopLink')));
  const tallies = await Promise.all(
    counters.map((counter) => counter.call('sell', { bookings: bookingsEach, pauseMs: [0, 0], seed, phase: 2 })),
  );
  const afterSeq = await agencyLatestSeq(auditor);
  await Promise.all(counters.map((counter) => counter.call('preparePush', agency)));
  const started = monotonicMs();
  await withTimeout(Promise.all(counters.map((counter) => counter.call('push'))), 300_000, 'the push burst');
  const seconds = (monotonicMs() - started) / 1000;
  const throughSeq = await agencyLatestSeq(auditor);
  await Promise.all(counters.map((counter) => counter.call('startLink')));
  await settle(counters, auditor, 120_000);
  return { changes: throughSeq - afterSeq, seconds, afterSeq, throughSeq, flows: failures(tallies) };
}

/**
 * A counter closed while the others go on selling until the agency has `changes` more changes; then
 * it is opened again on its data folder in a new process, and timed from its core's creation until
 * its ledger has applied the last of them. Returns the reopened counter (it replaces the closed one).
 */
export async function catchUpAfterOutage(
  counters: readonly BenchCounter[],
  auditor: Client,
  service: BenchService,
  changes: number,
  seed: number,
): Promise<{ counter: BenchCounter; changes: number; seconds: number; afterSeq: number; throughSeq: number; flows: string }> {
  const [away, ...others] = counters;
  if (!away || others.length === 0) throw new Error('the catch-up needs two counters at least');
  await away.close();
  const afterSeq = await agencyLatestSeq(auditor);
  const selling = Promise.all(others.map((counter) => counter.call('sellUntilStopped', { seed, phase: 3 })));
  const watch = setInterval(() => {
    void agencyLatestSeq(auditor).then(async (seq) => {
      if (seq - afterSeq >= changes) await Promise.all(others.map((counter) => counter.call('stopSelling')));
    });
  }, 200);
  const tallies = await selling.finally(() => clearInterval(watch));
  const throughSeq = await settle(others, auditor, 120_000);
  const reopened = await withTimeout(reopenCounter(away, service, throughSeq), 120_000, `${away.name} to catch up`);
  return {
    counter: reopened.counter,
    changes: throughSeq - afterSeq,
    seconds: reopened.seconds,
    afterSeq,
    throughSeq,
    flows: failures(tallies),
  };
}

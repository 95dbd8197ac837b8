import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createCore } from '../electron/core/core';
import type { Core } from '../electron/core/core';
import { createKeychainStore } from '../electron/core/secrets';
import type { Figure } from './figures';
import { startLatencyProxy } from './latency-proxy';
import { HOLDER, bookThroughEngine, latencyFigure, loopbackFigure, plainApi, wholeFlow } from './service-flow';
import type { ServiceAddress, Stay } from './service-flow';
import { startServiceProcess } from './service-process';
import type { ServiceProcess } from './service-process';
import { seededRandom } from './soak/seeded-random';
import { spreadOf, timedInTurns } from './stats';

export interface ServiceSizes {
  overheadRuns: number;
  flowRuns: number;
  paidRuns: number;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const OTHER_UNFINISHED = 100;
/** What issue 29 adds to each of the service's answers for the flow's ratio target: a latency agents do see. */
const PROXY_DELAY_MS = 20;

/** Stays the service can sell, found ahead (unmeasured), each used once: a seeded walk over packages and dates. */
async function staysToSell(core: Core, count: number, seed: number): Promise<Stay[]> {
  const packages = await core.engine.search('');
  const random = seededRandom(seed, count);
  const stays: Stay[] = [];
  const used = new Set<string>();
  while (stays.length < count) {
    const entry = packages[Math.floor(random() * packages.length)];
    if (!entry) continue;
    const property = entry.properties[Math.floor(random() * entry.properties.length)];
    if (!property) continue;
    const offset = 20 + Math.floor(random() * 300);
    const key = `${property.id}:${offset}`;
    if (used.has(key)) continue;
    used.add(key);
    const stay = {
      packageId: entry.id,
      packageTitle: entry.title,
      propertyId: property.id,
      propertyName: property.name,
      checkIn: day(offset),
      checkOut: day(offset + 2),
      adults: 2,
    };
    if ((await core.engine.price(stay)).available) stays.push(stay);
  }
  return stays;
}

async function setSupplierDelay(service: ServiceProcess, supplierDelayMs: number): Promise<void> {
  const response = await fetch(`${service.url}/sandbox/controls`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ supplierDelayMs }),
  });
  if (!response.ok) throw new Error(`the service refused its controls: ${response.status}`);
}

/** A counter (the core with the app's own settings: tracker, retries, timeouts) on the built-in service at `service`'s address. */
async function openCounter(dataDir: string, service: ServiceAddress): Promise<Core> {
  const core = createCore({
    dataDir,
    secrets: createKeychainStore('Packdesk-bench'),
    version: 'bench',
    builtInService: () => ({ url: service.url, testKey: service.testKey, liveKey: service.liveKey }),
  });
  await core.start();
  return core;
}

async function engineOverhead(core: Core, service: ServiceProcess, runs: number, stay: Stay): Promise<Figure[]> {
  const plain = plainApi(service);
  const search = await timedInTurns(
    50,
    runs,
    () => plain.search('rome'),
    () => core.engine.search('rome'),
  );
  const price = await timedInTurns(
    50,
    runs,
    () => plain.price(stay),
    () => core.engine.price(stay),
  );
  const calls = [
    { call: 'search', fetch: spreadOf(search.first), engine: spreadOf(search.second) },
    { call: 'pricing', fetch: spreadOf(price.first), engine: spreadOf(price.second) },
  ];
  const reference = calls
    .map(
      (entry) =>
        `${entry.call}: plain fetch p50 ${entry.fetch.p50.toFixed(2)} / p95 ${entry.fetch.p95.toFixed(2)} ms, engine p50 ${entry.engine.p50.toFixed(2)} / p95 ${entry.engine.p95.toFixed(2)} ms (${(entry.engine.p50 / entry.fetch.p50).toFixed(2)}× / ${(entry.engine.p95 / entry.fetch.p95).toFixed(2)}×)`,
    )
    .join('; ');
  // Issue 29: the p50 within 1.05× and the p95 within 1.15× of the plain fetch's, for the worse of the two calls each.
  return (['p50', 'p95'] as const).map((at) => {
    const limit = at === 'p50' ? 1.05 : 1.15;
    const ratios = calls.map((entry) => ({ ...entry, ratio: entry.engine[at] / entry.fetch[at] }));
    const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    return {
      name: `engine overhead per call vs a plain fetch of the same request, ${at}`,
      value: worst.ratio,
      unit: '×',
      spread: { p50: worst.engine.p50, p95: worst.engine.p95, runs },
      spreadUnit: 'ms',
      target: `≤ ${limit.toFixed(2)}× (${at} against ${at})`,
      reference,
      pass: worst.ratio <= limit,
      ...(worst.ratio <= limit
        ? {}
        : { why: `${worst.call} through the engine takes ${worst.ratio.toFixed(2)}× the plain fetch (${at}s, sampled in turns)` }),
    };
  });
}

/** With 100 other bookings the tracker follows (their supplier answers in ten minutes), a new booking's Paid: from the service saying so to the screens being told. */
async function paidSeen(
  core: Core,
  service: ServiceProcess,
  serviceFile: string,
  stays: Stay[],
  runs: number,
  seed: number,
): Promise<{ figure: Figure; commits: number[] }> {
  await setSupplierDelay(service, 600_000);
  const others = stays.splice(0, OTHER_UNFINISHED);
  const pending: Promise<unknown>[] = [];
  for (const stay of others) {
    const quote = await core.engine.price(stay);
    if (!quote.available) continue;
    const hold = await core.engine.startHold(quote, [40, 38]);
    const booking = await core.engine.prebook(hold.holdId, { ...HOLDER, surname: 'Waiting' });
    pending.push(core.payments.payWith(booking.id, 'pm_card_visa'));
  }
  await Promise.all(pending);
  const unfinished = core.ledger.unsettledCount();
  const serviceDb = new DatabaseSync(serviceFile, { readOnly: true });
  const eventAt = serviceDb.prepare('SELECT at FROM events WHERE booking_id = ? AND type = ?');
  const samples: number[] = [];
  const commits: number[] = [];
  // The supplier's answer comes at a seeded moment 1 to 3 s after the payment, never in step with the tracker's pace.
  const random = seededRandom(seed, runs);
  try {
    for (let run = 0; run < runs; run += 1) {
      const supplierDelayMs = Math.round(1_000 + random() * 2_000);
      await setSupplierDelay(service, supplierDelayMs);
      const { booking, paidAt, durableCommits } = await bookThroughEngine(core, stays.shift() as Stay);
      commits.push(durableCommits);
      const at = (type: string) => {
        const row = eventAt.get(booking.serviceBookingId, type) as { at: string } | undefined;
        if (!row) throw new Error(`the service has no ${type} event for booking ${booking.serviceBookingId}`);
        return Date.parse(row.at);
      };
      // The service says Paid from the supplier's due moment (a read then settles it) or when its own timer settled it, whichever came first.
      samples.push(paidAt - Math.min(at('authorized') + supplierDelayMs, at('supplier_confirmed')));
    }
  } finally {
    serviceDb.close();
  }
  const measured = spreadOf(samples);
  return {
    commits,
    figure: {
      name: "a new booking's Paid seen on screen, 100 other unfinished bookings",
      value: measured.p95,
      unit: 'ms',
      spread: measured,
      target: '≤ 1,000 ms after the service says Paid',
      reference: `from when the service could first say Paid (the supplier's due moment, or its own settlement if sooner, from its event log); ${unfinished} bookings unfinished in the ledger while measured; seen = the core's change event to the screens; the supplier answers 1 to 3 s (seeded) after the payment`,
      pass: measured.p95 <= 1_000,
      ...(measured.p95 <= 1_000
        ? {}
        : {
            why: `Paid reached the screens up to ${Math.round(measured.p95)} ms (p95) after the service said it: the tracker had not read the booking again sooner`,
          }),
    },
  };
}

/**
 * The figures a counter shows against the service: the engine's cost per call, the whole booking
 * flow against its raw requests (on loopback, and through a proxy adding PROXY_DELAY_MS to each
 * answer, on a second counter of its own), a new booking's Paid with a backlog, and durable commits per booking.
 */
export async function measureService(sizes: ServiceSizes, seed: number): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-service-'));
  const serviceFile = join(dir, 'service.db');
  const service = await startServiceProcess(serviceFile, 0);
  const open: Core[] = [];
  const proxy = await startLatencyProxy(service.url, PROXY_DELAY_MS);
  try {
    const core = await openCounter(join(dir, 'counter'), service);
    open.push(core);
    const flowStays = (sizes.flowRuns + 2) * 2;
    const stays = await staysToSell(core, 1 + flowStays * 2 + OTHER_UNFINISHED + sizes.paidRuns, seed);
    const overhead = await engineOverhead(core, service, sizes.overheadRuns, stays.shift() as Stay);
    const loopback = await wholeFlow(core, service, stays, sizes.flowRuns);
    const paid = await paidSeen(core, service, serviceFile, stays, sizes.paidRuns, seed);
    // The supplier answers at once again, and the first counter's tracker is stopped: the proxied flow has the machine alone.
    await setSupplierDelay(service, 0);
    await core.shutdown(2_000);
    open.pop();
    const proxied = await openCounter(join(dir, 'counter-behind-proxy'), { ...service, url: proxy.url });
    open.push(proxied);
    const latency = await wholeFlow(proxied, { ...service, url: proxy.url }, stays, sizes.flowRuns);
    const commits = [...loopback.commits, ...latency.commits, ...paid.commits];
    const most = Math.max(...commits);
    const withoutDelay = Math.max(...loopback.commits, ...latency.commits);
    const withDelay = Math.max(...paid.commits);
    return [
      ...overhead,
      paid.figure,
      latencyFigure(latency, PROXY_DELAY_MS),
      loopbackFigure(loopback),
      {
        name: 'durable commits per booking',
        value: most,
        unit: 'commits',
        target: '≤ 4',
        reference: `the ledger's own count (durableCommits) over ${commits.length} bookings: at most ${withoutDelay} with supplier delay 0, ${withDelay} with a delay of 1 to 3 s`,
        pass: most <= 4,
        ...(most <= 4 ? {} : { why: `${most} fsynced commits for one booking (search to Paid)` }),
      },
    ];
  } finally {
    for (const core of open) await core.shutdown(2_000);
    await proxy.close();
    await service.stopAndWait();
    rmSync(dir, { recursive: true, force: true });
  }
}

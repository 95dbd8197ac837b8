import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createCore } from '../electron/core/core';
import type { Core } from '../electron/core/core';
import { createKeychainStore } from '../electron/core/secrets';
import { API_PREFIX } from '../shared/api';
import type { BookingRecord } from '../shared/bookings';
import type { Figure } from './figures';
import { startServiceProcess } from './service-process';
import type { ServiceProcess } from './service-process';
import { seededRandom } from './soak/seeded-random';
import { spreadOf, timedInTurns } from './stats';

export interface ServiceSizes {
  overheadRuns: number;
  flowRuns: number;
  paidRuns: number;
}

interface Stay {
  packageId: number;
  packageTitle: string;
  propertyId: number;
  propertyName: string;
  checkIn: string;
  checkOut: string;
  adults: number;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const HOLDER = { name: 'Bench', surname: 'Flow', email: 'bench.flow@example.com' };
const OTHER_UNFINISHED = 100;

/** Time per step of a flow, by step: where a flow's extra time goes. */
type StepTimes = Map<string, number[]>;
const STEPS = ['search', 'price', 'hold (prebook token)', 'prebook', 'pay (book)', 'Paid (read / event)'] as const;

/** Marks the end of each step in turn; the time since the last mark is added to that step's samples. */
function stepClock(into: StepTimes | undefined): () => void {
  let last = performance.now();
  let step = 0;
  return () => {
    const now = performance.now();
    const name = STEPS[step++] as string;
    into?.set(name, [...(into.get(name) ?? []), now - last]);
    last = now;
  };
}

/** The service's HTTP API by plain fetch: the reference every engine figure is compared with. */
function plainApi(service: ServiceProcess) {
  const api = `${service.url}${API_PREFIX}`;
  const call = async (key: string, path: string, body?: unknown) => {
    const response = await fetch(`${api}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } & Record<string, unknown> };
  };
  const priceBody = (stay: Stay) => ({
    check_in: stay.checkIn,
    check_out: stay.checkOut,
    adults: stay.adults,
    property_id: stay.propertyId,
  });
  return {
    search: (title: string) => call(service.testKey, `/packages?title=${encodeURIComponent(title)}`),
    price: (stay: Stay) => call(service.testKey, `/packages/${stay.packageId}/availability`, priceBody(stay)),
    /** The whole flow as the raw requests, one after another: search, price, token, prebook, book, read until Paid. */
    async book(stay: Stay, steps?: StepTimes): Promise<void> {
      const lap = stepClock(steps);
      await call(service.testKey, `/packages?title=${encodeURIComponent(stay.packageTitle)}`);
      lap();
      const priced = await call(service.testKey, `/packages/${stay.packageId}/availability`, priceBody(stay));
      lap();
      const items = [{ availability_id: priced.body.data?.availability_id, paxes: [{ age: 40 }, { age: 38 }] }];
      const token = await call(service.liveKey, `/packages/${stay.packageId}/availability`, { ...priceBody(stay), mode: 'prebook', items });
      lap();
      const prebook = await call(service.liveKey, '/bookings/prebook', {
        package_id: stay.packageId,
        inventory_item_id: stay.propertyId,
        prebook_token: token.body.data?.prebook_token,
        check_in: stay.checkIn,
        check_out: stay.checkOut,
        holder: HOLDER,
        items,
      });
      if (prebook.status !== 201) throw new Error(`the raw prebook was refused: ${JSON.stringify(prebook.body)}`);
      lap();
      const id = String(prebook.body.id);
      await call(service.liveKey, `/bookings/${id}/book`, { payment_method_id: 'pm_card_visa' });
      lap();
      for (let read = await call(service.liveKey, `/bookings/${id}`); read.body.data?.status !== 'Paid';) {
        read = await call(service.liveKey, `/bookings/${id}`);
      }
      lap();
    },
  };
}

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

/** Resolves with the moment (Date.now) the core tells the screens this booking is Paid. */
function paidEvent(core: Core, bookingId: () => number | null): Promise<number> {
  return new Promise((resolve) => {
    const stop = core.events.subscribe((event) => {
      if (event.name !== 'event:booking-change') return;
      const { booking } = event.payload as { booking: BookingRecord };
      if (booking.id === bookingId() && booking.status === 'Paid') {
        stop();
        resolve(Date.now());
      }
    });
  });
}

/** A booking through the engine, as the app makes one: search, price, hold, prebook, pay; resolves when the screens are told Paid. */
async function bookThroughEngine(
  core: Core,
  stay: Stay,
  steps?: StepTimes,
): Promise<{ booking: BookingRecord; paidAt: number; durableCommits: number }> {
  const commitsBefore = core.ledger.durableCommits();
  let id: number | null = null;
  const paid = paidEvent(core, () => id);
  const lap = stepClock(steps);
  await core.engine.search(stay.packageTitle);
  lap();
  const quote = await core.engine.price(stay);
  if (!quote.available) throw new Error('a stay found available was not');
  lap();
  const hold = await core.engine.startHold(quote, [40, 38]);
  lap();
  const booking = await core.engine.prebook(hold.holdId, HOLDER);
  id = booking.id;
  lap();
  await core.payments.payWith(booking.id, 'pm_card_visa');
  lap();
  const paidAt = await withTimeout(paid, 120_000, `booking ${booking.id} was never shown Paid`);
  lap();
  return { booking, paidAt, durableCommits: core.ledger.durableCommits() - commitsBefore };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function setSupplierDelay(service: ServiceProcess, supplierDelayMs: number): Promise<void> {
  const response = await fetch(`${service.url}/sandbox/controls`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ supplierDelayMs }),
  });
  if (!response.ok) throw new Error(`the service refused its controls: ${response.status}`);
}

/** A counter (the core with the app's own settings: tracker, retries, timeouts) on the built-in service in a process of its own. */
async function openCounter(dir: string): Promise<{ service: ServiceProcess; core: Core; serviceFile: string }> {
  const serviceFile = join(dir, 'service.db');
  const service = await startServiceProcess(serviceFile, 0);
  const core = createCore({
    dataDir: join(dir, 'counter'),
    secrets: createKeychainStore('Packdesk-bench'),
    version: 'bench',
    builtInService: () => ({ url: service.url, testKey: service.testKey, liveKey: service.liveKey }),
  });
  await core.start();
  return { service, core, serviceFile };
}

async function engineOverhead(core: Core, service: ServiceProcess, runs: number, stay: Stay): Promise<Figure> {
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
  const ratios = [
    { call: 'search', fetch: spreadOf(search.first), engine: spreadOf(search.second) },
    { call: 'pricing', fetch: spreadOf(price.first), engine: spreadOf(price.second) },
  ].map((entry) => ({ ...entry, ratio: entry.engine.p50 / entry.fetch.p50 }));
  const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  return {
    name: 'engine overhead per call vs a plain fetch of the same request',
    value: worst.ratio,
    unit: '×',
    spread: { p50: worst.engine.p50, p95: worst.engine.p95, runs },
    spreadUnit: 'ms',
    target: '≤ 1.10×',
    reference: ratios
      .map(
        (entry) =>
          `${entry.call}: plain fetch p50 ${entry.fetch.p50.toFixed(2)} / p95 ${entry.fetch.p95.toFixed(2)} ms, engine p50 ${entry.engine.p50.toFixed(2)} / p95 ${entry.engine.p95.toFixed(2)} ms (${entry.ratio.toFixed(2)}×)`,
      )
      .join('; '),
    pass: worst.ratio <= 1.1,
    ...(worst.ratio <= 1.1
      ? {}
      : { why: `${worst.call} through the engine takes ${worst.ratio.toFixed(2)}× the plain fetch (p50s, in turns)` }),
  };
}

async function wholeFlow(core: Core, service: ServiceProcess, stays: Stay[], runs: number): Promise<{ figure: Figure; commits: number[] }> {
  const plain = plainApi(service);
  const commits: number[] = [];
  const rawSteps: StepTimes = new Map();
  const flowSteps: StepTimes = new Map();
  let next = 0;
  const take = () => stays[next++] as Stay;
  const warmUp = 2;
  const turns = await timedInTurns(
    warmUp,
    runs,
    () => plain.book(take(), rawSteps),
    async () => {
      const made = await bookThroughEngine(core, take(), flowSteps);
      commits.push(made.durableCommits);
    },
  );
  // Where the flow's extra time goes: each step's p50 through the engine against its raw request(s), warm-up left out.
  const measuredStep = (steps: StepTimes, step: string) => spreadOf((steps.get(step) ?? []).slice(warmUp)).p50;
  const extra = STEPS.map((step) => ({ step, ms: measuredStep(flowSteps, step) - measuredStep(rawSteps, step) })).sort(
    (a, b) => b.ms - a.ms,
  );
  const raw = spreadOf(turns.first);
  const flow = spreadOf(turns.second);
  const ratio = flow.p50 / raw.p50;
  return {
    commits,
    figure: {
      name: 'search → Paid, whole flow, supplier delay 0',
      value: ratio,
      unit: '×',
      spread: { p50: flow.p50, p95: flow.p95, runs },
      spreadUnit: 'ms',
      target: '≤ 1.2× the sum of the raw requests',
      reference: `the raw requests one after another (search, price, token, prebook, book, read until Paid) p50 ${raw.p50.toFixed(1)} / p95 ${raw.p95.toFixed(1)} ms; the flow p50 ${flow.p50.toFixed(1)} / p95 ${flow.p95.toFixed(1)} ms (p95 ${(flow.p95 / raw.p95).toFixed(2)}×)`,
      pass: ratio <= 1.2,
      ...(ratio <= 1.2
        ? {}
        : {
            why: `the flow takes ${(flow.p50 - raw.p50).toFixed(1)} ms (p50) more than its requests; by step, through the engine against the raw request (p50s): ${extra.map((entry) => `${entry.step} ${entry.ms >= 0 ? '+' : ''}${entry.ms.toFixed(1)} ms`).join(', ')}`,
          }),
    },
  };
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
 * flow against its raw requests, a new booking's Paid with a backlog, and durable commits per booking.
 */
export async function measureService(sizes: ServiceSizes, seed: number): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-service-'));
  const { service, core, serviceFile } = await openCounter(dir);
  try {
    const stays = await staysToSell(core, 1 + (sizes.flowRuns + 2) * 2 + OTHER_UNFINISHED + sizes.paidRuns, seed);
    const overhead = await engineOverhead(core, service, sizes.overheadRuns, stays.shift() as Stay);
    const flow = await wholeFlow(core, service, stays, sizes.flowRuns);
    const paid = await paidSeen(core, service, serviceFile, stays, sizes.paidRuns, seed);
    const commits = [...flow.commits, ...paid.commits];
    const most = Math.max(...commits);
    const withoutDelay = Math.max(...flow.commits);
    const withDelay = Math.max(...paid.commits);
    return [
      overhead,
      paid.figure,
      flow.figure,
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
    await core.shutdown(2_000);
    await service.stopAndWait();
    rmSync(dir, { recursive: true, force: true });
  }
}

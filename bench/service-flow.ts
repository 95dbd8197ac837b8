import type { Core } from '../electron/core/core';
import { API_PREFIX } from '../shared/api';
import type { BookingRecord } from '../shared/bookings';
import type { Figure } from './figures';
import { spreadOf, timedInTurns } from './stats';
import type { Spread } from './stats';

/** The whole booking flow, search to Paid, through the engine and as the raw requests one after another. */

export interface Stay {
  packageId: number;
  packageTitle: string;
  propertyId: number;
  propertyName: string;
  checkIn: string;
  checkOut: string;
  adults: number;
}

export const HOLDER = { name: 'Bench', surname: 'Flow', email: 'bench.flow@example.com' };

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

/** Where the raw requests go (the service, or a proxy in front of it) and the keys they carry. */
export interface ServiceAddress {
  url: string;
  testKey: string;
  liveKey: string;
}

/** The service's HTTP API by plain fetch: the reference every engine figure is compared with. */
export function plainApi(service: ServiceAddress) {
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
export async function bookThroughEngine(
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

/** The flow through the engine against its raw requests, in turns, each on a stay of its own. */
export interface FlowTurns {
  raw: Spread;
  flow: Spread;
  /** Each step's extra p50 through the engine over its raw request(s), most first. */
  extra: { step: string; ms: number }[];
  commits: number[];
}

export async function wholeFlow(core: Core, service: ServiceAddress, stays: Stay[], runs: number): Promise<FlowTurns> {
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
  stays.splice(0, next);
  // Where the flow's extra time goes: each step's p50 through the engine against its raw request(s), warm-up left out.
  const measuredStep = (steps: StepTimes, step: string) => spreadOf((steps.get(step) ?? []).slice(warmUp)).p50;
  const extra = STEPS.map((step) => ({ step, ms: measuredStep(flowSteps, step) - measuredStep(rawSteps, step) })).sort(
    (a, b) => b.ms - a.ms,
  );
  return { raw: spreadOf(turns.first), flow: spreadOf(turns.second), extra, commits };
}

const RAW_WORDS = 'the raw requests one after another (search, price, token, prebook, book, read until Paid)';
const stepWords = (turns: FlowTurns) =>
  turns.extra.map((entry) => `${entry.step} ${entry.ms >= 0 ? '+' : ''}${entry.ms.toFixed(1)} ms`).join(', ');

/** On loopback the service answers in a millisecond: what is left is the app's own work per booking, shown in ms, with no ratio target. */
export function loopbackFigure(turns: FlowTurns): Figure {
  const local = turns.flow.p50 - turns.raw.p50;
  return {
    name: 'search → Paid on loopback, supplier delay 0: local work per booking (the flow less its raw requests, p50)',
    value: local,
    unit: 'ms',
    spread: turns.flow,
    target: '— (shown, no target: the ratio target is at a service latency agents see, below)',
    reference: `${RAW_WORDS} p50 ${turns.raw.p50.toFixed(1)} / p95 ${turns.raw.p95.toFixed(1)} ms; the flow p50 ${turns.flow.p50.toFixed(1)} / p95 ${turns.flow.p95.toFixed(1)} ms (${(turns.flow.p50 / turns.raw.p50).toFixed(2)}× / ${(turns.flow.p95 / turns.raw.p95).toFixed(2)}×); by step, through the engine against the raw request (p50s): ${stepWords(turns)}`,
    pass: null,
  };
}

/** Issue 29's target: at a service answering in `delayMs` more, the flow within 1.03× its raw requests, on p50 and on p95. */
export function latencyFigure(turns: FlowTurns, delayMs: number): Figure {
  const ratio = { p50: turns.flow.p50 / turns.raw.p50, p95: turns.flow.p95 / turns.raw.p95 };
  const pass = ratio.p50 <= 1.03 && ratio.p95 <= 1.03;
  return {
    name: `search → Paid, whole flow, through a proxy adding ${delayMs} ms to each answer`,
    value: Math.max(ratio.p50, ratio.p95),
    unit: '×',
    spread: turns.flow,
    spreadUnit: 'ms',
    target: '≤ 1.03× the raw requests (p50 and p95)',
    reference: `${RAW_WORDS} through the same proxy p50 ${turns.raw.p50.toFixed(1)} / p95 ${turns.raw.p95.toFixed(1)} ms; the flow p50 ${turns.flow.p50.toFixed(1)} / p95 ${turns.flow.p95.toFixed(1)} ms (${ratio.p50.toFixed(2)}× / ${ratio.p95.toFixed(2)}×)`,
    pass,
    ...(pass
      ? {}
      : {
          why: `the flow takes ${(turns.flow.p50 - turns.raw.p50).toFixed(1)} ms (p50) more than its requests; by step, through the engine against the raw request (p50s): ${stepWords(turns)}`,
        }),
  };
}

import { expect, test } from 'vitest';
import { AgencyNotTriedYet, createConnectGate } from '../../electron/core/agency/connect-gate';
import type { ConnectGate } from '../../electron/core/agency/connect-gate';

// The gate on a counter's connection attempts, on a clock the test moves: how long it holds them back,
// and what opens it again. A wait is spread over up to half as long again (retry-spread.ts).
const FIRST = 1_000;
const MAX = 4_000;

function gateOnClock() {
  let now = 0;
  const gate = createConnectGate({ firstMs: FIRST, maxMs: MAX, now: () => now });
  return { gate, later: (ms: number) => (now += ms) };
}

const refuses = (gate: ConnectGate) => expect(gate.enter()).rejects.toBeInstanceOf(AgencyNotTriedYet);
const failOnce = async (gate: ConnectGate) => (await gate.enter()).settled('unreachable');
/** Whether the promise has settled once the callbacks already queued have run. */
const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

test('attempts go one at a time: the next when the one before has connected', async () => {
  const { gate } = gateOnClock();
  const first = await gate.enter();
  const next = gate.enter();
  expect(await settledYet(next), 'a second attempt went while the first was out').toBe(false);
  first.settled('connected');
  (await next).settled('connected');
  await expect(
    Promise.all(Array.from({ length: 3 }, () => gate.enter().then((attempt) => attempt.settled('connected')))),
  ).resolves.toHaveLength(3);
});

test('once the server is unreachable, nothing is tried before the wait is over', async () => {
  const { gate, later } = gateOnClock();
  await failOnce(gate);
  await refuses(gate);
  later(FIRST - 1);
  await refuses(gate);
  later(FIRST / 2 + 2);
  await expect(gate.enter()).resolves.toBeDefined();
});

test('those waiting behind an attempt that fails are told at once, and nothing more is tried', async () => {
  const { gate } = gateOnClock();
  const out = await gate.enter();
  const waiting = Array.from({ length: 3 }, () => gate.enter());
  out.settled('unreachable');
  for (const attempt of waiting) await expect(attempt).rejects.toBeInstanceOf(AgencyNotTriedYet);
});

test('each failed try doubles the wait, up to the longest; a connection brings it back to the first', async () => {
  const { gate, later } = gateOnClock();
  await failOnce(gate);
  later(1.5 * FIRST + 1);
  // Waits of 2 s, then 4 s, then 4 s again (the longest), each spread up to half as long again.
  for (const wait of [2 * FIRST, MAX, MAX]) {
    await failOnce(gate);
    later(wait - 1);
    await refuses(gate);
    later(wait / 2 + 2);
  }
  (await gate.enter()).settled('connected');
  await failOnce(gate);
  later(1.5 * FIRST + 1);
  await expect(gate.enter()).resolves.toBeDefined();
});

test('a server that answers, even to refuse the login, is reachable: the next attempt goes at once', async () => {
  const { gate, later } = gateOnClock();
  await failOnce(gate);
  later(1.5 * FIRST + 1);
  (await gate.enter()).settled('answered');
  await expect(gate.enter()).resolves.toBeDefined();
});

test('its refusal says the agency is unreachable, in the SQLSTATE every caller reads', async () => {
  const { gate } = gateOnClock();
  await failOnce(gate);
  const refusal = await gate.enter().catch((error: unknown) => error);
  expect(refusal).toMatchObject({ code: '08001', name: 'AgencyNotTriedYet' });
  expect((refusal as Error).message).toMatch(/next is due in \d+ ms/);
});

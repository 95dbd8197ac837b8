import { afterEach } from 'vitest';
import { createCore } from '../../electron/core/core';
import type { Core, CoreOptions } from '../../electron/core/core';
import type { PaymentWindows } from '../../electron/core/engine/payments/payment-windows';
import { asBuiltInService } from '../../electron/main/built-in-service';
import type { Sandbox } from '../../electron/sandbox/sandbox';
import type { AvailableQuote, BookingRecord } from '../../shared/bookings';
import { daysFromNow } from './sandbox-helpers';
import { useTestKeychain } from './keychain';
import { useTempDir } from './temp-dir';

export const FAST_RETRY = { maxAttempts: 4, initialDelayMs: 10, maxDelayMs: 40, patienceMs: 60_000 };

/** A core (engine, ledger, reconciler) on the Training profile, talking to a given built-in service over loopback. */
export function useCore() {
  const tempDir = useTempDir();
  const keychain = useTestKeychain();
  const cores: Core[] = [];
  afterEach(() => {
    for (const core of cores.splice(0)) core.close();
  });
  return async (
    sandbox: Sandbox | null,
    options: {
      dataDir?: string;
      start?: boolean;
      requestTimeoutMs?: number;
      doubtWindowMs?: number;
      paymentWindows?: PaymentWindows;
      agencyTimings?: CoreOptions['agencyTimings'];
      /** The keychain store, when a test restarts a counter and its keys must still be there. */
      secrets?: CoreOptions['secrets'];
      /** Where a file the agent saves goes (an audit export). */
      fileSaver?: CoreOptions['fileSaver'];
      updater?: CoreOptions['updater'];
      /** The version the counter runs (an update's words name it). */
      version?: string;
    } = {},
  ) => {
    const dataDir = options.dataDir ?? tempDir();
    const core = createCore({
      dataDir,
      secrets: options.secrets ?? keychain().store,
      version: options.version ?? 'test',
      builtInService: () => (sandbox ? asBuiltInService(sandbox) : null),
      connectivityIntervalMs: 60_000,
      reconcilerTickMs: 20,
      retry: FAST_RETRY,
      // Short, so that tests see a lost answer settled; the app's default is a minute.
      doubtWindowMs: options.doubtWindowMs ?? 1_000,
      ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
      ...(options.paymentWindows ? { paymentWindows: options.paymentWindows } : {}),
      ...(options.agencyTimings ? { agencyTimings: options.agencyTimings } : {}),
      ...(options.fileSaver ? { fileSaver: options.fileSaver } : {}),
      ...(options.updater ? { updater: options.updater } : {}),
    });
    cores.push(core);
    if (options.start !== false) await core.start();
    return { core, dataDir };
  };
}

/** Puts a counter on a test profile, “Agency Test”, of its own organization at the built-in service. */
export async function onTestProfile(counter: Core, service: Sandbox) {
  const keys = service.createOrganization('Agency test');
  const profile = await counter.profiles.create({
    name: 'Agency Test',
    kind: 'test',
    baseUrl: service.url,
    keys: { test: keys.testKey, live: keys.liveKey },
  });
  await counter.profiles.activate(profile.id);
  return profile;
}

export const HOLDER = { name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' };

/** Prices the first available stay of a package from `startInDays` on, through the engine. */
export async function quoteThroughEngine(core: Core, packageId = 1, startInDays = 60, nights = 3, adults = 2): Promise<AvailableQuote> {
  const packages = await core.engine.search('');
  const entry = packages.find((candidate) => candidate.id === packageId);
  if (!entry) throw new Error(`package ${packageId} not found`);
  const property = entry.properties[0] as { id: number; name: string };
  for (let offset = startInDays; offset < startInDays + 60; offset += 1) {
    const quote = await core.engine.price({
      packageId,
      packageTitle: entry.title,
      propertyId: property.id,
      propertyName: property.name,
      checkIn: daysFromNow(offset),
      checkOut: daysFromNow(offset + nights),
      adults,
    });
    if (quote.available) return quote;
  }
  throw new Error('no available stay');
}

/** Search → price → hold → prebook: a Pending booking in the ledger. */
export async function heldBooking(core: Core, packageId = 1, startInDays = 60) {
  const quote = await quoteThroughEngine(core, packageId, startInDays);
  const hold = await core.engine.startHold(
    quote,
    Array.from({ length: quote.adults }, (_, index) => 30 + index),
  );
  const booking = await core.engine.prebook(hold.holdId, HOLDER);
  return { quote, hold, booking };
}

/** A booking held and paid with Stripe's test Visa, once the reconciler has read it Paid. */
export async function paidAtCounter(core: Core, packageId = 1, startInDays = 150): Promise<BookingRecord> {
  const { booking } = await heldBooking(core, packageId, startInDays);
  await core.payments.payWith(booking.id, 'pm_card_visa');
  core.reconciler.soon(booking.id);
  return (await waitUntil(
    () => core.ledger.get(booking.id),
    (record) => record?.status === 'Paid',
  )) as BookingRecord;
}

export async function waitUntil<T>(read: () => T | Promise<T>, accept: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The cardholder's answer on the built-in service's 3-D Secure page, over HTTP as the page would send it. */
export async function answerChallenge(challengeUrl: string, outcome: 'approve' | 'fail'): Promise<void> {
  const url = new URL(challengeUrl);
  const secret = url.searchParams.get('client_secret') as string;
  const page = await fetch(challengeUrl);
  if (page.status !== 200) throw new Error(`challenge page answered ${page.status}`);
  await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: new URLSearchParams({ client_secret: secret, outcome }) });
}

/** Payment windows for the engine tests: the bank's page is answered over HTTP, and every request is kept. */
export function scriptedWindows(outcome: 'approve' | 'fail' | 'close') {
  const opened: string[] = [];
  const windows: PaymentWindows = {
    collectCard: async () => ({ kind: 'closed' }),
    authenticate: async (request) => {
      if (request.kind !== 'built-in') throw new Error('expected the built-in challenge');
      opened.push(request.url);
      if (outcome === 'close') return { kind: 'closed' };
      await answerChallenge(request.url, outcome);
      return outcome === 'approve' ? { kind: 'succeeded' } : { kind: 'failed', message: 'The cardholder failed the check.' };
    },
  };
  return { windows, opened };
}

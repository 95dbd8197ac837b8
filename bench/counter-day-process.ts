import { getHeapSpaceStatistics } from 'node:v8';
import type { AgencyConnectionSettings } from '../electron/core/agency/agency-connection';
import { createCore } from '../electron/core/core';
import type { Core } from '../electron/core/core';
import { createKeychainStore } from '../electron/core/secrets';
import { drawStay, priceStay } from '../test/support/stays';
import { untilLive } from './agency-counter-core';
import type { BenchService } from './agency-counter-core';
import { attachRenderer } from './renderer-attach';
import { seededRandom } from './soak/seeded-random';

/**
 * Run as a child process (with --expose-gc) by the day-at-the-counter figure (bench/counter-day.ts):
 * one counter as the app runs it — the core with its own timings (reconciler running), linked to the
 * agency, the built renderer in Chromium showing Bookings — making `bookings` bookings through the
 * calls the screens make, each tracked to Paid. Prints the process's RSS and the renderer's heap after
 * the first booking and after the last.
 */
const input = JSON.parse(process.argv[2] as string) as {
  dataDir: string;
  service: BenchService;
  agency: AgencyConnectionSettings;
  bookings: number;
  concurrency: number;
  seed: number;
};
type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
const gc: Collect = (globalThis as { gc?: Collect }).gc ?? (() => undefined);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const core: Core = createCore({
  dataDir: input.dataDir,
  secrets: createKeychainStore('Packdesk-bench-day'),
  version: 'bench',
  builtInService: () => input.service,
});
await core.start();
const { host, port, database, user, tlsMode } = input.agency;
await core.agency.connect({ profileId: 1, host, port, database, user, tlsMode, counterName: 'Desk 1' });
await untilLive(core);
const renderer = await attachRenderer(core);
await renderer.page.keyboard.press('Control+b');
await renderer.page.getByTestId('result-count').waitFor();

const random = seededRandom(input.seed, 29);
let made = 0;
let failed = 0;
let firstError: string | null = null;
const ids: number[] = [];

/** One booking as an agent makes it: search, price, hold, prebook, pay by card. */
async function book(): Promise<void> {
  const catalog = await core.engine.search('');
  const quote = await priceStay(core, drawStay(random, catalog, { days: [20, 620], nights: [1, 5] }));
  if (!quote.available) return;
  const hold = await core.engine.startHold(quote, [35, 36]);
  made += 1;
  const booking = await core.engine.prebook(hold.holdId, { name: 'Day', surname: `Counter ${made}`, email: `day.${made}@example.com` });
  ids.push(booking.id);
  if (booking.serviceBookingId !== null) await core.payments.payWith(booking.id, 'pm_card_visa');
}

async function bookSome(count: number): Promise<void> {
  const target = made + count;
  const worker = async () => {
    while (made < target && failed < 20)
      await book().catch((error: unknown) => {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      });
  };
  await Promise.all(Array.from({ length: Math.min(count, input.concurrency) }, worker));
}

/** Waits (up to `ms`) until the reconciler has read every booking made so far to Paid; how many are not. */
async function trackedToPaid(ms: number): Promise<number> {
  const until = performance.now() + ms;
  let waiting = ids.length;
  while (performance.now() < until) {
    waiting = ids.filter((id) => core.ledger.get(id)?.status !== 'Paid').length;
    if (!waiting) return 0;
    await pause(250);
  }
  return waiting;
}

async function sample(): Promise<{ rssMb: number; heapMb: number; mainHeapMb: number; externalMb: number; youngMb: number }> {
  // A moment for the screen to show the last change; both processes collect their garbage first.
  await pause(1_000);
  gc();
  const usage = process.memoryUsage();
  const mb = (bytes: number) => bytes / 1_048_576;
  // The process's own JS heap and what lives outside it (buffers, SQLite's pages are in neither): where RSS grew.
  const young = youngSize();
  return {
    rssMb: mb(usage.rss),
    heapMb: await renderer.heapMb(),
    mainHeapMb: mb(usage.heapUsed),
    externalMb: mb(usage.external),
    youngMb: mb(young),
  };
}

/** The young generation's size: V8 grows it under a burst of allocation, and keeps its pages pooled after it shrinks. */
const youngSize = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
let youngPeak = 0;
setInterval(() => (youngPeak = Math.max(youngPeak, youngSize())), 250).unref();

/** RSS once V8 has given back the pages it keeps pooled (its last-resort collection): what the day's growth leaves then. */
function rssAfterLastResortGc(): number {
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return process.memoryUsage().rss / 1_048_576;
}

const started = performance.now();
await bookSome(1);
const firstNotPaid = await trackedToPaid(60_000);
const first = await sample();
await bookSome(input.bookings - made);
const lastNotPaid = await trackedToPaid(300_000);
const last = await sample();
const lastResortRssMb = rssAfterLastResortGc();
const rowsShown = await renderer.page.getByTestId('result-count').textContent();
process.stdout.write(
  `${JSON.stringify({ first, last, lastResortRssMb, youngPeakMb: youngPeak / 1_048_576, made, failed, firstError, firstNotPaid, lastNotPaid, seconds: (performance.now() - started) / 1000, rowsShown })}\n`,
);
await renderer.close();
await core.shutdown();
process.exit(0);

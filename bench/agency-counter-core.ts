import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createCore } from '../electron/core/core';
import type { Core } from '../electron/core/core';
import { counterCoreOptions } from '../test/support/counter-core';
import { drawStay, priceStay } from '../test/support/stays';
import { seededRandom } from './soak/seeded-random';

/** One counter of the agency bench, inside its own process: the app's core and a probe on its ledger. */

export type Catalog = Awaited<ReturnType<Core['engine']['search']>>;
export type BenchService = { url: string; testKey: string; liveKey: string };

/** The machine's monotonic clock in ms: the same in every process, so times taken at different counters compare. */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** When this counter's changes were committed here, and when each agency sequence was applied here (monotonic ms). */
export interface ProbeRecords {
  /** (time, highest outbox sequence committed so far), one entry per commit that added to the outbox. */
  committed: { at: number; counterSeq: number }[];
  /** (time, pull cursor), one entry per batch of other counters' changes applied. */
  applied: { at: number; seq: number }[];
}

export interface CounterProbe extends ProbeRecords {
  /** Resolves (with the moment) once this counter has applied every change through `seq`. */
  appliedThrough(seq: number): Promise<number>;
  /** Every shared booking in this counter's ledger file, by its agency key: what an audit compares with PostgreSQL. */
  ledgerRows(): [string, string][];
  close(): void;
}

/**
 * Notes, right after each ledger commit, how far the outbox and the pull cursor have come. The core
 * tells the screens of every booking a commit touched synchronously after the commit: the moment taken.
 */
export function probeCounter(core: Core, dataDir: string): CounterProbe {
  // A second, read-only connection to the same WAL file: sees each commit the moment it is made.
  const reader = new DatabaseSync(join(dataDir, 'ledger.db'), { readOnly: true });
  const outboxSeq = reader.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'agency_outbox'");
  let waiters: { seq: number; resolve: (at: number) => void }[] = [];
  let lastCounterSeq = 0;
  let lastSeq = 0;
  const probe: CounterProbe = {
    committed: [],
    applied: [],
    appliedThrough: (seq) =>
      new Promise((resolve) => {
        if (core.agency.ledger.remote.lastPulledSeq() >= seq) {
          resolve(monotonicMs());
          return;
        }
        waiters.push({ seq, resolve });
        // A batch holding only this counter's own changes moves the cursor without touching a booking here, so no event
        // tells of it: looked at every 20 ms as well.
        const look = setInterval(() => {
          if (core.agency.ledger.remote.lastPulledSeq() < seq) return;
          clearInterval(look);
          resolve(monotonicMs());
        }, 20);
        waiters.push({ seq, resolve: () => clearInterval(look) });
      }),
    ledgerRows: () =>
      (
        reader.prepare('SELECT agency_key, status FROM bookings WHERE agency_key IS NOT NULL').all() as {
          agency_key: string;
          status: string;
        }[]
      ).map((row) => [row.agency_key, row.status]),
    close: () => {
      unsubscribe();
      if (reader.isOpen) reader.close();
    },
  };
  const unsubscribe = core.events.subscribe((event) => {
    if (event.name !== 'event:booking-change') return;
    const at = monotonicMs();
    if (event.payload.booking.originCounter === null) {
      const counterSeq = (outboxSeq.get() as { seq: number } | undefined)?.seq ?? 0;
      if (counterSeq > lastCounterSeq) {
        lastCounterSeq = counterSeq;
        probe.committed.push({ at, counterSeq });
      }
    }
    const seq = core.agency.ledger.remote.lastPulledSeq();
    if (seq > lastSeq) {
      lastSeq = seq;
      probe.applied.push({ at, seq });
      const ready = waiters.filter((waiter) => waiter.seq <= seq);
      waiters = waiters.filter((waiter) => waiter.seq > seq);
      for (const waiter of ready) waiter.resolve(at);
    }
  });
  return probe;
}

/** The app's core for a counter: its own data folder, the built-in service, the app's default timings. */
export function counterCore(dataDir: string, service: BenchService): Core {
  return createCore(counterCoreOptions({ dataDir, service, keychainService: 'Packdesk-bench', version: 'bench' }));
}

export async function untilLive(core: Core, timeoutMs = 60_000): Promise<void> {
  const deadline = monotonicMs() + timeoutMs;
  while (core.agency.status().link.kind !== 'live') {
    if (monotonicMs() > deadline) throw new Error(`the agency link is ${JSON.stringify(core.agency.status().link)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What a counter sells: a seeded walk over packages, properties and dates, so each run books the same stays. */
export function bookingsOf(counterIndex: number, catalog: Catalog, seed: number, phase: number) {
  const random = seededRandom(seed, counterIndex, phase);
  let made = 0;
  return {
    random,
    /** One whole booking as an agent makes it (price, hold, prebook, pay by card); false when the stay was not available. */
    async book(core: Core): Promise<boolean> {
      const quote = await priceStay(core, drawStay(random, catalog, { days: [20, 620], nights: [1, 5] }));
      if (!quote.available) return false;
      const hold = await core.engine.startHold(quote, [35, 36]);
      made += 1;
      const booking = await core.engine.prebook(hold.holdId, {
        name: 'Agency',
        surname: `Desk${counterIndex + 1} ${made}`,
        email: `desk${counterIndex + 1}.${made}@example.com`,
      });
      if (booking.serviceBookingId !== null) await core.payments.payWith(booking.id, 'pm_card_visa');
      return true;
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../electron/core/core';
import type { Core } from '../electron/core/core';
import { UNCONFIRMED_HOLD } from '../shared/bookings';
import { counterCoreOptions } from '../test/support/counter-core';
import { priceStay } from '../test/support/stays';
import { compareWithService, readLedger } from './soak/compare';
import { startServiceProcess } from './service-process';

/**
 * Many counters at once: independent engines, each with its own ledger and the app's own retry policy,
 * against one built-in service with faults on; then every ledger row is matched with the service's
 * records by intended sale, as the soak does (bench/soak/compare.ts).
 */

const ENGINES = Number(process.env.BENCH_ENGINES ?? 20);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 500);
const FAULTS = { errorRate: 0.02, rateLimitRate: 0.02, dropAfterCommitRate: 0.02, retryAfterSeconds: 0, supplierDelayMs: 200 };

export interface ManyCountersFigure {
  engines: number;
  bookingsEach: number;
  made: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Flows a fault stopped with the app's own retries spent (the agent would try again). */
  failedFlows: number;
  unconfirmedHolds: number;
  /** Rows flagged for the agent (a write settled after its answer was lost), and by cause. */
  reconciled: number;
  attentionByCause: Record<string, number>;
  /** Each booking and row matched one by one (docs/ledger.md, the soak's figures). */
  lost: number;
  orphanHolds: number;
  phantomRows: number;
  duplicateRows: number;
  wrongStatus: number;
  wrongDates: number;
  wrongTotal: number;
  doubleCharged: number;
  unsettled: number;
}

const SETTLE_MS = 120_000;

export async function measureManyCounters(): Promise<ManyCountersFigure> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-many-'));
  const serviceFile = join(dir, 'service.db');
  const service = await startServiceProcess(serviceFile);
  const faults = await fetch(`${service.url}/sandbox/controls`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(FAULTS),
  });
  const taken = faults.ok ? ((await faults.json()) as { data: Record<string, unknown> }).data : {};
  const refused = Object.entries(FAULTS).filter(([name, value]) => taken[name] !== value);
  if (refused.length > 0) {
    service.stop();
    throw new Error(`the service did not take the fault settings: ${refused.map(([name]) => name).join(', ')}`);
  }
  const cores: Core[] = [];
  const counterDirs = Array.from({ length: ENGINES }, (_, index) => join(dir, `counter-${index}`));
  const latencies: number[] = [];
  let failedFlows = 0;
  try {
    for (const dataDir of counterDirs) {
      const core = createCore(
        counterCoreOptions({
          dataDir,
          service: { url: service.url, testKey: service.testKey, liveKey: service.liveKey },
          keychainService: 'Packdesk-bench',
          version: 'bench',
        }),
      );
      await core.start();
      cores.push(core);
    }
    const packages = (await cores[0]?.engine.search('')) ?? [];
    const started = performance.now();
    await Promise.all(
      cores.map(async (core, engine) => {
        for (let round = 0; round < BOOKINGS; round += 1) {
          const entry = packages[(engine * 7 + round) % packages.length];
          if (!entry) continue;
          const property = entry.properties[round % entry.properties.length] as { id: number; name: string };
          const offset = 20 + ((engine * 13 + round) % 300);
          const flowStarted = performance.now();
          try {
            const quote = await priceStay(core, { entry, property, inDays: offset, nights: 2 });
            if (!quote.available) continue;
            const hold = await core.engine.startHold(quote, [35, 36]);
            const booking = await core.engine.prebook(hold.holdId, {
              name: 'Load',
              surname: `Counter${engine}`,
              email: `counter${engine}.${round}@example.com`,
            });
            if (booking.serviceBookingId !== null) await core.payments.payWith(booking.id, 'pm_card_visa');
            latencies.push(performance.now() - flowStarted);
          } catch {
            // A flow the faults stopped (a 503 on a write, a read that ran out of the app's tries): the agent would retry it.
            failedFlows += 1;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // The network recovers; every counter settles what was left in doubt (its reconciler, as after a restart), then
    // every ledger row is matched with the service's records, one by one.
    await fetch(`${service.url}/sandbox/controls`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ errorRate: 0, rateLimitRate: 0, dropAfterCommitRate: 0 }),
    });
    const deadline = Date.now() + SETTLE_MS;
    for (const core of cores) {
      await core.engine.reconcileOpenIntents();
      while (Date.now() < deadline && (core.ledger.openIntents().length > 0 || core.ledger.unsettledCount() > 0))
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const core of cores.splice(0)) core.close();
    await service.stopAndWait();
    const { findings, ...compared } = compareWithService(serviceFile, counterDirs);
    // The bench keeps no log of writes (it would cost a commit each): overlapping writes are the soak's to judge.
    for (const finding of findings.filter((found) => found.term !== 'doubleWritten'))
      console.error(`[bench] many counters, ${finding.term}: ${finding.detail}`);
    const unconfirmedHolds = counterDirs
      .flatMap((counterDir) => readLedger(counterDir).rows)
      .filter((row) => row.status === UNCONFIRMED_HOLD).length;
    latencies.sort((a, b) => a - b);
    return {
      engines: ENGINES,
      bookingsEach: BOOKINGS,
      made: compared.bookings,
      seconds,
      perSecond: compared.bookings / seconds,
      p50Ms: latencies[Math.floor(latencies.length / 2)] ?? 0,
      p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
      failedFlows,
      unconfirmedHolds,
      reconciled: compared.attention,
      attentionByCause: compared.attentionByCause,
      lost: compared.lost,
      orphanHolds: compared.orphanHolds,
      phantomRows: compared.phantomRows,
      duplicateRows: compared.duplicateRows,
      wrongStatus: compared.wrongStatus,
      wrongDates: compared.wrongDates,
      wrongTotal: compared.wrongTotal,
      doubleCharged: compared.doubleCharged,
      unsettled: compared.unsettled,
    };
  } finally {
    for (const core of cores) core.close();
    service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

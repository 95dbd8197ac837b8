import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createCore } from '../electron/core/core';
import type { Core } from '../electron/core/core';
import { UNCONFIRMED_HOLD } from '../shared/bookings';
import { PATIENT_RETRY, counterCoreOptions } from '../test/support/counter-core';
import { priceStay } from '../test/support/stays';
import { startServiceProcess } from './service-process';

/** Many counters at once: independent engines, each with its own ledger, against one built-in service with faults on. */

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
  failedFlows: number;
  unconfirmedHolds: number;
  reconciled: number;
  lost: number;
  doubleCharged: number;
}

export async function measureManyCounters(): Promise<ManyCountersFigure> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-many-'));
  const serviceFile = join(dir, 'service.db');
  const service = await startServiceProcess(serviceFile);
  await fetch(`${service.url}/sandbox/controls`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(FAULTS),
  });
  const cores: Core[] = [];
  const latencies: number[] = [];
  let failedFlows = 0;
  try {
    for (let index = 0; index < ENGINES; index += 1) {
      const core = createCore({
        ...counterCoreOptions({
          dataDir: join(dir, `counter-${index}`),
          service: { url: service.url, testKey: service.testKey, liveKey: service.liveKey },
          keychainService: 'Packdesk-bench',
          version: 'bench',
        }),
        retry: PATIENT_RETRY,
      });
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
            // A flow the faults stopped (a 503 on a write, a read that ran out of tries): the agent would retry it.
            failedFlows += 1;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // The network recovers; writes whose answers were lost are settled, as at the next start, then every ledger is compared with the service.
    await fetch(`${service.url}/sandbox/controls`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ errorRate: 0, rateLimitRate: 0, dropAfterCommitRate: 0 }),
    });
    for (const core of cores) await core.engine.reconcileOpenIntents();
    const rows = cores.flatMap((core) =>
      core.ledger.list({ profileId: 1, limit: 500 }).rows.concat(core.ledger.list({ profileId: 1, offset: 500, limit: 500 }).rows),
    );
    const db = new DatabaseSync(serviceFile, { readOnly: true });
    const held = db.prepare('SELECT id FROM bookings').all() as { id: number }[];
    const doubleCharged = (
      db
        .prepare(
          "SELECT count(*) AS n FROM (SELECT booking_id FROM payments WHERE kind = 'authorization' GROUP BY booking_id HAVING count(*) > 1)",
        )
        .get() as { n: number }
    ).n;
    db.close();
    const known = new Set(rows.map((row) => row.serviceBookingId));
    const unconfirmedHolds = rows.filter((row) => row.status === UNCONFIRMED_HOLD).length;
    const lost = held.filter((booking) => !known.has(booking.id)).length - unconfirmedHolds;
    latencies.sort((a, b) => a - b);
    return {
      engines: ENGINES,
      bookingsEach: BOOKINGS,
      made: held.length,
      seconds,
      perSecond: held.length / seconds,
      p50Ms: latencies[Math.floor(latencies.length / 2)] ?? 0,
      p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
      failedFlows,
      unconfirmedHolds,
      reconciled: rows.filter((row) => row.attention !== null).length,
      lost,
      doubleCharged,
    };
  } finally {
    for (const core of cores) core.close();
    service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

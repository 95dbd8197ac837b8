import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { LONGEST_DELAY_MS } from '../electron/core/engine/reconciler';
import type { Figure } from './figures';
import { seededLedger } from './seeded-ledger';
import { startServiceProcess } from './service-process';

/** Issue 29: CPU used while idle with 10,000 unfinished bookings in the ledger, against a process with none. */

export interface IdleSizes {
  /** Seeded ledger rows: one in ten is unfinished. */
  rows: number;
  settleMs: number;
  windowMs: number;
}
export const IDLE_FULL: IdleSizes = { rows: 100_000, settleMs: 10_000, windowMs: 60_000 };
export const IDLE_QUICK: IdleSizes = { rows: 10_000, settleMs: 5_000, windowMs: 10_000 };
const TARGET_PERCENT = 0.5;

interface IdleSample {
  cpuMs: number;
  elapsedMs: number;
  serviceCalls: number;
}

const run = promisify(execFile);

/** The core alone in a fresh process (bench/idle-cpu-process.ts, bundled by `npm run bench`) on `dataDir`. */
async function idleProcess(dataDir: string, service: object, sizes: IdleSizes): Promise<IdleSample> {
  const { stdout } = await run(
    process.execPath,
    ['out/bench/idle-cpu.mjs', dataDir, JSON.stringify(service), String(sizes.settleMs), String(sizes.windowMs)],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as IdleSample;
}

/**
 * The unfinished bookings' next reads as the reconciler's own schedule leaves them once it has run a
 * while: these bookings last changed years ago, so each is read at its longest pace, and their reads
 * are spread evenly over it (the seeder plans them 10 to 60 minutes ahead, for the tracker-tick figure).
 */
function steadySchedule(ledgerFile: string): void {
  const db = new DatabaseSync(ledgerFile);
  try {
    db.prepare('UPDATE bookings SET next_check_at = ?1 + (id * 7919) % ?2, check_delay_ms = ?2 WHERE next_check_at IS NOT NULL').run(
      Date.now(),
      LONGEST_DELAY_MS,
    );
  } finally {
    db.close();
  }
}

const percentOf = (sample: IdleSample) => (sample.cpuMs / sample.elapsedMs) * 100;

export async function measureIdleCpu(sizes: IdleSizes, seed: number): Promise<Figure> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-idle-'));
  const service = await startServiceProcess(join(dir, 'service.db'));
  try {
    const seeded = seededLedger(join(dir, 'full'), sizes.rows, seed);
    steadySchedule(seeded.file);
    const address = { url: service.url, testKey: service.testKey, liveKey: service.liveKey };
    // One after the other, never together: each has the machine's cores as the other had them.
    const empty = await idleProcess(join(dir, 'empty'), address, sizes);
    const full = await idleProcess(join(dir, 'full'), address, sizes);
    const value = percentOf(full);
    const seconds = (sizes.windowMs / 1000).toFixed(0);
    const pass = value <= TARGET_PERCENT;
    return {
      name: `idle CPU over ${seconds} s with ${seeded.unfinished.toLocaleString('en-GB')} unfinished bookings (${sizes.rows.toLocaleString('en-GB')}-row ledger)`,
      value,
      unit: '% of one core',
      target: `≤ ${TARGET_PERCENT}% of one core over 60 s`,
      reference: `the same process with an empty ledger: ${percentOf(empty).toFixed(2)}% (${empty.serviceCalls} service calls); with the unfinished bookings ${full.serviceCalls.toLocaleString('en-GB')} service calls in the ${seconds} s; process.cpuUsage of a Node process running the app's core with its own timings (reconciler, connectivity probe; no agency link) against the built-in service in a process of its own, counted from ${(sizes.settleMs / 1000).toFixed(0)} s after its start; the unfinished bookings' next reads spread evenly over the reconciler's longest pace (${LONGEST_DELAY_MS / 60_000} min), as its own schedule leaves bookings that last changed years ago`,
      pass,
      ...(pass
        ? {}
        : {
            why: `${(full.serviceCalls / (sizes.windowMs / 1000)).toFixed(1)} service reads/s by the reconciler`,
          }),
    };
  } finally {
    await service.stopAndWait();
    rmSync(dir, { recursive: true, force: true });
  }
}

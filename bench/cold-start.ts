import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import type { Figure } from './figures';
import { seededLedger } from './seeded-ledger';
import { spreadOf } from './stats';

/** Issue 29: cold start to the first rows on Bookings with a large ledger, against an empty one. */

export interface ColdStartSizes {
  rows: number;
  runs: number;
}
export const COLD_START_FULL: ColdStartSizes = { rows: 1_000_000, runs: 5 };
export const COLD_START_QUICK: ColdStartSizes = { rows: 10_000, runs: 2 };
const TARGET_MS = 1_000;
const TARGET_RATIO = 1.3;

const run = promisify(execFile);

/** What the newest booking's row shows first (its booking reference, or its client reference when it has none). */
function newestRowText(ledgerFile: string): string {
  const db = new DatabaseSync(ledgerFile, { readOnly: true });
  try {
    const row = db.prepare('SELECT booking_reference AS ref, client_reference AS client FROM bookings ORDER BY id DESC LIMIT 1').get() as {
      ref: string | null;
      client: string;
    };
    return row.ref ?? row.client;
  } finally {
    db.close();
  }
}

/** One start in a fresh process (bench/cold-start-process.ts, bundled by `npm run bench`): ms from its spawn to ready and to first rows. */
interface Start {
  /** From the spawn to every module loaded (Node's own start and the harness's modules, Playwright's among them). */
  loadedMs: number;
  /** To the app taking keys: Chromium launched, the core created and started, the renderer loaded. */
  readyMs: number;
  shownMs: number;
}

async function startOnce(dataDir: string, firstRowText: string): Promise<Start> {
  const spawnedAt = Date.now();
  const { stdout } = await run(process.execPath, ['out/bench/cold-start.mjs', dataDir, firstRowText], {
    encoding: 'utf8',
    maxBuffer: 1 << 22,
  });
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{"loadedAt"'));
  if (!line) throw new Error(`the cold-start process printed no times: ${stdout.slice(-500)}`);
  const times = JSON.parse(line) as { loadedAt: number; readyAt: number; shownAt: number };
  return { loadedMs: times.loadedAt - spawnedAt, readyMs: times.readyAt - spawnedAt, shownMs: times.shownAt - spawnedAt };
}

export async function measureColdStart(sizes: ColdStartSizes, seed: number): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-cold-'));
  try {
    const full: Start[] = [];
    const empty: Start[] = [];
    let firstRow = '';
    // In turns, each on a data folder of its own (a fresh copy of the seeded ledger), so both see the same load.
    for (let index = 0; index < sizes.runs; index += 1) {
      const emptyDir = join(dir, `empty-${index}`);
      mkdirSync(emptyDir);
      empty.push(await startOnce(emptyDir, ''));
      const fullDir = join(dir, `full-${index}`);
      const seeded = seededLedger(fullDir, sizes.rows, seed);
      firstRow = newestRowText(seeded.file);
      full.push(await startOnce(fullDir, firstRow));
      rmSync(fullDir, { recursive: true, force: true });
    }
    const shown = spreadOf(full.map((sample) => sample.shownMs));
    const reference = spreadOf(empty.map((sample) => sample.shownMs));
    const ready = spreadOf(full.map((sample) => sample.readyMs));
    const emptyReady = spreadOf(empty.map((sample) => sample.readyMs));
    const loaded = spreadOf(full.map((sample) => sample.loadedMs));
    const emptyLoaded = spreadOf(empty.map((sample) => sample.loadedMs));
    const ratio = shown.p50 / reference.p50;
    const rows = sizes.rows.toLocaleString('en-GB');
    const referenceWords = `empty ledger p50 ${reference.p50.toFixed(0)} / p95 ${reference.p95.toFixed(0)} ms; p50 with ${rows} rows / empty: Node and the harness's modules (Playwright's among them) loaded at ${loaded.p50.toFixed(0)} / ${emptyLoaded.p50.toFixed(0)} ms, the app took keys (Chromium launched, the core started, the renderer loaded) at ${ready.p50.toFixed(0)} / ${emptyReady.p50.toFixed(0)} ms; each run a fresh Node process (the core and the e2e harness, which launches Chromium) on a fresh copy of its data folder, timed from its spawn to the animation frame where Bookings (Ctrl+B as soon as the app takes keys) shows the newest booking (empty: its empty state); the file is in the OS's cache, as when the app is started again`;
    const name = `cold start to first rows on Bookings, ${rows}-row ledger`;
    return [
      {
        name: `${name}, p50`,
        value: shown.p50,
        unit: 'ms',
        spread: shown,
        target: `≤ ${TARGET_MS.toLocaleString('en-GB')} ms`,
        reference: referenceWords,
        pass: shown.p50 <= TARGET_MS,
        ...(shown.p50 <= TARGET_MS
          ? {}
          : {
              why: `the app took keys after ${ready.p50.toFixed(0)} ms (p50), Bookings showed its rows ${(shown.p50 - ready.p50).toFixed(0)} ms later`,
            }),
      },
      {
        name: `${name} against the empty ledger (p50 / p50)`,
        value: ratio,
        unit: '×',
        spread: shown,
        spreadUnit: 'ms',
        target: `≤ ${TARGET_RATIO}× the empty ledger`,
        reference: referenceWords,
        pass: ratio <= TARGET_RATIO,
        ...(ratio <= TARGET_RATIO ? {} : { why: `${(shown.p50 - reference.p50).toFixed(0)} ms more than with an empty ledger (p50)` }),
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

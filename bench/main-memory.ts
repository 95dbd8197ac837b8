import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Figure } from './figures';
import { seededLedger } from './seeded-ledger';

/** The probe (bench/rss-probe.ts, bundled by `npm run bench`) in a fresh process: its RSS in MB. */
function probeRssMb(dataDir: string): number {
  const output = execFileSync(process.execPath, ['out/bench/rss-probe.mjs', dataDir], { encoding: 'utf8' });
  return (JSON.parse(output) as { rss: number }).rss / 1_048_576;
}

/** Main-process memory with a seeded ledger of `size` rows after a history search and a tracker tick, against an empty ledger. */
export function measureMainMemory(size: number, seed: number, runs = 3): Figure {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-rss-'));
  try {
    seededLedger(join(dir, 'full'), size, seed);
    // Each a few times in turns, the smallest kept: RSS only grows with what was touched.
    const full: number[] = [];
    const empty: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      full.push(probeRssMb(join(dir, 'full')));
      empty.push(probeRssMb(join(dir, `empty-${run}`)));
    }
    const fullMb = Math.min(...full);
    const emptyMb = Math.min(...empty);
    const ratio = fullMb / emptyMb;
    return {
      name: `main-process memory (RSS) with a ${size.toLocaleString('en-GB')}-booking ledger, after a history search and a tracker tick`,
      value: ratio,
      unit: '×',
      target: '≤ 1.5× the same process with an empty ledger',
      reference: `${fullMb.toFixed(1)} MB against ${emptyMb.toFixed(1)} MB with an empty ledger (a Node process opening the ledger through the core; smallest of ${runs} each)`,
      pass: ratio <= 1.5,
      ...(ratio <= 1.5 ? {} : { why: `the process holds ${(fullMb - emptyMb).toFixed(0)} MB more with the large ledger` }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

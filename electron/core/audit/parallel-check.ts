import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { CHAIN_SELECT } from './audit-chain';

/** What one worker found in its range of sequence numbers. */
interface RangeCheck {
  intact: boolean;
  count: number;
  firstPrev: string | null;
  lastHash: string | null;
}

// Plain CommonJS run by each worker (it may import nothing of ours); the preimage is SQLite's, as for the walk.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const { hash } = require('node:crypto');
const { file, from, to } = workerData;
const db = new DatabaseSync(file, { readOnly: true });
const rows = db.prepare(workerData.select + ' WHERE sequence >= ? AND sequence <= ? ORDER BY sequence');
rows.setReturnArrays(true);
let expected = from;
let previous = null;
let firstPrev = null;
let intact = true;
for (const r of rows.iterate(from, to)) {
  if (r[0] !== expected || (previous !== null && r[1] !== previous)) { intact = false; break; }
  if (previous === null) firstPrev = r[1];
  if (hash('sha256', r[3], 'hex') !== r[2]) { intact = false; break; }
  previous = r[2];
  expected += 1;
}
db.close();
parentPort.postMessage({ intact, count: expected - from, firstPrev, lastHash: previous });
`;

function checkRange(file: string, from: number, to: number): Promise<RangeCheck> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, from, to, select: CHAIN_SELECT } });
    worker.once('message', (result: RangeCheck) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The audit check stopped with code ${code}.`));
    });
  });
}

/**
 * Checks entries 1 to `last` in as many parts as the machine has cores, each in a worker with its own
 * read connection: true when every entry is in its place, its hash holds and each links to the one
 * before. It cannot say what broke; a false sends the caller to the walk that names the entry.
 */
export async function chainHoldsInParallel(file: string, last: number): Promise<boolean> {
  const parts = Math.max(1, Math.min(availableParallelism(), 8));
  const size = Math.ceil(last / parts);
  const ranges = Array.from({ length: parts }, (_, index) => [index * size + 1, Math.min(last, (index + 1) * size)] as const).filter(
    ([from, to]) => from <= to,
  );
  const results = await Promise.all(ranges.map(([from, to]) => checkRange(file, from, to)));
  let previous = '';
  for (const [index, result] of results.entries()) {
    const [from, to] = ranges[index] as readonly [number, number];
    if (!result.intact || result.count !== to - from + 1 || result.firstPrev !== previous) return false;
    previous = result.lastHash ?? '';
  }
  return true;
}

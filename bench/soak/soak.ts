import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServiceProcess } from '../service-process';
import { backupDuringSoak } from './backup-during-soak';
import { compareWithService } from './compare';
import { seededRandom } from './seeded-random';

// `npm run soak -- --counters N --bookings M --seed S`: N counters in their own processes, killed with
// SIGKILL at seeded random moments and restarted on their own files, book M each against one built-in
// service with faults on; then every ledger row is compared with the service's records (docs/ledger.md).
const { values } = parseArgs({
  options: {
    counters: { type: 'string', default: '4' },
    bookings: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
    // A counter lives 0.3 s plus up to this long once it is ready, then is killed (a restart costs a process start).
    'max-life-ms': { type: 'string', default: '2700' },
  },
});
const counters = Number(values.counters);
const bookings = Number(values.bookings);
const seed = Number(values.seed);
const maxLifeMs = Number(values['max-life-ms']);
const REQUEST_TIMEOUT_MS = 1_000;
const FAULTS = {
  latencyMs: 2,
  errorRate: 0.02,
  rateLimitRate: 0.02,
  retryAfterSeconds: 0,
  dropAfterCommitRate: 0.03,
  slowRequestRate: 0.01,
  slowRequestMs: 1_500,
  supplierDelayMs: 300,
};
// Longer than any request can be held by the service (slowRequestMs + latency), so a lost write has landed by then.
const DOUBT_WINDOW_MS = 5_000;

const started = performance.now();
const dir = mkdtempSync(join(tmpdir(), 'packdesk-soak-'));
const serviceFile = join(dir, 'service.db');
const service = await startServiceProcess(serviceFile, FAULTS.supplierDelayMs);
const controls = (body: object) =>
  fetch(`${service.url}/sandbox/controls`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
await controls(FAULTS);

const counterDir = (index: number) => join(dir, `counter-${index}`);
function runCounter(
  index: number,
  extra: Record<string, string>,
): { ready: Promise<void>; exited: Promise<number | null>; kill: () => void } {
  const child = spawn(process.execPath, ['out/soak/soak-counter.mjs'], {
    env: {
      ...process.env,
      PACKDESK_DATA_DIR: counterDir(index),
      SERVICE_URL: service.url,
      SERVICE_TEST_KEY: service.testKey,
      SERVICE_LIVE_KEY: service.liveKey,
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      DOUBT_WINDOW_MS: String(DOUBT_WINDOW_MS),
      TARGET: String(bookings),
      COUNTER: String(index),
      SEED: String(seed),
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()));
  return { ready, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))), kill: () => child.kill('SIGKILL') };
}

let kills = 0;
async function bookUntilDone(index: number): Promise<void> {
  const random = seededRandom(seed, index, 0xc0ffee);
  for (;;) {
    const run = runCounter(index, {});
    const lifeMs = 300 + Math.floor(random() * maxLifeMs);
    let timer: NodeJS.Timeout | undefined;
    // Set by the timer while this function awaits the exit.
    const life = { killed: false };
    void run.ready.then(() => {
      timer = setTimeout(() => {
        life.killed = true;
        run.kill();
      }, lifeMs);
    });
    const code = await run.exited;
    clearTimeout(timer);
    if (code === 0) return;
    if (life.killed) kills += 1;
    else throw new Error(`counter ${index} failed by itself (exit ${code})`);
  }
}
// A backup of counter 0's ledger taken from outside while it books and is killed (File → Back Up Ledger… does the same).
const backup = backupDuringSoak(counterDir(0), Math.max(1, Math.floor(bookings / 3)), join(dir, 'counter-0-backup.db')).catch(
  (error: unknown) => {
    console.error('the backup during the soak failed', error);
    return { backupAcknowledged: 0, backupMissing: -1, backupIntact: 0 };
  },
);
await Promise.all(Array.from({ length: counters }, (_, index) => bookUntilDone(index)));
const backupFigures = await backup;

// Settle: the network recovers, every counter starts once more and lets its reconciler finish.
await controls({ errorRate: 0, rateLimitRate: 0, dropAfterCommitRate: 0, slowRequestRate: 0, latencyMs: 0 });
await Promise.all(Array.from({ length: counters }, (_, index) => runCounter(index, { SETTLE: '1', SETTLE_MS: '120000' }).exited));
await service.stopAndWait();

const { bookings: made, ...compared } = compareWithService(
  serviceFile,
  Array.from({ length: counters }, (_, index) => counterDir(index)),
);
const figures = { bookings: made, kills, ...compared, ...backupFigures, seconds: Math.round((performance.now() - started) / 1000) };
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(figures));
process.exit(0);

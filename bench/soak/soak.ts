import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { containsCardNumber } from '../../shared/card-numbers';
import { startServiceProcess } from '../service-process';
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
const FAULTS = { latencyMs: 2, errorRate: 0.02, rateLimitRate: 0.02, retryAfterSeconds: 0, dropAfterCommitRate: 0.03, slowRequestRate: 0.01, slowRequestMs: 1_500, supplierDelayMs: 300 };
// Longer than any request can be held by the service (slowRequestMs + latency), so a lost write has landed by then.
const DOUBT_WINDOW_MS = 5_000;

const started = performance.now();
const dir = mkdtempSync(join(tmpdir(), 'packdesk-soak-'));
const serviceFile = join(dir, 'service.db');
const service = await startServiceProcess(serviceFile, FAULTS.supplierDelayMs);
const controls = (body: object) => fetch(`${service.url}/sandbox/controls`, { method: 'PUT', headers: { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
await controls(FAULTS);

const counterDir = (index: number) => join(dir, `counter-${index}`);
function runCounter(index: number, extra: Record<string, string>): { ready: Promise<void>; exited: Promise<number | null>; kill: () => void } {
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
    let killed = false;
    void run.ready.then(() => {
      timer = setTimeout(() => {
        killed = true;
        run.kill();
      }, lifeMs);
    });
    const code = await run.exited;
    clearTimeout(timer);
    if (code === 0) return;
    if (killed) kills += 1;
    else throw new Error(`counter ${index} failed by itself (exit ${code})`);
  }
}
await Promise.all(Array.from({ length: counters }, (_, index) => bookUntilDone(index)));

// Settle: the network recovers, every counter starts once more and lets its reconciler finish.
await controls({ errorRate: 0, rateLimitRate: 0, dropAfterCommitRate: 0, slowRequestRate: 0, latencyMs: 0 });
await Promise.all(Array.from({ length: counters }, (_, index) => runCounter(index, { SETTLE: '1', SETTLE_MS: '120000' }).exited));
await service.stopAndWait();

type ServiceRow = { id: number; status: string; check_in: string; check_out: string; total_minor: number; currency: string; authorizations: number };
type LedgerRow = { service_booking_id: number | null; status: string; check_in: string; check_out: string; total_minor: number; currency: string; attention: string | null; in_flight: string | null; next_check_at: number | null };
const serviceDb = new DatabaseSync(serviceFile, { readOnly: true });
const atService = new Map(
  (serviceDb.prepare("SELECT b.id, b.status, b.check_in, b.check_out, b.total_minor, b.currency, (SELECT count(*) FROM payments p WHERE p.booking_id = b.id AND p.kind = 'authorization') AS authorizations FROM bookings b").all() as ServiceRow[]).map((row) => [Number(row.id), row]),
);
serviceDb.close();

const figures = { bookings: atService.size, kills, lost: 0, doubleCharged: 0, wrongStatus: 0, wrongDates: 0, wrongTotal: 0, duplicateRows: 0, orphanHolds: 0, unsettled: 0, attention: 0, cardNumbers: 0, seconds: 0 };
const seen = new Set<number>();
for (let index = 0; index < counters; index += 1) {
  const db = new DatabaseSync(join(counterDir(index), 'ledger.db'), { readOnly: true });
  const rows = db.prepare('SELECT service_booking_id, status, check_in, check_out, total_minor, currency, attention, in_flight, next_check_at FROM bookings').all() as LedgerRow[];
  figures.unsettled += Number((db.prepare('SELECT count(*) AS n FROM intents WHERE finished_at IS NULL').get() as { n: number }).n);
  db.close();
  for (const row of rows) {
    if (row.attention !== null) figures.attention += 1;
    if (row.in_flight !== null || row.next_check_at !== null) figures.unsettled += 1;
    if (row.service_booking_id === null) continue;
    const id = Number(row.service_booking_id);
    if (seen.has(id)) {
      figures.duplicateRows += 1;
      continue;
    }
    seen.add(id);
    const truth = atService.get(id);
    if (!truth) continue;
    if (row.status !== truth.status) figures.wrongStatus += 1;
    if (row.check_in !== truth.check_in || row.check_out !== truth.check_out) figures.wrongDates += 1;
    if (Number(row.total_minor) !== Number(truth.total_minor) || row.currency !== truth.currency) figures.wrongTotal += 1;
  }
  for (const file of readdirSync(counterDir(index))) {
    if (containsCardNumber(readFileSync(join(counterDir(index), file)).toString('latin1'))) figures.cardNumbers += 1;
  }
}
for (const [id, truth] of atService) {
  if (Number(truth.authorizations) > 1) figures.doubleCharged += 1;
  if (seen.has(id)) continue;
  figures.orphanHolds += 1;
  if (Number(truth.authorizations) > 0) figures.lost += 1;
}
figures.seconds = Math.round((performance.now() - started) / 1000);
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(figures));
process.exit(0);

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import type { ControlSettings } from '../../shared/training-controls';
import { startServiceProcess } from '../service-process';
import { attentionFlagsOf } from './attention-seen';
import { backupDuringSoak } from './backup-during-soak';
import { anomaliesIn, compareWithService } from './compare';
import { seededRandom } from './seeded-random';
import { SOAK_SERVICE_FAULTS } from './service-faults';

// `npm run soak -- --counters N --bookings M --seed S [--min-kills K] [--keep]`: N counters in their own
// processes, killed with SIGKILL at seeded random moments and restarted on their own files, book M each
// against one built-in service with faults on; then every ledger row is matched with the service's
// records by intended sale (docs/ledger.md). One JSON line; the exit status is 0 only when the service
// took the fault settings, at least K kills happened (default N) and nothing was found wrong.
const { values } = parseArgs({
  options: {
    counters: { type: 'string', default: '4' },
    bookings: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
    // A counter lives 0.3 s plus up to this long once it is ready, then is killed (a restart costs a process start).
    'max-life-ms': { type: 'string', default: '2700' },
    'min-kills': { type: 'string' },
    // Keeps the run's folder (the service's file, every counter's) and names it on stderr, to look into.
    keep: { type: 'boolean', default: false },
  },
});
const counters = Number(values.counters);
const bookings = Number(values.bookings);
const seed = Number(values.seed);
const maxLifeMs = Number(values['max-life-ms']);
const minKills = Number(values['min-kills'] ?? counters);
const REQUEST_TIMEOUT_MS = 1_000;
const FAULTS: Partial<ControlSettings> = {
  ...SOAK_SERVICE_FAULTS,
  // The service's own log of writes: the judge of two writes on one booking at once.
  logWrites: true,
};
// Longer than any request can be held by the service (slowRequestMs + latency), so a lost write has landed by then.
const DOUBT_WINDOW_MS = 5_000;

const started = performance.now();
const dir = mkdtempSync(join(tmpdir(), 'packdesk-soak-'));
const serviceFile = join(dir, 'service.db');
const service = await startServiceProcess(serviceFile, FAULTS.supplierDelayMs);

/** Sets the service's controls, then reads them back: the names of the settings it did not take (none when all were). */
async function setControls(settings: Partial<ControlSettings>): Promise<string[]> {
  const url = `${service.url}/sandbox/controls`;
  const headers = { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' };
  const put = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(settings) });
  if (!put.ok) return [`all of them: PUT answered ${put.status} ${await put.text()}`];
  const answered = ((await put.json()) as { data: Record<string, unknown> }).data;
  const read = await fetch(url, { headers });
  const now = read.ok ? ((await read.json()) as { data: Record<string, unknown> }).data : {};
  return Object.entries(settings)
    .filter(([name, value]) => answered[name] !== value || now[name] !== value)
    .map(([name, value]) => `${name} (asked ${JSON.stringify(value)}, the service has ${JSON.stringify(now[name])})`);
}
/** Counters running now, so a run that stops early leaves none behind. */
const running = new Set<() => void>();
/** Stops the run there, failed: every counter and the service stopped, nothing left running. */
async function stopFailed(why: string): Promise<never> {
  console.error(`[soak] FAILED ${why}`);
  for (const kill of running) kill();
  await service.stopAndWait();
  if (values.keep) console.error(`[soak] the run's files are kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
/** A run whose faults are not what it says proves nothing. */
const refuse = (what: string, refused: string[]) => stopFailed(`the service did not take the ${what}: ${refused.join('; ')}`);
const refusedFaults = await setControls(FAULTS);
if (refusedFaults.length > 0) await refuse('fault settings', refusedFaults);

const counterDir = (index: number) => join(dir, `counter-${index}`);
function runCounter(
  index: number,
  life: number,
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
      LIFE: String(life),
      SEED: String(seed),
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()));
  const kill = () => child.kill('SIGKILL');
  running.add(kill);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(kill);
      resolve(code);
    }),
  );
  return { ready, exited, kill };
}

/** Writes begun since `sinceIso` with no outcome in a counter's ledger: read after a kill, the writes the kill cut into. */
function openWritesSince(index: number, sinceIso: string): number {
  const file = join(counterDir(index), 'ledger.db');
  if (!existsSync(file)) return 0;
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM intents WHERE finished_at IS NULL AND started_at >= ?').get(sinceIso) as { n: number }).n;
  } finally {
    db.close();
  }
}

let kills = 0;
let killsDuringWrite = 0;
let lives = 0;
/** When each counter was killed (ISO), to tell the writes a kill cut into. */
const killedAt: string[][] = Array.from({ length: counters }, () => []);
async function bookUntilDone(index: number): Promise<void> {
  const random = seededRandom(seed, index, 0xc0ffee);
  for (let life = 0; ; life += 1) {
    const bornAt = new Date().toISOString();
    const run = runCounter(index, life, {});
    lives += 1;
    const lifeMs = 300 + Math.floor(random() * maxLifeMs);
    let timer: NodeJS.Timeout | undefined;
    // Set by the timer while this function awaits the exit.
    const fate = { killed: false };
    void run.ready.then(() => {
      timer = setTimeout(() => {
        fate.killed = true;
        killedAt[index]?.push(new Date().toISOString());
        run.kill();
      }, lifeMs);
    });
    const code = await run.exited;
    clearTimeout(timer);
    if (code === 0) return;
    if (!fate.killed) throw new Error(`counter ${index} failed by itself (exit ${code})`);
    kills += 1;
    if (openWritesSince(index, bornAt) > 0) killsDuringWrite += 1;
  }
}
// A backup of counter 0's ledger taken from outside while it books and is killed (File → Back Up Ledger… does the same).
const backupFile = join(dir, 'counter-0-backup.db');
const backup = backupDuringSoak(counterDir(0), Math.max(1, Math.floor(bookings / 3)), backupFile).catch((error: unknown) => {
  console.error('the backup during the soak failed', error);
  return { backupAcknowledged: 0, backupMissing: -1, backupIntact: 0 };
});
await Promise.all(Array.from({ length: counters }, (_, index) => bookUntilDone(index))).catch((error: unknown) =>
  stopFailed(error instanceof Error ? error.message : String(error)),
);
const backupFigures = await backup;

// Settle: the network recovers, every counter starts once more and lets its reconciler finish.
const refusedCalm = await setControls({ errorRate: 0, rateLimitRate: 0, dropAfterCommitRate: 0, slowRequestRate: 0, latencyMs: 0 });
if (refusedCalm.length > 0) await refuse('settings that end the faults', refusedCalm);
await Promise.all(Array.from({ length: counters }, (_, index) => runCounter(index, -1, { SETTLE: '1', SETTLE_MS: '120000' }).exited));
await service.stopAndWait();

const flags = Array.from({ length: counters }, (_, index) => attentionFlagsOf(counterDir(index), `counter-${index}`, killedAt[index]));
const flagsSeen = flags.flatMap((flag) => flag.seen);

const {
  findings,
  bookings: made,
  ...compared
} = compareWithService(
  serviceFile,
  Array.from({ length: counters }, (_, index) => counterDir(index)),
  'standard',
  { alsoScan: [backupFile] },
);
const figures = {
  bookings: made,
  kills,
  killsDuringWrite,
  lives,
  ...compared,
  attentionAfterKill: flags.reduce((sum, flag) => sum + flag.afterKill, 0),
  attentionSeen: flagsSeen.length,
  ...backupFigures,
  seconds: Math.round((performance.now() - started) / 1000),
};

// The soak judges itself: anything found wrong, a backup short of what it should hold, or fewer kills than asked fails it.
const failures = [
  ...anomaliesIn(figures).map((term) => `${term}: ${figures[term]}`),
  ...(figures.backupMissing !== 0 || figures.backupIntact !== 1
    ? [`backup: ${figures.backupMissing} missing, ${figures.backupIntact ? 'intact' : 'not intact'}`]
    : []),
  ...(kills < minKills ? [`kills: ${kills}, fewer than the ${minKills} asked (--min-kills)`] : []),
  ...(flagsSeen.length > 0 ? [`attentionSeen: ${flagsSeen.length} flags ask the agent for an outcome already shown`] : []),
];
for (const finding of findings) console.error(`[soak] ${finding.term}: ${finding.detail}`);
for (const flag of flagsSeen) console.error(`[soak] attentionSeen: ${flag}`);
for (const failure of failures) console.error(`[soak] FAILED ${failure}`);
if (values.keep) {
  writeFileSync(join(dir, 'kills.json'), JSON.stringify(killedAt));
  console.error(`[soak] the run's files are kept in ${dir} (kills.json: when each counter was killed)`);
} else rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(figures));
process.exit(failures.length > 0 ? 1 : 0);

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { UNCONFIRMED_HOLD } from '../../shared/bookings';
import { useCore, waitUntil } from '../support/engine-helpers';
import { useSandbox } from '../support/sandbox-helpers';
import { useTempDir } from '../support/temp-dir';

const sandbox = useSandbox();
const core = useCore();
const tempDir = useTempDir();
const ROOT = join(import.meta.dirname, '../..');

/** Runs the booking counter in its own process and kills it with SIGKILL after `lifeMs`. */
async function runAndKill(script: string, env: NodeJS.ProcessEnv, lifeMs: number): Promise<number> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let lines = 0;
  child.stdout.on('data', (chunk: Buffer) => (lines += chunk.toString().split('\n').filter(Boolean).length));
  await new Promise((resolve) => setTimeout(resolve, lifeMs));
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  return lines;
}

describe('a counter killed at random points', () => {
  test('after SIGKILLs mid-flow and a restart, the history and the service agree, nothing is paid twice, and the database is intact', { timeout: 180_000 }, async () => {
    const serviceFile = join(tempDir(), 'service.db');
    // Latency widens the window in which a write is in flight when the process dies.
    const service = await sandbox({ dataFile: serviceFile, controls: { supplierDelayMs: 100, latencyMs: 15 } });
    const script = join(ROOT, 'test-results/crash/crash-counter.mjs');
    mkdirSync(join(ROOT, 'test-results/crash'), { recursive: true });
    await build({ entryPoints: [join(ROOT, 'test/support/crash-counter.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: script, logLevel: 'error' });
    const dataDir = tempDir();
    const env = { PACKDESK_DATA_DIR: dataDir, SERVICE_URL: service.url, SERVICE_TEST_KEY: service.keys.testKey, SERVICE_LIVE_KEY: service.keys.liveKey };

    let rounds = 0;
    for (let kill = 0; kill < 12; kill += 1) rounds += await runAndKill(script, env, 700 + Math.floor(Math.random() * 900));
    expect(rounds).toBeGreaterThan(10);

    const { core: restarted } = await core(service, { dataDir });
    expect(restarted.ledger.openIntents()).toEqual([]);
    const history = restarted.ledger.list({ profileId: 1, limit: 500 }).rows;

    // Every booking the service holds is in the history: by its number, or as an unconfirmed hold whose number was lost.
    const serviceDb = new DatabaseSync(serviceFile, { readOnly: true });
    const held = serviceDb.prepare('SELECT id, status FROM bookings WHERE organization_id = ?').all(service.keys.organizationId) as { id: number; status: string }[];
    const known = new Set(history.map((booking) => booking.serviceBookingId));
    const missing = held.filter((booking) => !known.has(Number(booking.id)));
    const unconfirmed = history.filter((booking) => booking.status === UNCONFIRMED_HOLD);
    expect(missing.length).toBe(unconfirmed.length);

    // Nothing paid twice.
    const doubles = serviceDb.prepare("SELECT booking_id, count(*) AS n FROM payments WHERE kind = 'authorization' GROUP BY booking_id HAVING n > 1").all();
    expect(doubles).toEqual([]);
    serviceDb.close();

    // The history ends on the service's state for every booking it can name.
    for (const booking of history.filter((entry) => entry.serviceBookingId !== null)) await restarted.engine.refresh(booking.id).catch(() => undefined);
    await waitUntil(
      () => restarted.ledger.list({ profileId: 1, limit: 500 }).rows.filter((booking) => booking.serviceBookingId !== null),
      (rows) => rows.every((booking) => held.some((entry) => Number(entry.id) === booking.serviceBookingId)),
    );

    for (const file of ['ledger.db', 'settings.db']) {
      const db = new DatabaseSync(join(dataDir, file), { readOnly: true });
      expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
      db.close();
    }
  });
});

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { build } from 'esbuild';
import { esbuildCompiledCatalogs } from '../../scripts/compiled-catalogs';
import { describe, expect, test } from 'vitest';
import { statusesOf } from '../../electron/sandbox/dialect';
import type { State } from '../../electron/sandbox/dialect';
import { useCore, waitUntil } from '../support/engine-helpers';
import { useSandbox } from '../support/sandbox-helpers';
import { useTempDir } from '../support/temp-dir';

const sandbox = useSandbox();
const core = useCore();
const tempDir = useTempDir();
const ROOT = join(import.meta.dirname, '../..');

// The seed fixes every life's length and every round's choices; CRASH_SEED=n replays another run.
const SEED = Number(process.env.CRASH_SEED ?? 1);
const LIVES = 10;

/** A number in [0, 1) fixed by the parts (a SHA-256 of them): the same on every machine and run. */
const seeded = (...parts: (string | number)[]) => createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0) / 2 ** 32;

interface Life {
  /** Bookings the counter held in this life (a line each). */
  booked: number;
  /** Writes begun in this life that its kill left without an outcome: 'prebook', 'book', 'cancel'. */
  caught: string[];
}

/** One life of the counter in its own process: started, let run `lifeMs` after it is ready, SIGKILLed. */
async function liveAndDie(script: string, env: NodeJS.ProcessEnv, lifeMs: number): Promise<Omit<Life, 'caught'>> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve) => child.stdout.on('data', () => out.includes('ready\n') && resolve()));
  const died = await Promise.race([ready.then(() => false), exited.then(() => true)]);
  if (!died) {
    await Promise.race([new Promise((resolve) => setTimeout(resolve, lifeMs)), exited]);
    child.kill('SIGKILL');
  }
  const code = await exited;
  // Only the kill may end a life: a counter that stops by itself is a failure of its own.
  if (code !== null) throw new Error(`the counter exited by itself (code ${code}): ${err}`);
  return { booked: out.split('\n').filter((line) => line.includes('"booking"')).length };
}

/** The writes a SIGKILL left open in the counter's ledger: what the next start must reconcile. */
function openWrites(dataDir: string): { id: number; operation: string }[] {
  const db = new DatabaseSync(join(dataDir, 'ledger.db'), { readOnly: true });
  const open = db.prepare('SELECT id, operation FROM intents WHERE finished_at IS NULL').all() as { id: number; operation: string }[];
  db.close();
  return open;
}

interface ServiceBooking {
  id: number;
  status: State;
  booking_reference: string | null;
  client_reference: string | null;
  check_in: string;
  check_out: string;
  total_minor: number;
  currency: string;
}

describe('a counter killed at seeded moments', () => {
  test(
    `after SIGKILLs mid-flow and a restart, every ledger row says what the service's own record says, nothing is lost or charged twice, and the files are intact (seed ${SEED})`,
    { timeout: 60_000 },
    async () => {
      const serviceFile = join(tempDir(), 'service.db');
      // Latency widens the window in which a write is in flight when the process dies.
      const service = await sandbox({ dataFile: serviceFile, controls: { supplierDelayMs: 100, latencyMs: 15 } });
      const script = join(ROOT, 'test-results/crash/crash-counter.mjs');
      mkdirSync(join(ROOT, 'test-results/crash'), { recursive: true });
      await build({
        entryPoints: [join(ROOT, 'test/support/crash-counter.ts')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        outfile: script,
        logLevel: 'error',
        plugins: [esbuildCompiledCatalogs()],
      });
      const dataDir = tempDir();
      const env = {
        PACKDESK_DATA_DIR: dataDir,
        SERVICE_URL: service.url,
        SERVICE_TEST_KEY: service.keys.testKey,
        SERVICE_LIVE_KEY: service.keys.liveKey,
        CRASH_SEED: String(SEED),
      };

      const lives: Life[] = [];
      // A write still open after the next life (inside its doubt window) counts once, for the life that began it.
      const seen = new Set<number>();
      for (let life = 0; life < LIVES; life += 1) {
        const lived = await liveAndDie(script, { ...env, CRASH_LIFE: String(life) }, 150 + Math.floor(seeded(SEED, 'life', life) * 700));
        const caught = openWrites(dataDir).filter((write) => !seen.has(write.id));
        for (const write of caught) seen.add(write.id);
        lives.push({ ...lived, caught: caught.map((write) => write.operation) });
      }
      const because = `seed ${SEED}, lives ${JSON.stringify(lives)}`;
      // The test means something only if the counter booked, and some kills caught a write on its way.
      expect(
        lives.reduce((sum, life) => sum + life.booked, 0),
        because,
      ).toBeGreaterThanOrEqual(10);
      expect(lives.filter((life) => life.caught.length > 0).length, because).toBeGreaterThanOrEqual(2);

      // One more start on the same files: the reconciler alone settles what the kills left (no refresh by hand).
      const { core: restarted } = await core(service, { dataDir });
      await waitUntil(
        () => ({ open: restarted.ledger.openIntents().length, unsettled: restarted.ledger.unsettledCount() }),
        (left) => left.open === 0 && left.unsettled === 0,
        15_000,
      );
      const { rows, total } = restarted.ledger.list({ profileId: 1, limit: 1_000 });
      expect(rows.length).toBe(total);

      // The service's own record, in its internal states, named as the standard dialect shows them outward.
      const outward = statusesOf('standard');
      const serviceDb = new DatabaseSync(serviceFile, { readOnly: true });
      const atService = serviceDb
        .prepare(
          'SELECT id, status, booking_reference, client_reference, check_in, check_out, total_minor, currency FROM bookings WHERE organization_id = ? ORDER BY id',
        )
        .all(service.keys.organizationId) as unknown as ServiceBooking[];
      const authorizations = serviceDb
        .prepare("SELECT booking_id, count(*) AS n FROM payments WHERE kind = 'authorization' GROUP BY booking_id")
        .all() as { booking_id: number; n: number }[];
      serviceDb.close();

      // Row for row: one ledger row per booking at the service (none lost, none twice, no hold without
      // its number), each with the service's status, references, dates and total.
      const ledgerView = rows
        .map((row) => ({
          id: row.serviceBookingId,
          status: row.status,
          bookingReference: row.bookingReference,
          clientReference: row.clientReference,
          checkIn: row.checkIn,
          checkOut: row.checkOut,
          totalMinor: row.totalMinor,
          currency: row.currency,
        }))
        .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
      const serviceView = atService.map((booking) => ({
        id: booking.id,
        status: outward[booking.status],
        bookingReference: booking.booking_reference,
        // The service learns the client reference with the payment; a booking never paid has none there.
        clientReference: booking.client_reference ?? expect.any(String),
        checkIn: booking.check_in,
        checkOut: booking.check_out,
        totalMinor: booking.total_minor,
        currency: booking.currency,
      }));
      expect(ledgerView, because).toEqual(serviceView);
      // The run reached every state its cards lead to, so the comparison above covered each of them.
      expect(new Set(atService.map((booking) => booking.status)), because).toEqual(
        new Set<State>(['pending', 'awaitingAuthentication', 'paid', 'cancelled']),
      );

      // Nothing charged twice, and every charge belongs to a booking in the ledger.
      expect(
        authorizations.filter((charge) => charge.n > 1),
        because,
      ).toEqual([]);
      expect(authorizations.length, because).toBeGreaterThan(0);

      for (const file of ['ledger.db', 'settings.db']) {
        const db = new DatabaseSync(join(dataDir, file), { readOnly: true });
        expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
        db.close();
      }
    },
  );
});

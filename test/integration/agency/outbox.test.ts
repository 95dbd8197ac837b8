import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { openAgencyPool } from '../../../electron/core/agency/agency-connection';
import { connectToAgency } from '../../../electron/core/agency/connect-to-agency';
import { startOutboxPusher } from '../../../electron/core/agency/outbox-pusher';
import { startFreshProcess } from '../../support/fresh-process';
import { useTempDir } from '../../support/temp-dir';
import { queryAgency } from '../../support/agency-server';
import { bookingChange, useAgencyDatabase } from './agency-test-server';
import { openSqliteOutbox } from './sqlite-outbox';

const tempDir = useTempDir('packdesk-outbox-');
const agency = useAgencyDatabase();

/** Which of a counter's changes the agency holds, by counter sequence, with how many times each. */
async function agencyHolds(counterId: string): Promise<{ seqs: number[]; repeated: number }> {
  const rows = await queryAgency<{ counter_seq: string; n: number }>(
    agency.settings(),
    'SELECT counter_seq, count(*)::int AS n FROM agency_changes WHERE counter_id = $1 GROUP BY counter_seq ORDER BY counter_seq',
    [counterId],
  );
  return { seqs: rows.map((row) => Number(row.counter_seq)), repeated: rows.filter((row) => row.n > 1).length };
}

const oneTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe('a counter’s outbox sent to the agency', () => {
  test('the outbox is sent in order and emptied; an answer lost after the commit sends the batch again, applied once', async () => {
    const desk = await agency.joinCounter('Desk 1');
    const outbox = openSqliteOutbox(join(tempDir(), 'outbox.db'));
    for (let n = 1; n <= 120; n += 1) outbox.append(bookingChange(`Desk 1/${n}`, n));
    // The first acknowledgement never lands: the counter stopped after the agency committed its batch.
    let lost = false;
    const errors: unknown[] = [];
    const pusher = startOutboxPusher({
      pool: desk.pool,
      counterId: desk.counterId,
      outbox: {
        ...outbox,
        acknowledge: (through) => {
          if (!lost) {
            lost = true;
            throw new Error('the counter stopped before writing down the answer');
          }
          outbox.acknowledge(through);
        },
      },
      batchSize: 50,
      retryDelayMs: { first: 20, max: 20 },
      onError: (error) => errors.push(error),
    });
    await pusher.drained();
    await pusher.stop();

    expect(errors).toHaveLength(1);
    expect(outbox.size()).toBe(0);
    expect(await agencyHolds(desk.counterId)).toEqual({ seqs: oneTo(120), repeated: 0 });
    outbox.close();
  });

  test('offline from the agency: the outbox keeps every change and sends them when the server answers again', async () => {
    const counter = { counterId: randomUUID(), name: 'Desk 1' };
    await (await connectToAgency(agency.settings(), counter)).end();
    const outbox = openSqliteOutbox(join(tempDir(), 'outbox.db'));
    for (let n = 1; n <= 30; n += 1) outbox.append(bookingChange(`Desk 1/${n}`, n));
    // A pool that reaches nothing (the agency's address while the link is down) …
    const unreachable = openAgencyPool({ ...agency.settings(), port: 9 });
    const backlog: [number, boolean][] = [];
    const offline = startOutboxPusher({
      pool: unreachable,
      counterId: counter.counterId,
      outbox,
      retryDelayMs: { first: 20, max: 50 },
      onBacklog: (waiting, reachable) => backlog.push([waiting, reachable]),
    });
    await vi.waitFor(() => expect(backlog.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    await offline.stop();
    await unreachable.end();
    expect(backlog[0]).toEqual([30, false]);
    expect(outbox.size()).toBe(30);

    // … and the link back: everything goes, once.
    const pool = await connectToAgency(agency.settings(), counter);
    const online = startOutboxPusher({ pool, counterId: counter.counterId, outbox });
    await online.drained();
    await online.stop();
    await pool.end();
    expect(await agencyHolds(counter.counterId)).toEqual({ seqs: oneTo(30), repeated: 0 });
    outbox.close();
  });

  test('a counter killed in the middle of pushing: after its restart the agency holds each change once, none lost', async () => {
    const counter = { counterId: randomUUID(), name: 'Desk 1' };
    await (await connectToAgency(agency.settings(), counter)).end();
    const file = join(tempDir(), 'outbox.db');
    const outbox = openSqliteOutbox(file);
    for (let n = 1; n <= 5_000; n += 1) outbox.append(bookingChange(`Desk 1/${n}`, n));

    const victim = await startFreshProcess(join(import.meta.dirname, 'pushing-counter.ts'), {
      AGENCY_SETTINGS: JSON.stringify(agency.settings()),
      COUNTER_ID: counter.counterId,
      OUTBOX_FILE: file,
    });
    try {
      // Killed once the agency has some of its changes, well before all of them.
      await vi.waitFor(async () => expect((await agencyHolds(counter.counterId)).seqs.length).toBeGreaterThan(100), {
        timeout: 15_000,
        interval: 10,
      });
      victim.kill('SIGKILL');
      await once(victim, 'exit');
    } finally {
      victim.kill('SIGKILL');
    }
    const atKill = (await agencyHolds(counter.counterId)).seqs.length;
    expect(atKill).toBeLessThan(5_000);
    // What the dead counter sent and what its outbox still says overlap or meet; nothing falls between.
    expect(outbox.size() + atKill).toBeGreaterThanOrEqual(5_000);

    const pool = await connectToAgency(agency.settings(), counter);
    const restarted = startOutboxPusher({ pool, counterId: counter.counterId, outbox });
    await restarted.drained();
    await restarted.stop();
    await pool.end();
    expect(outbox.size()).toBe(0);
    expect(await agencyHolds(counter.counterId)).toEqual({ seqs: oneTo(5_000), repeated: 0 });
    outbox.close();
  });
});

import { once } from 'node:events';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Client } from 'pg';
import { describe, expect, test } from 'vitest';
import { startFreshProcess } from '../../support/fresh-process';
import { useTempDir } from '../../support/temp-dir';
import { sleep, useCounters } from './counters-helpers';
import { NOTHING_DIVERGES, settledDivergence } from './counters-compare-helpers';
import { agentStep } from './counters-workload-helpers';
import type { Outcome } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

/** 1, 2 … n */
const oneTo = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

/** What the dead counter's ledger file says of its outbox: the sequences still waiting, and the last one it handed out. */
function outboxOf(dataDir: string): { waiting: number[]; lastHandedOut: number } {
  const db = new DatabaseSync(join(dataDir, 'ledger.db'), { readOnly: true });
  try {
    const waiting = (db.prepare('SELECT counter_seq FROM agency_outbox ORDER BY counter_seq').all() as { counter_seq: number }[]).map(
      (row) => row.counter_seq,
    );
    const last = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'agency_outbox'").get() as { seq: number } | undefined;
    return { waiting, lastHandedOut: last?.seq ?? 0 };
  } finally {
    db.close();
  }
}

describe('a counter killed in the middle of a push', () => {
  const counters = useCounters();
  const tempDir = useTempDir('packdesk-killed-');

  test('SIGKILLed while its outbox drains and started again on its data folder: each of its changes is in PostgreSQL once, none lost, and every copy agrees', async () => {
    const desk1 = await counters.start('Desk 1');
    const desk2 = await counters.start('Desk 2');
    const settings = counters.agency.settings();
    const sandbox = await counters.service();
    const dataDir = tempDir();
    const { host, port, database, user, tlsMode } = settings;
    const victim = await startFreshProcess(join(import.meta.dirname, 'killed-counter.ts'), {
      PACKDESK_DATA_DIR: dataDir,
      COUNTER_NAME: 'Desk 3',
      KILL_SEED: '1407',
      SERVICE_URL: sandbox.url,
      SERVICE_TEST_KEY: sandbox.keys.testKey,
      SERVICE_LIVE_KEY: sandbox.keys.liveKey,
      AGENCY: JSON.stringify({ host, port, database, user, tlsMode }),
    });
    // The test's own look at the agency; closed by the database's drop if the test fails before the end.
    const auditor = new Client({ ...settings, ssl: false });
    auditor.on('error', () => undefined);
    await auditor.connect();
    const taken = async (): Promise<number[]> =>
      (
        await auditor.query<{ counter_seq: string }>(
          `SELECT c.counter_seq FROM agency_changes c JOIN agency_counters n USING (counter_id) WHERE n.name = 'Desk 3' ORDER BY 1`,
        )
      ).rows.map((row) => Number(row.counter_seq));
    let output = '';
    let killedAt: number;
    // Desk 1 and Desk 2 sell meanwhile, so the victim also applies others' changes when it dies.
    const random = seeded(1407);
    const outcomes: Outcome[] = [];
    const day = { selling: true };
    const others = (async () => {
      for (let n = 0; day.selling; n += 1)
        for (const desk of [desk1, desk2]) outcomes.push(await agentStep(desk.core, desk.name, random, n));
    })();
    try {
      victim.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      victim.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = once(victim, 'exit');
      // Killed while the agency is taking its changes (its count moved since the last look) and more wait in its outbox.
      const deadline = Date.now() + 20_000;
      let previous = 0;
      for (;;) {
        if (Date.now() > deadline || victim.exitCode !== null) throw new Error(`the victim never got to push in earnest:\n${output}`);
        const count = output.includes('ready') ? (await taken()).length : 0;
        const waiting = count > 0 ? outboxOf(dataDir).waiting.length : 0;
        if (count >= 300 && count > previous && waiting > 0) {
          victim.kill('SIGKILL');
          killedAt = count;
          break;
        }
        previous = count;
        await sleep(2);
      }
      await exited;
    } finally {
      victim.kill('SIGKILL');
      day.selling = false;
      await others;
    }
    expect(outcomes).toContain('held');

    // What the agency took and what the dead counter's outbox still holds cover every change it made: nothing fell between.
    const atKill = await taken();
    const dead = outboxOf(dataDir);
    expect(atKill.length).toBeGreaterThanOrEqual(killedAt);
    expect(dead.waiting.length).toBeGreaterThan(0);
    expect([...new Set([...atKill, ...dead.waiting])].sort((a, b) => a - b)).toEqual(oneTo(dead.lastHandedOut));

    // Started again on the same folder (a crash leaves its lock behind, and an intent maybe open): it sends the rest, once.
    const desk3 = await counters.adopt('Desk 3', dataDir);
    expect(await settledDivergence([desk1, desk2, desk3], settings, sandbox)).toEqual(NOTHING_DIVERGES);
    expect(await taken()).toEqual(oneTo(outboxOf(dataDir).lastHandedOut));
    await auditor.end();
  });
});

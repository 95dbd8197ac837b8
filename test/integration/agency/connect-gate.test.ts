import { afterEach, expect, test, vi } from 'vitest';
import type { Pool } from 'pg';
import { isConnectionFailure, openAgencyPool } from '../../../electron/core/agency/agency-connection';
import { AgencyNotTriedYet, createConnectGate } from '../../../electron/core/agency/connect-gate';
import { useFreshAgencyDatabase } from '../../support/agency-database';
import { startTcpProxy } from '../../support/tcp-proxy';
import type { TcpProxy } from '../../support/tcp-proxy';

// A counter's pool behind its gate, against the real server through a link the test cuts: once the server
// is found unreachable, the counter's statements do not each open a connection of their own (a server
// restarting under twenty counters spent itself starting sessions their clients had given up on).
const settings = useFreshAgencyDatabase({ prefix: 'gate', tests: 'The connection gate' });
const opened: { pool: Pool; proxy: TcpProxy }[] = [];

afterEach(async () => {
  for (const { pool, proxy } of opened.splice(0)) {
    await pool.end();
    await proxy.close();
  }
});

async function gatedPoolThroughLink() {
  const server = settings();
  const proxy = await startTcpProxy({ host: server.host, port: server.port });
  const pool = openAgencyPool({ ...server, port: proxy.port, queryTimeoutMs: 2_000 }, createConnectGate({ firstMs: 400, maxMs: 400 }));
  opened.push({ pool, proxy });
  return { pool, proxy };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('once the server is unreachable, twenty statements at once make no attempt: each is told the agency is unreachable', async () => {
  const { pool, proxy } = await gatedPoolThroughLink();
  await pool.query('SELECT 1');
  proxy.cut('reset');
  await vi.waitFor(() => expect(pool.idleCount, 'the pool let go of its reset connection').toBe(0));
  await expect(pool.query('SELECT 1')).rejects.toSatisfy(isConnectionFailure);
  const before = proxy.attempts();

  const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => pool.query('SELECT 1')));

  expect(proxy.attempts() - before, 'connections tried during the wait').toBe(0);
  for (const outcome of outcomes) {
    expect(outcome.status).toBe('rejected');
    const error = outcome.status === 'rejected' ? outcome.reason : null;
    expect(error).toBeInstanceOf(AgencyNotTriedYet);
    expect(isConnectionFailure(error), 'callers take it as the agency unreachable').toBe(true);
  }
});

test('after the wait one attempt goes; once it connects, every statement goes through again', async () => {
  const { pool, proxy } = await gatedPoolThroughLink();
  proxy.cut('reset');
  await expect(pool.query('SELECT 1')).rejects.toSatisfy(isConnectionFailure);
  proxy.heal();
  await expect(pool.query('SELECT 1'), 'healed, but the wait is not over').rejects.toBeInstanceOf(AgencyNotTriedYet);
  const before = proxy.attempts();

  await sleep(650);
  const answers = await Promise.all(Array.from({ length: 8 }, () => pool.query<{ one: number }>('SELECT 1 AS one')));

  expect(answers.map((answer) => answer.rows[0]?.one)).toEqual(Array(8).fill(1));
  expect(proxy.attempts() - before, 'the first connection, then the pool’s other three').toBeLessThanOrEqual(4);
});

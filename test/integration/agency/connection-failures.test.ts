import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterEach, expect, test, vi } from 'vitest';
import { isConnectionFailure, isTimeout, openAgencyClient, openAgencyPool } from '../../../electron/core/agency/agency-connection';
import { createConnectGate } from '../../../electron/core/agency/connect-gate';

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server on loopback that takes connections and never says a word: a link gone silent, or a server hung. */
async function silentServer(onConnection: () => void = () => undefined): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the silent server has no port');
  return address.port;
}

test('behind a silent server, every statement of a busy pool fails as an unreachable agency that timed out, those queued for a connection too', async () => {
  const port = await silentServer();
  const settings = { host: '127.0.0.1', port, database: 'agency', user: 'desk', password: 'x', tlsMode: 'disable' as const };
  const pool = openAgencyPool({ ...settings, queryTimeoutMs: 300 });
  try {
    // More at once than the pool has connections: the last wait for one of the four, and give up on that wait.
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => pool.query('SELECT 1')));
    const errors = outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as Error) : null));
    expect(errors.every((error) => error !== null)).toBe(true);
    const messages = new Set(errors.map((error) => error?.message));
    expect(messages, 'the queued statements were told the pool timed out').toContain('timeout exceeded when trying to connect');
    for (const error of errors) {
      expect(isConnectionFailure(error), `"${error?.message}" is the link failing`).toBe(true);
      expect(isTimeout(error), `"${error?.message}" is the server not answering in time`).toBe(true);
    }
  } finally {
    await pool.end();
  }
});

test('a connection closed by the counter while it connects lets the next one go at once: the counter is not left unable to connect', async () => {
  let connections = 0;
  const port = await silentServer(() => (connections += 1));
  const settings = { host: '127.0.0.1', port, database: 'agency', user: 'desk', password: 'x', tlsMode: 'disable' as const };
  const gate = createConnectGate({ firstMs: 60_000, maxMs: 60_000 });
  const first = openAgencyClient({ ...settings, queryTimeoutMs: 1_500 }, gate);
  const connecting = first.connect().catch((error: unknown) => error);
  await vi.waitFor(() => expect(connections).toBe(1));
  // pg never calls back a connect that end() cut short: without the gate hearing of it, every later attempt would wait for ever.
  await first.end();
  await connecting;

  const second = openAgencyClient({ ...settings, queryTimeoutMs: 300 }, gate);
  await expect(second.connect()).rejects.toSatisfy(isTimeout);
  expect(connections, 'the second attempt reached the server').toBe(2);
});

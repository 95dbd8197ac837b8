import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { isConnectionFailure, isTimeout, openAgencyPool } from '../../../electron/core/agency/agency-connection';

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server on loopback that takes connections and never says a word: a link gone silent, or a server hung. */
async function silentServer(): Promise<number> {
  const server = createServer((socket) => void sockets.push(socket));
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

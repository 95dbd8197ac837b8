import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { connectToAgency } from '../../../electron/core/agency/connect-to-agency';
import { openAgencyClient } from '../../../electron/core/agency/agency-connection';

/** A loopback server that answers a PostgreSQL start-up by asking for the password the weak way, and keeps what it is sent. */
async function askingServer(method: 'cleartext' | 'md5'): Promise<{ port: number; received: () => string; stop: () => Promise<void> }> {
  let received = Buffer.alloc(0);
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let greeted = false;
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (greeted) return;
      greeted = true;
      // AuthenticationCleartextPassword (3), or AuthenticationMD5Password (5) with a salt.
      const ask =
        method === 'cleartext' ? Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]) : Buffer.from([0x52, 0, 0, 0, 12, 0, 0, 0, 5, 1, 2, 3, 4]);
      socket.write(ask);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received: () => received.toString('latin1'),
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const PASSWORD = 'agency-password-1234';

describe('the agency’s password goes only by SCRAM', () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  for (const method of ['cleartext', 'md5'] as const) {
    test(`a server asking for it ${method === 'cleartext' ? 'in plain text' : 'as an MD5 hash'} is refused in words and gets nothing`, async () => {
      const fake = await askingServer(method);
      stops.push(fake.stop);
      const settings = {
        host: '127.0.0.1',
        port: fake.port,
        database: 'agency',
        user: 'desk1',
        password: PASSWORD,
        tlsMode: 'disable' as const,
      };

      await expect(connectToAgency(settings, { counterId: '00000000-0000-4000-8000-000000000001', name: 'Desk 1' })).rejects.toMatchObject({
        code: 'agency_login_refused',
        message: expect.stringContaining(
          method === 'cleartext' ? 'in plain text, so it was not sent' : 'as an MD5 hash, so it was not sent',
        ),
        hint: expect.stringContaining('only by SCRAM'),
      });
      // The feed's own connection (LISTEN) is refused the same way.
      const listener = openAgencyClient(settings);
      listener.on('error', () => undefined);
      await expect(listener.connect()).rejects.toThrow(/was not sent/);
      // Only start-up messages reached the server: no password message ('p'), and never the password or its hash.
      expect(fake.received()).not.toContain(PASSWORD);
      expect(fake.received()).not.toMatch(/p\0\0\0.md5/);
      expect(fake.received().split('desk1').length - 1).toBe(2);
    });
  }
});

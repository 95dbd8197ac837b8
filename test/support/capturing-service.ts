import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** One request as it reached the capturing service: enough to tell a write from a read, and which key it carried. */
export interface CapturedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: string;
}

/**
 * A stand-in booking service on loopback that keeps every request and answers each with a 503: a
 * counter pointed at it can be shown to send nothing (a write it replays would be captured here).
 */
export function useCapturingService(): () => Promise<{ url: string; requests: CapturedRequest[] }> {
  const servers: { close: () => void }[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });
  return async () => {
    const requests: CapturedRequest[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({
          method: request.method ?? '',
          path: request.url ?? '',
          authorization: request.headers.authorization ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'captured', message: 'Captured.' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
  };
}

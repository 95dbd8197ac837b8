import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP proxy in front of the service, every answer held back `delayMs` before it is sent on. */
export interface LatencyProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * Forwards each request to `target` as it came (method, path, headers, body) and sends the whole
 * answer back `delayMs` after the service gave it: the service as an agent's network sees it, for
 * the app and for the raw requests alike. Connections to the service are kept alive, as a client's are.
 */
export async function startLatencyProxy(target: string, delayMs: number): Promise<LatencyProxy> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          setTimeout(() => {
            const headers = { ...answer.headers };
            delete headers['transfer-encoding'];
            const body = Buffer.concat(chunks);
            outgoing.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(body.length) });
            outgoing.end(body);
          }, delayMs);
        });
      },
    );
    forwarded.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}

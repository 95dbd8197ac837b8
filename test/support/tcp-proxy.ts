import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How the link breaks. `reset`: every open connection is reset and new ones are refused at once,
 * as when a router on the way restarts. `silent`: nothing answers any more and nothing says so,
 * as when a cable is pulled: bytes sent either way wait (TCP retransmits them) and arrive once
 * the link is healed, unless the side that sent them gives up first.
 */
export type CutKind = 'reset' | 'silent';

export interface TcpProxy {
  /** Where a client connects instead of the target (127.0.0.1). */
  port: number;
  cut(kind: CutKind): void;
  heal(): void;
  /** Every byte takes this long to cross, either way, in order (0: at once): a slow link. */
  slow(delayMs: number): void;
  /** Connections open through the proxy now (cut or not). */
  open(): number;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket | null;
  /** Bytes held while the link is cut silently, in order, per direction. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

/** A loopback TCP forwarder to `target` that a test can cut and heal, to partition one client from a server. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: 'open' | CutKind = 'open';
  let delayMs = 0;
  const links = new Set<Link>();

  const drop = (link: Link): void => {
    if (!links.delete(link)) return;
    link.client.destroy();
    link.upstream?.destroy();
  };

  const forward = (link: Link, chunk: Buffer, direction: 'toUpstream' | 'toClient'): void => {
    const destination = direction === 'toUpstream' ? link.upstream : link.client;
    if (state === 'silent' || !destination || destination.connecting) link[direction].push(chunk);
    else if (delayMs > 0) setTimeout(() => destination.write(chunk), delayMs);
    else destination.write(chunk);
  };

  const flush = (link: Link): void => {
    if (!link.upstream || link.upstream.connecting) return;
    for (const chunk of link.toUpstream.splice(0)) link.upstream.write(chunk);
    for (const chunk of link.toClient.splice(0)) link.client.write(chunk);
  };

  const openUpstream = (link: Link): void => {
    const upstream = connect(target.port, target.host);
    link.upstream = upstream;
    upstream.setNoDelay(true);
    upstream.on('connect', () => {
      if (state === 'open') flush(link);
    });
    upstream.on('data', (chunk: Buffer) => forward(link, chunk, 'toClient'));
    upstream.on('error', () => drop(link));
    upstream.on('close', () => drop(link));
  };

  const server = createServer((client) => {
    if (state === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const link: Link = { client, upstream: null, toUpstream: [], toClient: [] };
    links.add(link);
    client.setNoDelay(true);
    client.on('data', (chunk: Buffer) => forward(link, chunk, 'toUpstream'));
    client.on('error', () => drop(link));
    client.on('close', () => drop(link));
    // Cut silently: the client's handshake waits, unanswered, like a SYN-ACK lost on the way.
    if (state === 'open') openUpstream(link);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

  return {
    port: (server.address() as AddressInfo).port,
    cut(kind) {
      state = kind;
      if (kind !== 'reset') return;
      for (const link of [...links]) {
        links.delete(link);
        link.client.resetAndDestroy();
        link.upstream?.destroy();
      }
    },
    heal() {
      state = 'open';
      for (const link of links) {
        if (link.upstream) flush(link);
        else openUpstream(link);
      }
    },
    slow(ms) {
      delayMs = ms;
    },
    open: () => links.size,
    close: async () => {
      for (const link of [...links]) drop(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What goes wrong on one counter's link to the agency server.
 * `reset`: open connections are reset and new ones refused at once (a router on the way restarts).
 * `silent`: a blackhole: nothing arrives either way and nothing says so; bytes wait (TCP retransmits
 * them) and arrive after the heal, unless the side that sent them gave up first.
 * `latency`: every byte arrives, `ms` late, in order.
 */
export type LinkFault = { kind: 'reset' } | { kind: 'silent' } | { kind: 'latency'; ms: number };

export interface FaultProxy {
  /** Where the counter connects instead of the server (127.0.0.1). */
  port: number;
  /** Puts the link in `fault` until `heal`. */
  fault(fault: LinkFault): void;
  heal(): void;
  /** The fault in force now (null: healthy). */
  current(): LinkFault | null;
  close(): Promise<void>;
}

/** A chunk on its way, due at `dueAt`; null is the end of the stream (the server closed it). */
interface InTransit {
  chunk: Buffer | null;
  dueAt: number;
}

interface Link {
  client: Socket;
  upstream: Socket | null;
  toUpstream: InTransit[];
  toClient: InTransit[];
  timers: Partial<Record<'toUpstream' | 'toClient', NodeJS.Timeout>>;
}

/** A loopback TCP forwarder to `target` that the soak breaks in the three ways of `LinkFault`. */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let current: LinkFault | null = null;
  const links = new Set<Link>();

  /** Ends a link: the counter's side closed (`close`) or reset (`reset`), the server's side closed. */
  const drop = (link: Link, how: 'close' | 'reset' = 'close'): void => {
    if (!links.delete(link)) return;
    clearTimeout(link.timers.toUpstream);
    clearTimeout(link.timers.toClient);
    if (how === 'reset') link.client.resetAndDestroy();
    else link.client.destroy();
    link.upstream?.destroy();
  };

  // One queue per direction, delivered strictly in order: a chunk never overtakes one sent before it.
  const pump = (link: Link, direction: 'toUpstream' | 'toClient'): void => {
    clearTimeout(link.timers[direction]);
    const queue = link[direction];
    const destination = direction === 'toUpstream' ? link.upstream : link.client;
    while (queue.length > 0) {
      if (current?.kind === 'silent' || !destination || destination.connecting || !links.has(link)) return;
      const head = queue[0] as InTransit;
      const wait = head.dueAt - Date.now();
      if (wait > 0) {
        link.timers[direction] = setTimeout(() => pump(link, direction), wait);
        return;
      }
      queue.shift();
      if (head.chunk === null) {
        drop(link);
        return;
      }
      destination.write(head.chunk);
    }
  };

  const send = (link: Link, chunk: Buffer | null, direction: 'toUpstream' | 'toClient'): void => {
    link[direction].push({ chunk, dueAt: Date.now() + (current?.kind === 'latency' ? current.ms : 0) });
    pump(link, direction);
  };

  const openUpstream = (link: Link): void => {
    const upstream = connect(target.port, target.host);
    link.upstream = upstream;
    upstream.setNoDelay(true);
    upstream.on('connect', () => pump(link, 'toUpstream'));
    upstream.on('data', (chunk: Buffer) => send(link, chunk, 'toClient'));
    // The server's end (or its refusal) reaches the counter after what it sent before, as late as the link makes it.
    upstream.on('error', () => send(link, null, 'toClient'));
    upstream.on('close', () => send(link, null, 'toClient'));
  };

  const server = createServer((client) => {
    if (current?.kind === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const link: Link = { client, upstream: null, toUpstream: [], toClient: [], timers: {} };
    links.add(link);
    client.setNoDelay(true);
    client.on('data', (chunk: Buffer) => send(link, chunk, 'toUpstream'));
    client.on('error', () => drop(link));
    client.on('close', () => drop(link));
    // In a blackhole the counter's handshake waits, unanswered, like a SYN-ACK lost on the way.
    if (current?.kind !== 'silent') openUpstream(link);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

  return {
    port: (server.address() as AddressInfo).port,
    fault(fault) {
      current = fault;
      if (fault.kind !== 'reset') return;
      for (const link of [...links]) drop(link, 'reset');
    },
    heal() {
      current = null;
      for (const link of links) {
        if (!link.upstream) openUpstream(link);
        pump(link, 'toUpstream');
        pump(link, 'toClient');
      }
    },
    current: () => current,
    close: async () => {
      for (const link of [...links]) drop(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

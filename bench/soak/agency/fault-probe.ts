import { connect } from 'node:net';
import type { LinkFault } from './fault-proxy';

/** PostgreSQL's SSLRequest: 8 bytes the server answers with one byte ('S' or 'N'), before any login. */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

/** What one connection through the link saw: an answer or a close after `ms`, a reset, or nothing for `ms`. */
type Seen = { kind: 'answered' | 'closed' | 'reset' | 'nothing'; ms: number };

function look(port: number, waitMs: number): Promise<Seen> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (kind: Seen['kind']) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ kind, ms: Date.now() - started });
    };
    const timer = setTimeout(() => done('nothing'), waitMs);
    socket.on('connect', () => socket.write(SSL_REQUEST));
    socket.on('data', () => done('answered'));
    socket.on('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNRESET' ? 'reset' : 'closed'));
    socket.on('close', () => done('closed'));
  });
}

/** What a link did when it was looked through, and whether that is what its fault says it must do. */
export interface LinkSeen {
  asSet: boolean;
  /** In words, for the soak's report when it is not as set: "reset after 3 ms". */
  seen: string;
}

/**
 * Whether the link through the proxy at `port` behaves as `fault` says, seen from a connection of the
 * soak's own: a reset link resets it, a blackhole answers nothing for `silentMs`, a late link answers
 * (or closes, when the server is down) no sooner than its latency. The soak's check that the proxy took
 * the setting, rather than trusting it did.
 */
export async function linkBehavesAs(port: number, fault: LinkFault, silentMs = 300): Promise<LinkSeen> {
  const seen = await look(port, fault.kind === 'reset' ? 2_000 : fault.kind === 'silent' ? silentMs : fault.ms * 2 + 5_000);
  const asSet =
    fault.kind === 'reset'
      ? seen.kind === 'reset'
      : fault.kind === 'silent'
        ? seen.kind === 'nothing'
        : seen.kind !== 'nothing' && seen.kind !== 'reset' && seen.ms >= fault.ms;
  return { asSet, seen: `${seen.kind} after ${seen.ms} ms` };
}

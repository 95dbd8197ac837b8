import { spreadDelay } from './retry-spread';

/**
 * Said instead of trying when the gate is closed. Its SQLSTATE (08001, unable to connect) makes every
 * caller take it as the agency being unreachable, which the last attempt found it to be.
 */
export class AgencyNotTriedYet extends Error {
  readonly code = '08001';

  constructor(waitMs: number) {
    super(`The agency server was not tried: its last connection attempt failed, and the next is due in ${Math.max(0, waitMs)} ms.`);
    this.name = 'AgencyNotTriedYet';
  }
}

/** One connection attempt let through the gate: its outcome is told back. */
export interface ConnectAttempt {
  /**
   * `unreachable`: not reached, timed out, or the server starting or full; `answered`: any other failure
   * (the server refused the login); `abandoned`: given up by this counter (closed while connecting), which
   * says nothing of the server.
   */
  settled(outcome: 'connected' | 'unreachable' | 'answered' | 'abandoned'): void;
}

export interface ConnectGate {
  /**
   * Lets an attempt go once the one under way, if any, has settled; or rejects with `AgencyNotTriedYet`
   * while the wait after a failure runs.
   */
  enter(): Promise<ConnectAttempt>;
}

/**
 * One counter's attempts to open connections to the agency's server, one at a time (the next when
 * the one before has connected or failed). Once one finds the server unreachable, the next is made
 * only after a wait that doubles with each failure (spread, from `firstMs` to `maxMs`); every attempt
 * during the wait fails at once as unreachable. Without it, a server restarting under load met every
 * counter's pool and feed retrying on their own, four and five at once: attempts queued at the server,
 * timed out and were made again, and the server spent itself starting sessions whose clients had gone
 * (20 counters on 2 cores: 600 abandoned connections waiting, nothing sold for eight minutes). With it,
 * the agency's attempts at any moment are at most one per counter.
 */
export function createConnectGate(options: { firstMs: number; maxMs: number; now?: () => number }): ConnectGate {
  const now = options.now ?? Date.now;
  let nextTryAt = 0;
  let waitMs = options.firstMs;
  /** The attempt under way: resolves when it has settled, whatever its outcome. */
  let underWay: Promise<void> | null = null;

  return {
    async enter(): Promise<ConnectAttempt> {
      while (underWay) await underWay;
      if (now() < nextTryAt) throw new AgencyNotTriedYet(nextTryAt - now());
      let done = (): void => undefined;
      underWay = new Promise<void>((resolve) => (done = resolve));
      let told = false;
      return {
        settled(outcome) {
          if (told) return;
          told = true;
          if (outcome === 'unreachable') {
            nextTryAt = now() + spreadDelay(waitMs);
            waitMs = Math.min(waitMs * 2, options.maxMs);
          } else if (outcome !== 'abandoned') {
            nextTryAt = 0;
            waitMs = options.firstMs;
          }
          underWay = null;
          done();
        },
      };
    },
  };
}

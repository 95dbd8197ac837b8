import type { Client } from 'pg';
import { isConnectionFailure, openAgencyClient } from './agency-connection';
import type { AgencyConnectionSettings } from './agency-connection';
import { CHANGES_CHANNEL, latestSeq, pullChanges } from './change-log';
import { spreadDelay } from './retry-spread';
import type { PulledEntry } from './change-log';

/** What the status bar says about the agency server. */
export type AgencyLinkState =
  { kind: 'connecting' } | { kind: 'live' } | { kind: 'catching-up'; behind: number } | { kind: 'unreachable'; since: Date };

/**
 * How the feed hands others' changes to this counter's ledger (the SQLite side implements it).
 * `applyRemote` stores the changes and `throughSeq` in one local transaction, so a crash between
 * two batches resumes from the last batch applied, never skipping or repeating one.
 */
export interface RemoteChangesPort {
  /** The highest agency sequence this counter has taken in; 0 for a counter that never pulled. */
  lastPulledSeq(): number | Promise<number>;
  /** Others' changes in the agency's order (this counter's own are left out), and the sequence they bring it to. */
  applyRemote(batch: { changes: readonly PulledEntry[]; throughSeq: number }): void | Promise<void>;
}

export interface ChangeFeedOptions {
  settings: AgencyConnectionSettings;
  counterId: string;
  port: RemoteChangesPort;
  onState?: (state: AgencyLinkState) => void;
  /** A failure that is not the link (the local ledger refused a batch): it is tried again after the retry delay. */
  onError?: (error: unknown) => void;
  pageSize?: number;
  /** Wait before reconnecting, doubling from `first` to `max`. */
  retryDelayMs?: { first: number; max: number };
  /** A pull without a notification this often: a link that died silently (a partition) is noticed by its timeout. */
  pollEveryMs?: number;
}

export interface ChangeFeed {
  state(): AgencyLinkState;
  /** Pulls now (after the pull under way), without waiting for a notification. */
  pullNow(): void;
  /** Closes the connection; no batch is applied after it resolves. */
  stop(): Promise<void>;
}

/**
 * Keeps this counter up to date with the agency: LISTENs for pushes and pulls at once when one is
 * committed, catches up from its last sequence after starting or reconnecting, and reconnects
 * with a growing delay while the server is unreachable (reads at the counter go on meanwhile).
 */
export function startChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const { settings, counterId, port } = options;
  const pageSize = options.pageSize ?? 1_000;
  const retry = options.retryDelayMs ?? { first: 500, max: 15_000 };
  let current: AgencyLinkState = { kind: 'connecting' };
  let client: Client | null = null;
  let stopped = false;
  let unreachableSince: Date | null = null;
  let retryDelay = retry.first;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let retryPullTimer: NodeJS.Timeout | null = null;
  let pulling: Promise<void> | null = null;
  let pullAgain = false;

  const setState = (next: AgencyLinkState): void => {
    if (stopped) return;
    if (current.kind === next.kind && next.kind !== 'catching-up') return;
    current = next;
    options.onState?.(next);
  };

  const lost = (which: Client): void => {
    if (client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    if (stopped) return;
    unreachableSince ??= new Date();
    setState({ kind: 'unreachable', since: unreachableSince });
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, spreadDelay(retryDelay));
    retryDelay = Math.min(retryDelay * 2, retry.max);
  };

  const drain = async (active: Client): Promise<void> => {
    try {
      let cursor = await port.lastPulledSeq();
      const latest = await latestSeq(active);
      let next: Promise<PulledEntry[]> | null = pullChanges(active, cursor, pageSize);
      while (next) {
        if (latest > cursor) setState({ kind: 'catching-up', behind: latest - cursor });
        const page: PulledEntry[] = await next;
        const last = page.at(-1);
        if (!last || stopped) break;
        // A full page: the next one is asked for before this one is applied, so the server reads it meanwhile.
        next = page.length < pageSize ? null : pullChanges(active, last.seq, pageSize);
        // Its failure is this pass's, taken when it is awaited (or dropped with the pass if this apply fails first).
        next?.catch(() => undefined);
        await port.applyRemote({ changes: page.filter((change) => change.counterId !== counterId), throughSeq: last.seq });
        cursor = last.seq;
      }
      if (client === active) setState({ kind: 'live' });
    } catch (error) {
      if (isConnectionFailure(error)) {
        lost(active);
        return;
      }
      options.onError?.(error);
      retryPullTimer ??= setTimeout(() => {
        retryPullTimer = null;
        requestPull();
      }, retryDelay);
    }
  };

  // One pull at a time; a notification during a pull asks for one more after it.
  const requestPull = (): void => {
    if (stopped || !client) return;
    if (pulling) {
      pullAgain = true;
      return;
    }
    pulling = drain(client).finally(() => {
      pulling = null;
      if (pullAgain) {
        pullAgain = false;
        requestPull();
      }
    });
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = openAgencyClient(settings);
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) requestPull();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch {
      lost(next);
      return;
    }
    // Stopped (or dropped) while connecting: this connection is no longer the feed's.
    if (client !== next) {
      await next.end().catch(() => undefined);
      return;
    }
    retryDelay = retry.first;
    unreachableSince = null;
    requestPull();
  };

  const poll = setInterval(requestPull, options.pollEveryMs ?? 10_000);
  void connect();

  return {
    state: () => current,
    pullNow: requestPull,
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (retryPullTimer) clearTimeout(retryPullTimer);
      const open = client;
      client = null;
      // Closing first makes a pull under way fail at once instead of waiting for its answer.
      await open?.end().catch(() => undefined);
      await pulling;
    },
  };
}

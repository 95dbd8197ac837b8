import type { Pool } from 'pg';
import { isConnectionFailure } from './agency-connection';
import { pushChanges } from './change-log';
import type { OutgoingChange } from './change-log';
import { passRunner } from './pass-runner';
import { spreadDelay } from './retry-spread';

/**
 * The counter's outbox as the pusher sees it (the SQLite side implements it: a table written by
 * triggers in the same transaction as each ledger change).
 */
export interface OutboxPort {
  /** The oldest changes not yet acknowledged, in counter sequence order. */
  pending(limit: number): readonly OutgoingChange[] | Promise<readonly OutgoingChange[]>;
  /** The agency has every change up to this one: they may be deleted. */
  acknowledge(throughCounterSeq: number): void | Promise<void>;
  /** How many changes wait to be sent. */
  size(): number | Promise<number>;
}

export interface OutboxPusherOptions {
  pool: Pool;
  counterId: string;
  outbox: OutboxPort;
  batchSize?: number;
  /** Wait before trying again after a failure, doubling from `first` to `max`. */
  retryDelayMs?: { first: number; max: number };
  /** How many changes wait to be sent after each pass (0: all sent), for the status bar. */
  onBacklog?: (waiting: number, reachable: boolean) => void;
  /** A failure that is not the link (a change the agency refused): the outbox keeps it and tries again later. */
  onError?: (error: unknown) => void;
  /** Before each batch is sent: what must hold at the agency before these changes reach it (a booking's lease). */
  beforePush?: (batch: readonly OutgoingChange[]) => Promise<void>;
}

export interface OutboxPusher {
  /** Says the outbox has something new: sent now, or after the pass under way. */
  wake(): void;
  /** Resolves when the outbox is empty (pushed and acknowledged), for tests and a clean shutdown. */
  drained(): Promise<void>;
  stop(): Promise<void>;
  /** Whether a batch is on its way to the agency now: read from the outbox, neither committed nor failed yet. */
  sending(): boolean;
  /** Resolves when the batch on its way, if any, is committed or has failed. */
  sent(): Promise<void>;
}

/**
 * Sends the outbox to the agency in order, batch by batch, acknowledging each batch after the
 * agency committed it. A crash between the commit and the acknowledgement sends the batch again,
 * which the agency applies once. Offline, it keeps the outbox and tries again with a growing delay.
 */
export function startOutboxPusher(options: OutboxPusherOptions): OutboxPusher {
  const { pool, counterId, outbox } = options;
  const batchSize = options.batchSize ?? 500;
  const retry = options.retryDelayMs ?? { first: 500, max: 15_000 };
  let retryDelay = retry.first;
  let retryTimer: NodeJS.Timeout | null = null;
  let emptyWaiters: (() => void)[] = [];
  let onItsWay: Promise<void> | null = null;

  const pass = async (): Promise<void> => {
    // Only a pass that started after a caller asked can tell it the outbox is empty.
    const waiters = emptyWaiters;
    emptyWaiters = [];
    try {
      for (;;) {
        if (runner.stopped()) return;
        const batch = await outbox.pending(batchSize);
        const last = batch.at(-1);
        if (!last) break;
        let arrived = (): void => undefined;
        onItsWay = new Promise<void>((resolve) => (arrived = resolve));
        try {
          await options.beforePush?.(batch);
          await pushChanges(pool, counterId, batch);
          await outbox.acknowledge(last.counterSeq);
        } finally {
          onItsWay = null;
          arrived();
        }
      }
      retryDelay = retry.first;
      options.onBacklog?.(0, true);
      for (const resolve of waiters) resolve();
    } catch (error) {
      emptyWaiters.unshift(...waiters);
      const reachable = !isConnectionFailure(error);
      if (reachable) options.onError?.(error);
      options.onBacklog?.(await (async () => outbox.size())().catch(() => 0), reachable);
      if (runner.stopped()) return;
      retryTimer ??= setTimeout(() => {
        retryTimer = null;
        wake();
      }, spreadDelay(retryDelay));
      retryDelay = Math.min(retryDelay * 2, retry.max);
    }
  };

  const runner = passRunner(pass);
  const { wake } = runner;

  wake();
  return {
    wake,
    drained: () =>
      new Promise<void>((resolve) => {
        emptyWaiters.push(resolve);
        wake();
      }),
    sending: () => onItsWay !== null,
    sent: () => onItsWay ?? Promise.resolve(),
    stop: async () => {
      const stopped = runner.stop();
      if (retryTimer) clearTimeout(retryTimer);
      await stopped;
    },
  };
}

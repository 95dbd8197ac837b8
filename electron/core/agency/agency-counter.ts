import type { MainWords } from '../i18n/main-words';
import type { Pool } from 'pg';
import type { AgencyLink, AgencyStatus } from '../../../shared/agency';
import type { BookingRecord } from '../../../shared/bookings';
import { AppError } from '../app-error';
import type { AgencyLedger } from '../ledger/agency-ledger';
import type { FollowAnswer } from '../engine/reconciler';
import { isConnectionFailure, isTimeout } from './agency-connection';
import type { AgencyConnectionSettings } from './agency-connection';
import { startChangeFeed } from './change-feed';
import { othersLatestSeqFor } from './change-log';
import type { OutgoingChange } from './change-log';
import type { AgencyLinkState, ChangeFeed } from './change-feed';
import { connectToAgency } from './connect-to-agency';
import type { AgencyCounter } from './connect-to-agency';
import { takeWriteLease } from './leases';
import { cannotAskAgency, changedElsewhere } from './write-refusals';
import type { BookingLease } from './leases';
import { startOutboxPusher } from './outbox-pusher';
import type { OutboxPusher } from './outbox-pusher';
import { startSharing } from './agency-sharing';
import { spreadDelay } from './retry-spread';
import { createTrackerClaims } from './tracker-claims';
import type { CounterSharing, SharingPorts } from './agency-sharing';

export interface AgencyCounterOptions {
  settings: AgencyConnectionSettings;
  counter: AgencyCounter;
  ledger: AgencyLedger;
  onStatus: (status: AgencyStatus) => void;
  /** Main's words in the counter's language: a refused link is told in them. */
  words?: Pick<MainWords, 'text'>;
  /** This counter's agents and audit, and what it runs, shared with the agency once connected. */
  people?: SharingPorts['people'];
  fleet?: SharingPorts['fleet'];
  /** How long a write lease lasts without renewal (renewed every third of it while the write is out). */
  writeLeaseMs?: number;
  /** How long a tracker lease lasts: another counter follows the booking if this one stops renewing it. */
  trackLeaseMs?: number;
  retryDelayMs?: { first: number; max: number };
  pollEveryMs?: number;
  /** How often its people and its place in the fleet list are shared and read again; `pollEveryMs` (10 s) by default. */
  sharingEveryMs?: number;
  /** Changes sent per push (tests make it small to catch a counter between two pushes). */
  pushBatchSize?: number;
  /** The longest a write waits for the agency to take its in-flight mark, or a settled write for its outcome, before going on. */
  shareWaitMs?: number;
  /** How long a statement at the agency may go unanswered (a silent partition) before it counts as the link lost; 15 s by default. */
  queryTimeoutMs?: number;
}

/** What the engine asks before and after a write to the service on a booking. */
export interface AgencyWriteGuard {
  /**
   * Takes the agency's write lease on the booking, when it is shared: throws `booking_busy` when
   * another counter holds it, and refuses a booking made elsewhere while the agency cannot be asked.
   */
  beginWrite(bookingId: number): Promise<void>;
  /** The write was not sent after all (the ledger refused it): the lease goes at once. */
  abandon(bookingId: number): void;
  /** Waits (briefly) until the agency has the booking's in-flight mark, so no other counter starts a write on it. */
  shareInFlight(): Promise<void>;
  /**
   * Whether a write may go to the service again (after a busy answer): the booking's lease was taken or renewed
   * within the last half of its length, so it outlasts one more send. True for a booking written without a lease.
   */
  leaseOutlastsSend(bookingId: number): boolean;
}

const linkOf = (state: AgencyLinkState): AgencyLink =>
  state.kind === 'unreachable' ? { kind: 'unreachable', since: state.since.toISOString() } : state;

const bounded = (work: Promise<void>, ms: number): Promise<void> =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void work.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * This counter in its agency: connects (again and again while the server is away), pushes the
 * outbox, follows the other counters' changes, and holds the leases that keep one writer and one
 * tracker per booking. The counter's own ledger is the truth it works from; the agency is told.
 */
/** What a refusal says and what to do, as the agent reads them. */
const said = ({ message, hint }: AppError) => ({ message, hint });

export function startAgencyCounter(options: AgencyCounterOptions) {
  const { counter, ledger } = options;
  const settings = options.queryTimeoutMs ? { ...options.settings, queryTimeoutMs: options.queryTimeoutMs } : options.settings;
  const writeLeaseMs = options.writeLeaseMs ?? 30_000;
  const trackLeaseMs = options.trackLeaseMs ?? 90_000;
  const retry = options.retryDelayMs ?? { first: 500, max: 15_000 };
  const shareWaitMs = options.shareWaitMs ?? 2_000;
  let pool: Pool | null = null;
  let pusher: OutboxPusher | null = null;
  let feed: ChangeFeed | null = null;
  let sharing: CounterSharing | null = null;
  let stopped = false;
  let link: AgencyLink = { kind: 'connecting' };
  let unsent = ledger.outbox.size();
  let unreachableSince: string | null = null;
  /** Leases this counter writes under, each with when (on this counter's clock) it was last asked for and granted. */
  const writeLeases = new Map<number, { lease: BookingLease; renewal: NodeJS.Timeout; grantedAt: number }>();
  /** Bookings the agency has not had, written here without a lease: to lease before their first push. */
  const unleasedWrites = new Set<number>();
  /** Of the writes made without a lease, those whose outcome is not in this counter's ledger yet. */
  const openUnleased = new Set<number>();
  const trackers = createTrackerClaims(counter.counterId, trackLeaseMs);

  let setAside = ledger.setAside();
  const status = (): AgencyStatus => ({
    profileId: ledger.membership()?.profileId ?? null,
    counterName: counter.name,
    link,
    unsent,
    setAside,
    ...sharing?.status(),
  });
  const publish = (): void => {
    if (!stopped) options.onStatus(status());
  };

  // Read through a function: `stop` sets it while this loop awaits.
  const isStopped = (): boolean => stopped;
  let wakeConnectLoop: (() => void) | null = null;
  const connected = (async () => {
    let delay = retry.first;
    while (!isStopped()) {
      try {
        pool = await connectToAgency(settings, counter);
        break;
      } catch (error) {
        // Reached but not usable (not trusted, newer schema, login refused): said as it is, and tried again in case it is fixed.
        const refused = error instanceof AppError && (error.code !== 'offline' || /trusted/.test(error.message));
        unreachableSince ??= new Date().toISOString();
        link =
          refused && error instanceof AppError
            ? { kind: 'refused', ...said(options.words ? error.localize(options.words) : error) }
            : { kind: 'unreachable', since: unreachableSince };
        publish();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, spreadDelay(delay));
          // A quit does not wait out the pause: `stop` ends it.
          wakeConnectLoop = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeConnectLoop = null;
        delay = Math.min(delay * 2, retry.max);
      }
    }
    if (isStopped() || !pool) {
      await pool?.end().catch(() => undefined);
      pool = null;
      return;
    }
    pusher = startOutboxPusher({
      pool,
      counterId: counter.counterId,
      outbox: ledger.outbox,
      retryDelayMs: retry,
      ...(options.pushBatchSize ? { batchSize: options.pushBatchSize } : {}),
      onBacklog: (waiting) => {
        if (waiting === unsent) return;
        unsent = waiting;
        publish();
      },
      onError: (error) => console.error('[agency] a change was not taken by the agency ledger', error),
      beforePush: leaseBeforeFirstPush,
    });
    feed = startChangeFeed({
      settings,
      counterId: counter.counterId,
      port: {
        lastPulledSeq: ledger.remote.lastPulledSeq,
        applyRemote: (batch) => {
          ledger.remote.applyRemote(batch);
          // A change set aside is shown in Settings at once ("1 change from Desk 4 could not be read").
          const now = ledger.setAside();
          if (JSON.stringify(now) === JSON.stringify(setAside)) return;
          setAside = now;
          publish();
        },
      },
      retryDelayMs: retry,
      ...(options.pollEveryMs ? { pollEveryMs: options.pollEveryMs } : {}),
      onState: (state) => {
        link = linkOf(state);
        publish();
      },
      onError: (error) => console.error('[agency] the other counters’ changes were not applied', error),
    });
    sharing = startSharing({
      pool,
      counterId: counter.counterId,
      ports: { people: options.people, fleet: options.fleet },
      everyMs: options.sharingEveryMs ?? options.pollEveryMs ?? 10_000,
      onStatus: publish,
    });
  })();

  /**
   * The booking's write lease, or null when the agency cannot be asked (tried twice while the link is
   * up, as one dropped connection is no outage; once when it did not answer in time, as a second try
   * would wait as long again). Throws `booking_busy` when another counter holds it.
   */
  async function leaseOrNull(bookingKey: string): Promise<BookingLease | null> {
    for (let attempt = 1; ; attempt += 1) {
      if (!pool) return null;
      try {
        return await takeWriteLease(pool, { bookingKey, counterId: counter.counterId, ttlMs: writeLeaseMs });
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        if (attempt >= 2 || isTimeout(error)) return null;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Whether this counter has applied the others' last change to the booking, pulling for a moment if not. */
  async function caughtUpWith(bookingKey: string): Promise<boolean> {
    if (!pool) return false;
    const needed = await othersLatestSeqFor(pool, bookingKey, counter.counterId);
    const deadline = Date.now() + shareWaitMs;
    while (ledger.remote.lastPulledSeq() < needed) {
      if (Date.now() >= deadline || !feed) return false;
      feed.pullNow();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  function releaseWriteLease(bookingId: number, afterPush: boolean): void {
    const held = writeLeases.get(bookingId);
    if (!held) return;
    writeLeases.delete(bookingId);
    clearInterval(held.renewal);
    // The next counter reads the outcome before it writes: released once the outcome has reached the agency.
    void (afterPush && pusher ? bounded(pusher.drained(), shareWaitMs * 5) : Promise.resolve())
      .then(() => held.lease.release())
      .catch(() => undefined);
  }

  /** Holds a booking's write lease, renewed every third of its length until released. */
  function hold(bookingId: number, lease: BookingLease, askedAt: number): void {
    const held = {
      lease,
      grantedAt: askedAt,
      renewal: setInterval(() => {
        const renewingAt = Date.now();
        lease.renew().then(
          () => (held.grantedAt = renewingAt),
          () => undefined,
        );
      }, writeLeaseMs / 3),
    };
    held.renewal.unref();
    writeLeases.set(bookingId, held);
  }

  /**
   * A booking the agency has not had, written here without its lease (the agency could not be asked):
   * its lease is taken before its first push, so no other counter writes it on the strength of that push
   * while this write, or its outcome, is still on its way. Its lease goes once its write has settled
   * and been pushed.
   */
  async function leaseBeforeFirstPush(batch: readonly OutgoingChange[]): Promise<void> {
    const keys = new Set(batch.flatMap(({ change }) => (change.kind === 'booking' ? [change.bookingKey] : [])));
    for (const bookingId of [...unleasedWrites]) {
      const place = ledger.placeOf(bookingId);
      if (!pool || !place || !keys.has(place.agencyKey)) continue;
      if (!writeLeases.has(bookingId)) {
        const askedAt = Date.now();
        hold(
          bookingId,
          await takeWriteLease(pool, { bookingKey: place.agencyKey, counterId: counter.counterId, ttlMs: writeLeaseMs }),
          askedAt,
        );
      }
      unleasedWrites.delete(bookingId);
      if (!openUnleased.has(bookingId)) releaseWriteLease(bookingId, true);
    }
  }

  const guard: AgencyWriteGuard = {
    async beginWrite(bookingId) {
      const place = ledger.placeOf(bookingId);
      if (!place) return;
      // Already known to be unreachable: asking would only wait out a query timeout at the desk before the same answer.
      const askedAt = Date.now();
      let lease = link.kind === 'unreachable' ? null : await leaseOrNull(place.agencyKey);
      // Its first push may be on its way: once there, the others know it, and its lease is asked. A push that failed
      // leaves it unknown to all: decided at once, before the pusher tries again.
      for (let waits = 0; !lease && !place.known && pusher?.sending() && waits < 3; waits += 1) {
        await bounded(pusher.sent(), shareWaitMs * 5);
        if (ledger.placeOf(bookingId)?.known) lease = await leaseOrNull(place.agencyKey);
      }
      if (!lease) {
        // Only a booking the agency never had can be written without asking it: no other counter knows it. Checked and
        // noted at once, with no wait between, so a push that starts from now on takes its lease first.
        if (ledger.placeOf(bookingId)?.known || pusher?.sending()) throw cannotAskAgency(place.originCounter);
        unleasedWrites.add(bookingId);
        openUnleased.add(bookingId);
        return;
      }
      hold(bookingId, lease, askedAt);
      // The write is decided from this counter's copy: it must hold every change the others made to the booking.
      let current: boolean;
      try {
        current = (await caughtUpWith(place.agencyKey)) && ledger.placeOf(bookingId)?.remoteTouches === place.remoteTouches;
      } catch (error) {
        releaseWriteLease(bookingId, false);
        throw isConnectionFailure(error) ? cannotAskAgency(place.originCounter) : error;
      }
      if (!current) {
        releaseWriteLease(bookingId, false);
        throw changedElsewhere();
      }
    },
    abandon: (bookingId) => {
      openUnleased.delete(bookingId);
      releaseWriteLease(bookingId, false);
    },
    shareInFlight: async () => {
      pusher?.wake();
      if (pusher && link.kind !== 'unreachable') await bounded(pusher.drained(), shareWaitMs);
    },
    leaseOutlastsSend(bookingId) {
      const held = writeLeases.get(bookingId);
      return !held || Date.now() - held.grantedAt <= writeLeaseMs / 2;
    },
  };

  return {
    guard,
    status,
    /** After every ledger commit: the outbox may hold something new, and a settled write lets its lease go. */
    changed(booking: BookingRecord): void {
      pusher?.wake();
      if (booking.inFlight !== null) return;
      openUnleased.delete(booking.id);
      releaseWriteLease(booking.id, true);
    },
    /** Whether this counter should read the booking from the service now: one counter per booking does. */
    async mayFollow(bookingId: number): Promise<FollowAnswer> {
      const place = ledger.placeOf(bookingId);
      // A status another counter claims is confirmed by this counter's own read, whoever follows the booking.
      if (!place || !pool || writeLeases.has(bookingId) || place.claimed) return true;
      try {
        // Refused: the lease could not run out sooner.
        return (await trackers.claim(pool, place.agencyKey)) || { askAgainInMs: trackLeaseMs };
      } catch {
        // The agency cannot be asked: a read changes nothing at the service, so reading twice is safe.
        return true;
      }
    },
    /** What it shares beside its bookings (its people, itself in the fleet list); null until connected. */
    sharing: (): CounterSharing | null => sharing,
    /** Resolves once connected, or stopped before it was. */
    connected: (): Promise<void> => connected,
    /** Resolves when every change made here has reached the agency (tests, a clean quit). */
    drained: async (): Promise<void> => {
      await connected;
      await pusher?.drained();
    },
    async stop(): Promise<void> {
      stopped = true;
      wakeConnectLoop?.();
      for (const held of writeLeases.values()) clearInterval(held.renewal);
      writeLeases.clear();
      await connected;
      await feed?.stop();
      await pusher?.stop();
      await sharing?.stop();
      await pool?.end().catch(() => undefined);
    },
  };
}

export type AgencyCounterHandle = ReturnType<typeof startAgencyCounter>;

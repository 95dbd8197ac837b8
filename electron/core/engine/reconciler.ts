import type { BookingRecord } from '../../../shared/bookings';
import { ServiceError } from '../api/service-errors';
import type { Ledger, OpenIntent } from '../ledger/ledger';
import { actAsPackdesk } from '../people/acting-people';
import type { Settlement } from './settlement';

/**
 * True: this counter reads the booking. Else another counter follows it and this one asks again no sooner
 * than `askAgainInMs` (its tracker lease could not run out before): at the reconciler's own pace every
 * counter asked for every open booking.
 */
export type FollowAnswer = true | { askAgainInMs: number };

export interface ReconcilerDeps {
  ledger: Ledger;
  /** One look at the service for a write whose answer was lost. */
  settle: (intent: OpenIntent) => Promise<Settlement>;
  /**
   * One read of a booking the service may still move; the row as it is after the read, and, when
   * someone is waiting at the desk for it to move (a change being paid), how soon to look again.
   */
  follow: (booking: BookingRecord) => Promise<{ booking: BookingRecord; following: boolean; within?: number }>;
  /** In an agency, whether this counter is the one to read this booking now (another counter may hold its tracker lease). */
  mayFollow?: (bookingId: number) => Promise<FollowAnswer>;
  /** Called when a read fails for want of a network, and when one succeeds again. */
  onReachability?: (reachable: boolean) => void;
  concurrency?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** The longest pace, for a booking the service has not moved for many hours (its pace is a tenth of that time, from `maxDelayMs` up). */
  longestDelayMs?: number;
  /** How often a booking whose data changed lately (a write, a new status) is read: the agent is likely watching it. */
  freshDelayMs?: number;
  /** How long after a change a booking counts as fresh; then the backoff from `firstDelayMs` on. */
  freshForMs?: number;
  /** A pass at least this often, for what no signal announces (a clock put forward); due looks wake it themselves. */
  tickMs?: number;
  now?: () => number;
}

/**
 * How far apart reads of a booking the service has left alone for ten hours or more may get: with
 * thousands of bookings unfinished, a read of each every minute would keep a core busy all day.
 */
export const LONGEST_DELAY_MS = 3_600_000;

/**
 * The pass nothing asked for. Looks come due by the schedule's own timer, a write that makes a
 * booking due says so (whenDue, `nudge`): polling the ledger twice a second found nothing new and
 * kept an idle counter's core awake.
 */
const SAFETY_TICK_MS = 5_000;

/**
 * A wake-up also starts the reads of bookings on a pace of a minute or more due within this time: each
 * is read at most a sixtieth of its pace early (never later), and thousands of them wake the app a few
 * at a time instead of one by one.
 */
const SHARED_WAKE_MS = 1_000;
const SHARED_WAKE_PACE_MS = 60 * SHARED_WAKE_MS;

/**
 * Never sleeps on a doubt: every open write and every booking the service may still move is looked
 * at again, with backoff, until settled, while the app runs and after a restart. Its schedule lives
 * in the ledger (a partial index), so a tick reads only what is due, whatever the ledger's size.
 * Once started it does not wait for its tick: a write that makes a booking due and the next scheduled
 * look each start the next pass, and a look that ends starts one while others wait for a slot, so a
 * backlog drains at the service's pace; between looks it sleeps until the next one is due.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const concurrency = deps.concurrency ?? 3;
  const firstDelay = deps.firstDelayMs ?? 1_000;
  const maxDelay = deps.maxDelayMs ?? 60_000;
  const longestDelay = Math.max(deps.longestDelayMs ?? LONGEST_DELAY_MS, maxDelay);
  const freshDelay = deps.freshDelayMs ?? Math.min(firstDelay, 500);
  const freshFor = deps.freshForMs ?? 60_000;
  const now = deps.now ?? Date.now;
  const inFlight = new Set<string>();
  const intentAttempts = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  let kicked = false;
  let wake: { at: number; timer: NodeJS.Timeout } | null = null;
  /** The last pass left due looks waiting for a slot: the next look to end starts a pass. */
  let backlog = false;

  /**
   * The next pass, as soon as the event loop is free (many reasons to look coalesce into one pass);
   * `atOnce`, as soon as the code that made a booking due has run (a write's caller waits for its read).
   */
  function kick(atOnce = false): void {
    if (!timer || kicked) return;
    kicked = true;
    (atOnce ? queueMicrotask : setImmediate)(() => {
      kicked = false;
      if (timer) void tick();
    });
  }

  /** A pass at `atMs`, when that is sooner than any pass already planned. */
  function wakeAt(atMs: number): void {
    if (!timer || (wake && wake.at <= atMs)) return;
    if (wake) clearTimeout(wake.timer);
    const handle = setTimeout(
      () => {
        wake = null;
        // Timers keep the event loop's clock, which may lag Date.now by a few ms: a wake-up a little early
        // waits out the rest rather than run a pass that finds nothing due yet.
        const early = atMs - now();
        if (early > 0 && early < 50) wakeAt(atMs);
        else kick();
      },
      // Never past the longest backoff: a look planned months ahead (another counter's clock, a clock put
      // back) would overflow setTimeout, which then fires after 1 ms, again and again.
      Math.min(Math.max(atMs - now(), 0), longestDelay),
    );
    handle.unref();
    wake = { at: atMs, timer: handle };
  }

  const reachable = (error: unknown) => !(error instanceof ServiceError && (error.kind === 'connection' || error.kind === 'timeout'));

  async function checkIntent(intent: OpenIntent): Promise<void> {
    let settled = false;
    try {
      settled = (await deps.settle(intent)).settled;
    } catch (error) {
      if (!reachable(error)) deps.onReachability?.(false);
    }
    if (stopped) return;
    if (settled) {
      intentAttempts.delete(intent.id);
      return;
    }
    const attempts = (intentAttempts.get(intent.id) ?? 0) + 1;
    intentAttempts.set(intent.id, attempts);
    const at = now() + Math.min(firstDelay * 2 ** (attempts - 1), maxDelay);
    deps.ledger.scheduleIntent(intent.id, at);
    wakeAt(at);
  }

  /** The booking's next read, and a pass then (no pass asks the ledger after every look). */
  function scheduleRead(bookingId: number, version: number, atMs: number | null, delayMs: number): void {
    deps.ledger.scheduleCheck(bookingId, version, atMs, delayMs);
    if (atMs !== null) wakeAt(atMs);
  }

  async function checkBooking(row: BookingRecord & { checkDelayMs: number }): Promise<void> {
    // The longer the service has left it alone, the further apart the reads: a tenth of that time, from the minute up to the hour.
    const ceiling = Math.min(Math.max((now() - Date.parse(row.updatedAt)) / 10, maxDelay), longestDelay);
    const grown = Math.min(Math.max(row.checkDelayMs * 2, firstDelay), ceiling);
    // Just written or just moved: read again at a steady short pace (the agent is waiting), then back off.
    const fresh = now() - Date.parse(row.updatedAt) < freshFor;
    const follow = deps.mayFollow ? await deps.mayFollow(row.id) : true;
    if (follow !== true) {
      // Another counter follows it and its reads arrive through the agency; look again later in case it stops.
      if (!stopped) scheduleRead(row.id, row.version, now() + Math.max(grown, follow.askAgainInMs), grown);
      return;
    }
    try {
      const { booking, following, within } = await deps.follow(row);
      if (stopped) return;
      deps.onReachability?.(true);
      // A change resets the backoff: the next step often follows soon.
      const paced = fresh || booking.status !== row.status ? freshDelay : grown;
      // Never sooner than the fresh pace: a look is not started again the moment it ends.
      const delay = within !== undefined ? Math.max(Math.min(paced, within), freshDelay) : paced;
      scheduleRead(booking.id, booking.version, following ? now() + delay : null, delay);
    } catch (error) {
      if (stopped) return;
      if (!reachable(error)) deps.onReachability?.(false);
      scheduleRead(row.id, row.version, now() + grown, grown);
    }
  }

  const running = new Set<Promise<void>>();
  function run(key: string, work: () => Promise<void>): Promise<void> {
    inFlight.add(key);
    const look = work().finally(() => {
      inFlight.delete(key);
      running.delete(look);
      // Its own next look woke a pass when it was planned; a pass now only if a due look waits for this slot.
      if (backlog) kick();
    });
    running.add(look);
    return look;
  }

  /**
   * One pass: starts looks at due writes first, then due bookings, up to the concurrency limit. The
   * looks are Packdesk's own, even when a call set the pass going: their lines name no agent.
   */
  const tick = (): Promise<void>[] => actAsPackdesk(pass);

  function pass(): Promise<void>[] {
    const started: Promise<void>[] = [];
    backlog = inFlight.size >= concurrency;
    if (backlog) return started;
    const at = now();
    for (const intent of deps.ledger.dueIntents(at, concurrency + inFlight.size)) {
      if (inFlight.size >= concurrency) {
        backlog = true;
        return started;
      }
      const key = `intent:${intent.id}`;
      if (!inFlight.has(key)) started.push(run(key, () => checkIntent(intent)));
    }
    const startRead = (row: BookingRecord & { checkDelayMs: number }) => {
      const key = `booking:${row.id}`;
      if (!inFlight.has(key)) started.push(run(key, () => checkBooking(row)));
    };
    for (const row of deps.ledger.dueBookings(at, concurrency + inFlight.size)) {
      if (inFlight.size >= concurrency) break;
      startRead(row);
    }
    const until = at + SHARED_WAKE_MS;
    let soonAllTaken = false;
    if (timer && inFlight.size < concurrency) {
      const limit = concurrency + inFlight.size;
      const soon = deps.ledger.soonBookings(at, until, SHARED_WAKE_PACE_MS, limit);
      for (const row of soon) if (inFlight.size < concurrency) startRead(row);
      soonAllTaken = soon.length < limit;
    }
    // Every slot taken: a due look may not have been started (asked for no more rows than slots).
    backlog = inFlight.size >= concurrency;
    // Nothing due waits for a slot: a look ending starts the next pass. What comes due later wakes one.
    if (timer) {
      // The bookings started early are left out: their reads plan their next looks.
      const next = soonAllTaken && !backlog ? deps.ledger.nextDueBeyond(at, until, SHARED_WAKE_PACE_MS) : deps.ledger.nextDueAt(at);
      // No look is planned further ahead than the longest pace: one that is was planned before the clock was put back.
      const latest = at + Math.max(longestDelay, freshDelay);
      if (next !== null && next > latest) {
        deps.ledger.pullForward(latest, at);
        kick();
      } else if (next !== null) wakeAt(next);
    }
    return started;
  }

  return {
    tick,
    /** Checks a booking at once, such as right after it was paid. */
    soon(bookingId: number): void {
      deps.ledger.checkNow(bookingId, now());
      kick();
    },
    start(): void {
      if (timer) return;
      stopped = false;
      timer = setInterval(() => void tick(), deps.tickMs ?? SAFETY_TICK_MS);
      timer.unref();
      unsubscribe = deps.ledger.whenDue((atMs) => (atMs <= now() ? kick(true) : wakeAt(atMs)));
      // What is due already (an open write from before a restart) is looked at now, not at the first tick.
      kick();
    },
    stop(): void {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (wake) clearTimeout(wake.timer);
      wake = null;
      unsubscribe?.();
      unsubscribe = null;
    },
    /** Something may have come due that no schedule announced (another counter's change, a restored write): a pass soon. */
    nudge(): void {
      kick();
    },
    /** Resolves when the looks already started are done (after `stop`, so the ledger can be closed under none). */
    async idle(): Promise<void> {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;

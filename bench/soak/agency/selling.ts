import { seededRandom } from '../seeded-random';
import { startCounterLife } from './counter-life';
import type { CounterLife } from './counter-life';
import type { CounterReport, FollowUpOrder } from './counter-protocol';
import { planFollowUp } from './follow-up-plan';
import { ledgerState } from './ledger-file';
import type { LinkFaults } from './link-faults';
import type { ServerRestarts } from './server-restarts';
import type { SoakPlan } from './soak-plan';
import { trace } from './trace';

export interface SellingFigures {
  /** SIGKILLs of counter processes, each landed (the process died of it). */
  kills: number;
  /** Kills after which the dead counter's ledger had a write out: an intent journaled, its outcome not. */
  killsDuringWrite: number;
  /** Counter processes that died by themselves (an uncaught error): each an anomaly. */
  counterCrashes: number;
  followUps: number;
  /** Follow-ups sent to a counter other than the one that sold. */
  followUpsElsewhere: number;
  /** Follow-ups sent to two counters at the same moment. */
  followUpsAtOnce: number;
}

export interface SellingOptions {
  counters: number;
  seed: number;
  plan: SoakPlan;
  counterDir: (counter: number) => string;
  counterEnv: (counter: number) => Record<string, string>;
  linkFaults: LinkFaults;
  restarts: ServerRestarts;
}

/** A follow-up that waits for its counter to be up again; dropped when that takes longer than this. */
const ORDER_KEEPS_MS = 10_000;
/** Counters that die by themselves this often stop the soak: something is broken beyond what it measures. */
const MAX_CRASHES = 20;

interface CounterState {
  life: CounterLife | null;
  sold: number;
  kills: number[];
  linkFaults: SoakPlan['linkFaults'][number];
  /** The life the driver killed, so its SIGKILL is counted as a kill and not a crash. */
  killed: CounterLife | null;
  killPending: boolean;
  doneSelling: boolean;
  /** Follow-ups for this counter while it was down. */
  waiting: { order: FollowUpOrder; since: number }[];
  /** Follow-ups its current life has and has not answered. */
  outstanding: Set<number>;
}

/**
 * The selling day: every counter in its own process sells its bookings while the plan's kills, link
 * faults and server restarts land, and the travelers' follow-ups are sent where their plan says.
 * Resolves when every counter has sold all it was asked and answered every follow-up, with the
 * figures, what each follow-up came to (by outcome) and how many changes were asked per service booking.
 */
export async function sellingDay(options: SellingOptions) {
  const { counters, seed, plan } = options;
  const figures: SellingFigures = {
    kills: 0,
    killsDuringWrite: 0,
    counterCrashes: 0,
    followUps: 0,
    followUpsElsewhere: 0,
    followUpsAtOnce: 0,
  };
  const outcomes = new Map<string, number>();
  const changesAsked = new Map<number, number>();
  const restarts = [...plan.restarts];
  const state: CounterState[] = Array.from({ length: counters }, (_, index) => ({
    life: null,
    sold: 0,
    kills: [...(plan.kills[index] ?? [])],
    linkFaults: [...(plan.linkFaults[index] ?? [])],
    killed: null,
    killPending: false,
    doneSelling: false,
    waiting: [],
    outstanding: new Set(),
  }));
  let undelivered = 0;
  let finishing = false;
  let nextOrderId = 1;
  let allDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const tally = (outcome: string, times = 1) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + times);

  function maybeFinish(): void {
    const idle = state.every((counter) => counter.doneSelling && counter.waiting.length === 0 && counter.outstanding.size === 0);
    if (finishing || undelivered > 0 || !idle) return;
    finishing = true;
    for (const counter of state) if (counter.life?.isReady()) counter.life.finish();
    allDone();
  }

  function deliver(index: number, order: FollowUpOrder): void {
    const counter = state[index] as CounterState;
    if (counter.life?.isReady()) {
      counter.outstanding.add(order.id);
      counter.life.send(order);
    } else counter.waiting.push({ order, since: Date.now() });
  }

  /** What has come due now that the counter has made `sold` bookings: its kill, its link's faults, a server restart. */
  function milestones(index: number): void {
    const counter = state[index] as CounterState;
    const life = counter.life;
    const nextKill = counter.kills[0];
    if (life && !counter.killPending && nextKill !== undefined && nextKill <= counter.sold) {
      counter.kills.shift();
      counter.killPending = true;
      // Somewhere in what the counter does next: a sale, a follow-up, a push.
      const delayMs = Math.floor(seededRandom(seed, index, nextKill, counter.kills.length)() * 1_500);
      setTimeout(() => {
        if (counter.life !== life || !life.isReady()) return;
        counter.killed = life;
        life.kill();
        trace(`Desk ${index + 1}: killed`);
      }, delayMs);
    }
    for (let due = counter.linkFaults[0]; due && due.at <= counter.sold; due = counter.linkFaults[0]) {
      counter.linkFaults.shift();
      options.linkFaults.begin(index, due);
    }
    const total = state.reduce((sum, each) => sum + each.sold, 0);
    for (let due = restarts[0]; due && due.at <= total; due = restarts[0]) {
      restarts.shift();
      options.restarts.begin(due);
    }
  }

  function onReport(life: CounterLife, report: CounterReport): void {
    const index = life.index;
    const counter = state[index] as CounterState;
    if (counter.life !== life) return;
    if (report.kind === 'ready') {
      counter.sold = report.sold;
      for (const { order, since } of counter.waiting.splice(0)) {
        if (Date.now() - since <= ORDER_KEEPS_MS) deliver(index, order);
        else tally('counter_down');
      }
      if (finishing) life.finish();
    } else if (report.kind === 'sold') {
      counter.sold = report.sold;
      if (report.serviceBookingId !== null) {
        const planned = planFollowUp({ counter: index, ...report, serviceBookingId: report.serviceBookingId }, counters, seed, nextOrderId);
        if (planned) {
          nextOrderId += 1;
          figures.followUps += 1;
          if (planned.counters.some((target) => target !== index)) figures.followUpsElsewhere += 1;
          if (planned.counters.length > 1) figures.followUpsAtOnce += 1;
          if (planned.order.kind !== 'cancel')
            changesAsked.set(planned.order.serviceBookingId, (changesAsked.get(planned.order.serviceBookingId) ?? 0) + 1);
          // At once, on a link with no fault of its own to wait for: the cut is about this sale's next moments.
          const cut = planned.cutOff?.bystanders.find((bystander) => options.linkFaults.isHealthy(bystander));
          if (planned.cutOff && cut !== undefined)
            options.linkFaults.begin(cut, { at: counter.sold, fault: { kind: 'reset' }, durationMs: planned.cutOff.durationMs });
          undelivered += 1;
          setTimeout(() => {
            undelivered -= 1;
            for (const target of planned.counters) deliver(target, planned.order);
            maybeFinish();
          }, planned.afterMs);
        }
      }
    } else if (report.kind === 'target') {
      counter.doneSelling = true;
    } else {
      counter.outstanding.delete(report.id);
      tally(report.outcome.slice(0, 80));
    }
    milestones(index);
    maybeFinish();
  }

  async function liveUntilDone(index: number): Promise<void> {
    const counter = state[index] as CounterState;
    for (let life = 0; ; life += 1) {
      counter.killPending = false;
      counter.life = startCounterLife(index, life, options.counterEnv(index), onReport);
      const ended = await counter.life.exited;
      // Follow-ups its life took and never answered: the agent was cut off mid-way.
      if (counter.outstanding.size > 0) tally('killed', counter.outstanding.size);
      counter.outstanding.clear();
      if (ended.code === 0) return;
      if (ended.signal === 'SIGKILL' && counter.killed === counter.life) {
        figures.kills += 1;
        if ((ledgerState(options.counterDir(index))?.openWrites ?? 0) > 0) figures.killsDuringWrite += 1;
      } else {
        figures.counterCrashes += 1;
        console.error(`[agency soak] Desk ${index + 1} died by itself (${ended.signal ?? `exit ${ended.code}`})`);
        if (figures.counterCrashes > MAX_CRASHES) throw new Error(`counter processes died by themselves ${figures.counterCrashes} times`);
      }
      counter.life = null;
      maybeFinish();
    }
  }

  // A line every half minute on stderr: a long run shows it is moving.
  const startedAt = Date.now();
  const progress = setInterval(() => {
    const sold = state.reduce((sum, counter) => sum + counter.sold, 0);
    const partitions = options.linkFaults.figures.partitions;
    console.error(
      `[agency soak] ${Math.round((Date.now() - startedAt) / 1000)} s: ${sold} sold, ${figures.kills} kills, ${partitions} partitions, ${options.restarts.figures.serverRestarts} server restarts, ${figures.followUps} follow-ups`,
    );
  }, 30_000);
  try {
    await Promise.all([done, ...state.map((_, index) => liveUntilDone(index))]);
  } catch (error) {
    for (const counter of state) counter.life?.kill();
    throw error;
  } finally {
    clearInterval(progress);
  }
  return { figures, outcomes, changesAsked };
}

import { seededRandom } from '../seeded-random';
import type { StopMode } from './durable-postgres';
import type { LinkFault } from './fault-proxy';

/** A fault on one counter's link, started once that counter has made `at` bookings. */
export interface PlannedLinkFault {
  at: number;
  fault: LinkFault;
  durationMs: number;
}

/** A stop and start of the server, once the counters together have made `at` bookings. */
export interface PlannedRestart {
  at: number;
  mode: StopMode;
  downMs: number;
}

/**
 * When the soak breaks things, fixed by the seed. Each is tied to how far the selling has come (a
 * counter's own bookings, or all of them), not to the clock, so a run that completes has made every
 * one of them, however fast the machine is; the moment within a sale is left to the seeded delays after.
 */
export interface SoakPlan {
  /** Per counter, its own booking counts at which it is SIGKILLed (after a seeded delay). */
  kills: number[][];
  /** Per counter, the faults of its link: partitions (reset or blackhole) and latency spells. */
  linkFaults: PlannedLinkFault[][];
  restarts: PlannedRestart[];
}

export interface PlanAsked {
  counters: number;
  bookings: number;
  seed: number;
  kills: number;
  partitions: number;
  restarts: number;
  /** The counters' agency query timeout: a blackhole lasts longer. */
  queryTimeoutMs: number;
}

const LATENCY_SPELLS_PER_PARTITION = 3;

/** `total` split over `parts` as evenly as whole numbers allow, the first parts taking the rest. */
const share = (total: number, parts: number, part: number) => Math.floor(total / parts) + (part < total % parts ? 1 : 0);

export function planSoak(asked: PlanAsked): SoakPlan {
  const { counters, bookings, seed } = asked;
  const sorted = <T extends { at: number }>(items: T[]) => items.sort((a, b) => a.at - b.at);
  // Somewhere before the last booking, so the counter is still selling when it comes.
  const milestone = (random: () => number, upTo: number) => 1 + Math.floor(random() * Math.max(1, upTo - 1));
  const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low));

  const kills = Array.from({ length: counters }, (_, index) => {
    const random = seededRandom(seed, index, 0x4b111);
    return Array.from({ length: share(asked.kills, counters, index) }, () => milestone(random, bookings)).sort((a, b) => a - b);
  });
  const linkFaults = Array.from({ length: counters }, (_, index) => {
    const random = seededRandom(seed, index, 0x11a4);
    const partitions = share(asked.partitions, counters, index);
    const planned: PlannedLinkFault[] = [];
    for (let n = 0; n < partitions; n += 1) {
      const silent = random() < 0.5;
      planned.push({
        at: milestone(random, bookings),
        fault: silent ? { kind: 'silent' } : { kind: 'reset' },
        // A blackhole outlasts the query timeout, so the counter's statements give up on it.
        durationMs: silent ? Math.round(asked.queryTimeoutMs * (1.2 + random() * 1.3)) : between(random, 300, 1_500),
      });
      // Three latency spells a partition: the link slow, not broken, so a counter's changes reach the agency late
      // while the others' go on arriving (where a late change must not undo a newer one).
      for (let spell = 0; spell < LATENCY_SPELLS_PER_PARTITION; spell += 1) {
        planned.push({
          at: milestone(random, bookings),
          fault: { kind: 'latency', ms: between(random, 100, 600) },
          durationMs: between(random, 1_000, 4_000),
        });
      }
    }
    return sorted(planned);
  });
  const random = seededRandom(seed, 0x5e4e4);
  const restarts = sorted(
    Array.from({ length: asked.restarts }, (): PlannedRestart => ({
      at: milestone(random, counters * bookings),
      // A clean shutdown, or a crash the next start recovers from the WAL.
      mode: random() < 0.5 ? 'fast' : 'immediate',
      downMs: between(random, 300, 2_000),
    })),
  );
  return { kills, linkFaults, restarts };
}

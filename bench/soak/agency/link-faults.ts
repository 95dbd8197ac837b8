import { linkBehavesAs } from './fault-probe';
import type { FaultProxy } from './fault-proxy';
import type { PlannedLinkFault } from './soak-plan';
import { trace } from './trace';

export interface LinkFaultFigures {
  /** Resets and blackholes (a latency spell is no partition). */
  partitions: number;
  resets: number;
  blackholes: number;
  latencySpells: number;
  /** Partitions that began while their counter had a write out (an intent journaled, its outcome not). */
  partitionsDuringWrite: number;
  /** Faults the link did not show when the soak looked through it: the proxy did not take its setting. */
  notTaken: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Breaks each counter's link as the plan says, one fault at a time per link (a fault asked for while
 * another lasts waits for it), checks through the link that the fault is in force, and heals it.
 */
export function createLinkFaults(proxies: readonly FaultProxy[], writeOutAt: (counter: number) => boolean) {
  const figures: LinkFaultFigures = { partitions: 0, resets: 0, blackholes: 0, latencySpells: 0, partitionsDuringWrite: 0, notTaken: 0 };
  const waiting = proxies.map((): PlannedLinkFault[] => []);
  const running = new Map<number, Promise<void>>();

  async function breakLink(counter: number, planned: PlannedLinkFault): Promise<void> {
    const proxy = proxies[counter] as FaultProxy;
    const started = Date.now();
    proxy.fault(planned.fault);
    trace(
      `Desk ${counter + 1}: ${planned.fault.kind === 'latency' ? `latency ${planned.fault.ms} ms` : planned.fault.kind} for ${planned.durationMs} ms`,
    );
    if (planned.fault.kind === 'latency') figures.latencySpells += 1;
    else {
      figures.partitions += 1;
      if (planned.fault.kind === 'reset') figures.resets += 1;
      else figures.blackholes += 1;
      if (writeOutAt(counter)) figures.partitionsDuringWrite += 1;
    }
    const probe = await linkBehavesAs(proxy.port, planned.fault);
    if (!probe.asSet) {
      figures.notTaken += 1;
      const fault = planned.fault.kind === 'latency' ? `latency of ${planned.fault.ms} ms` : planned.fault.kind;
      console.error(`[agency soak] Desk ${counter + 1}: its link's ${fault} was not in force when looked through (${probe.seen})`);
    }
    await sleep(Math.max(0, planned.durationMs - (Date.now() - started)));
    proxy.heal();
    trace(`Desk ${counter + 1}: healed`);
  }

  async function drain(counter: number): Promise<void> {
    for (let next = waiting[counter]?.shift(); next; next = waiting[counter]?.shift()) await breakLink(counter, next);
    running.delete(counter);
  }

  return {
    figures,
    /** Starts `planned` on the counter's link now, or after the fault it has. */
    begin(counter: number, planned: PlannedLinkFault): void {
      waiting[counter]?.push(planned);
      if (!running.has(counter)) running.set(counter, drain(counter));
    },
    /** Whether the counter's link has no fault now and none waiting. */
    isHealthy: (counter: number): boolean => !running.has(counter),
    /** Resolves once every fault begun has run its course and every link is healed. */
    async finished(): Promise<void> {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}

export type LinkFaults = ReturnType<typeof createLinkFaults>;

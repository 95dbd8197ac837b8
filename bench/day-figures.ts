import type { Figure } from './figures';
import { IDLE_FULL, IDLE_QUICK, measureIdleCpu } from './idle-cpu';

/** Issue 29's new figures (cold start, a day at the counter, idle CPU, 50 counters), each with its same-run reference. */

export const DAY_HOW_MEASURED = [
  '- Idle CPU: `process.cpuUsage` of a Node process running the app’s core with its own timings (reconciler, connectivity probe) against the built-in service in a process of its own, over the window after a pause that lets its start finish; one in ten rows of the seeded ledger is unfinished; the reference is the same process on an empty ledger, run just before it.',
].join('\n');

export async function measureDayFigures(
  quick: boolean,
  seed: number,
  step: <T>(label: string, work: () => Promise<T>) => Promise<T>,
): Promise<{ figures: Figure[]; notes: string[] }> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const idle = quick ? IDLE_QUICK : IDLE_FULL;
  figures.push(
    await step(`idle CPU with ${(idle.rows / 10).toLocaleString('en-GB')} unfinished bookings`, () => measureIdleCpu(idle, seed)),
  );
  return { figures, notes };
}

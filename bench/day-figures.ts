import type { Figure } from './figures';
import { COLD_START_FULL, COLD_START_QUICK, measureColdStart } from './cold-start';
import { DAY_FULL, DAY_QUICK, measureCounterDay } from './counter-day';
import { FIFTY_FULL, FIFTY_QUICK, measureFiftyCounters } from './fifty-counters';
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
  const cold = quick ? COLD_START_QUICK : COLD_START_FULL;
  figures.push(...(await step(`cold start with ${cold.rows.toLocaleString('en-GB')} rows`, () => measureColdStart(cold, seed))));
  const day = quick ? DAY_QUICK : DAY_FULL;
  const counterDay = await step(`a day at the counter: ${day.bookings.toLocaleString('en-GB')} bookings`, () =>
    measureCounterDay(day, seed),
  );
  figures.push(...counterDay.figures);
  notes.push(...counterDay.notes);
  const idle = quick ? IDLE_QUICK : IDLE_FULL;
  figures.push(
    await step(`idle CPU with ${(idle.rows / 10).toLocaleString('en-GB')} unfinished bookings`, () => measureIdleCpu(idle, seed)),
  );
  const fifty = quick ? FIFTY_QUICK : FIFTY_FULL;
  figures.push(
    ...(await step(`the agency at ${fifty.counters} counters on a durable PostgreSQL`, () => measureFiftyCounters(fifty, seed))),
  );
  return { figures, notes };
}

import type { Figure } from './figures';
import { COLD_START_FULL, COLD_START_QUICK, measureColdStart } from './cold-start';
import { DAY_FULL, DAY_QUICK, measureCounterDay } from './counter-day';
import { FIFTY_FULL, FIFTY_QUICK, measureFiftyCounters } from './fifty-counters';
import { IDLE_FULL, IDLE_QUICK, measureIdleCpu } from './idle-cpu';

/** Issue 29's new figures (cold start, a day at the counter, idle CPU, 50 counters), each with its same-run reference. */

export const DAY_HOW_MEASURED = [
  '- Cold start (issue 29): a fresh Node process (the core and the e2e harness, which launches Chromium with the built renderer) per run, on a fresh copy of the data folder, timed from its spawn to the animation frame in which Bookings (Ctrl+B as soon as the app takes keys) shows the newest booking; in turns with the same on an empty data folder. The harness loads Playwright, which Electron’s main process does not: its share is shown.',
  '- A day at the counter (issue 29): one Node process with the app’s core (its own timings, reconciler running, linked to an agency database on the tests’ PostgreSQL) that drives Chromium, where the built renderer shows Bookings and takes every change event; the bookings are made through the core’s calls the screens make (search, price, hold, prebook, pay), four at a time, against the built-in service in a process of its own (20 ms supplier delay), each tracked to Paid; RSS and Chromium’s used JS heap after a forced GC, after the first booking and after the last.',
  '- Idle CPU (issue 29): `process.cpuUsage` of a Node process running the app’s core with its own timings (reconciler, connectivity probe) against the built-in service in a process of its own, over the window after a pause that lets its start finish; one in ten rows of the seeded ledger is unfinished; the reference is the same process on an empty ledger, run just before it.',
  '- 50 counters (issue 29): on a durable PostgreSQL 15 of the bench’s own (fsync, synchronous_commit and full_page_writes on, read back); two counters are whole apps (one per core of the machine), the others simulated clients running the app’s own outbox pusher and change feed with the ledger in memory. Convergence and catch-up as for the agency figures above, over all 50.',
].join('\n');

/** Which of them `--day-only=cold,day,idle,fifty` asks for (all when none is named). */
export type DayPart = 'cold' | 'day' | 'idle' | 'fifty';

export async function measureDayFigures(
  quick: boolean,
  seed: number,
  step: <T>(label: string, work: () => Promise<T>) => Promise<T>,
  parts: ReadonlySet<string> = new Set(['cold', 'day', 'idle', 'fifty'] satisfies DayPart[]),
): Promise<{ figures: Figure[]; notes: string[] }> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const cold = quick ? COLD_START_QUICK : COLD_START_FULL;
  if (parts.has('cold'))
    figures.push(...(await step(`cold start with ${cold.rows.toLocaleString('en-GB')} rows`, () => measureColdStart(cold, seed))));
  const day = quick ? DAY_QUICK : DAY_FULL;
  if (parts.has('day')) {
    const counterDay = await step(`a day at the counter: ${day.bookings.toLocaleString('en-GB')} bookings`, () =>
      measureCounterDay(day, seed),
    );
    figures.push(...counterDay.figures);
    notes.push(...counterDay.notes);
  }
  const idle = quick ? IDLE_QUICK : IDLE_FULL;
  if (parts.has('idle'))
    figures.push(
      await step(`idle CPU with ${(idle.rows / 10).toLocaleString('en-GB')} unfinished bookings`, () => measureIdleCpu(idle, seed)),
    );
  const fifty = quick ? FIFTY_QUICK : FIFTY_FULL;
  if (parts.has('fifty'))
    figures.push(
      ...(await step(`the agency at ${fifty.counters} counters on a durable PostgreSQL`, () => measureFiftyCounters(fifty, seed))),
    );
  return { figures, notes };
}

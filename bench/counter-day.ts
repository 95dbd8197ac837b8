import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startBenchPostgres } from './agency-postgres';
import type { Figure } from './figures';
import { startServiceProcess } from './service-process';

/** Issue 29: a day at the counter — main RSS and the renderer's heap after 2,000 bookings, against after the first. */

export interface DaySizes {
  bookings: number;
  /** Flows under way at once (an agent makes one at a time; the day is compressed). */
  concurrency: number;
}
export const DAY_FULL: DaySizes = { bookings: 2_000, concurrency: 4 };
export const DAY_QUICK: DaySizes = { bookings: 40, concurrency: 4 };
const RSS_TARGET = 1.3;
const HEAP_TARGET = 1.5;

interface Sample {
  rssMb: number;
  heapMb: number;
  mainHeapMb: number;
  externalMb: number;
  youngMb: number;
}

interface DayResult {
  first: Sample;
  last: Sample;
  /** RSS after the last sample, once V8 gave back the pages it keeps pooled (a last-resort collection). */
  lastResortRssMb: number;
  /** The young generation's largest size seen during the day (sampled every 250 ms). */
  youngPeakMb: number;
  made: number;
  failed: number;
  firstError: string | null;
  firstNotPaid: number;
  lastNotPaid: number;
  seconds: number;
  rowsShown: string | null;
}

const run = promisify(execFile);

export async function measureCounterDay(sizes: DaySizes, seed: number): Promise<{ figures: Figure[]; notes: string[] }> {
  const postgres = await startBenchPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-day-'));
  // A short supplier delay: the day is compressed, and the service's own pace is not what is measured.
  const service = await startServiceProcess(join(dir, 'service.db'), 20);
  try {
    const agency = await postgres.createDatabase('packdesk_bench_day');
    const input = {
      dataDir: join(dir, 'counter'),
      service: { url: service.url, testKey: service.testKey, liveKey: service.liveKey },
      agency,
      bookings: sizes.bookings,
      concurrency: sizes.concurrency,
      seed,
    };
    const { stdout } = await run(process.execPath, ['--expose-gc', 'out/bench/counter-day.mjs', JSON.stringify(input)], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    const line = stdout
      .trim()
      .split('\n')
      .reverse()
      .find((text) => text.startsWith('{"first"'));
    if (!line) throw new Error(`the day's process printed no result: ${stdout.slice(-500)}`);
    const day = JSON.parse(line) as DayResult;
    console.log(
      `[bench] a day at the counter: after the first booking ${JSON.stringify(day.first)}, after the last ${JSON.stringify(day.last)}`,
    );
    const rss = day.last.rssMb / day.first.rssMb;
    const heap = day.last.heapMb / day.first.heapMb;
    const how = `${day.made.toLocaleString('en-GB')} bookings made (${day.failed} flows failed${day.firstError ? `, first: ${day.firstError}` : ''}; ${day.lastNotPaid} not yet Paid when measured) in ${day.seconds.toFixed(0)} s, ${sizes.concurrency} at a time, through the core's calls the screens make (search, price, hold, prebook, pay by card), each tracked to Paid by the reconciler; one Node process holds the core (reconciler running, linked to an agency on PostgreSQL) and drives Chromium, where the built renderer shows Bookings (${day.rowsShown ?? '?'}) and takes every change event; after a forced GC in both`;
    const name = `a day at the counter (${day.made.toLocaleString('en-GB')} bookings)`;
    const figures: Figure[] = [
      {
        name: `${name}: main-process RSS against after the first booking`,
        value: rss,
        unit: '×',
        target: `≤ ${RSS_TARGET}× after the first booking`,
        reference: `${day.last.rssMb.toFixed(1)} MB against ${day.first.rssMb.toFixed(1)} MB after the first booking (the same process; ${day.lastResortRssMb.toFixed(1)} MB once V8 gave back the pages it keeps pooled, its young generation having peaked at ${day.youngPeakMb.toFixed(0)} MB); ${how}`,
        pass: rss <= RSS_TARGET,
        ...(rss <= RSS_TARGET
          ? {}
          : {
              why: `the process grew by ${(day.last.rssMb - day.first.rssMb).toFixed(0)} MB while its JS heap in use went from ${day.first.mainHeapMb.toFixed(0)} to ${day.last.mainHeapMb.toFixed(0)} MB and its external memory from ${day.first.externalMb.toFixed(0)} to ${day.last.externalMb.toFixed(0)} MB; the rest is pages V8 keeps pooled: its young generation grew to ${day.youngPeakMb.toFixed(0)} MB under the day's allocation (${day.last.youngMb.toFixed(0)} MB at the end), and once V8 gives its pooled pages back (a last-resort collection, which an idle process does not run by itself) the RSS is ${day.lastResortRssMb.toFixed(1)} MB, ${(day.lastResortRssMb / day.first.rssMb).toFixed(2)}× after the first booking: bounded, not a leak`,
            }),
      },
      {
        name: `${name}: renderer JS heap against after the first booking`,
        value: heap,
        unit: '×',
        target: `≤ ${HEAP_TARGET}× after the first booking`,
        reference: `${day.last.heapMb.toFixed(1)} MB against ${day.first.heapMb.toFixed(1)} MB after the first booking (the same page); ${how}`,
        pass: heap <= HEAP_TARGET,
        ...(heap <= HEAP_TARGET ? {} : { why: `the page's heap grew by ${(day.last.heapMb - day.first.heapMb).toFixed(1)} MB` }),
      },
    ];
    return { figures, notes: [] };
  } finally {
    await service.stopAndWait();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

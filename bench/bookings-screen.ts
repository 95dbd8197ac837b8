import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startHarness } from '../test/e2e/harness';
import type { Harness } from '../test/e2e/harness';
import type { Figure } from './figures';
import { seededLedger } from './seeded-ledger';
import { spreadOf } from './stats';

/** What the page records for the bench: long tasks, every bridge call (and when it was answered), the last Ctrl+B. */
interface PageProbe {
  longTasks: { start: number; duration: number }[];
  calls: { channel: string; at: number; answeredAt: number | null }[];
  keyAt: number | null;
}

declare global {
  interface Window {
    __bench?: PageProbe;
  }
}

export interface ScreenSizes {
  openRuns: number;
  warmUp: number;
  scrollSteps: number;
}

const FIRST_ROW = '[data-testid="bookings-scroller"] [role="row"][aria-rowindex="1"]';
/** A channel the list asks every two seconds while open (for other writers), whatever happens on screen. */
const POLL_CHANNEL = 'history:version';

/**
 * The page's probe, in every load of the page: a long-task observer, a counter on every call the
 * renderer makes through its bridge (with when it was answered), and the moment of the last Ctrl+B.
 */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: PageProbe = { longTasks: [], calls: [], keyAt: null };
    window.__bench = probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    const bridge = (window as unknown as { packdesk: Record<string, (input: unknown) => Promise<unknown>> }).packdesk;
    for (const channel of Object.keys(bridge)) {
      if (channel === 'on') continue;
      const original = bridge[channel] as (input: unknown) => Promise<unknown>;
      bridge[channel] = (input) => {
        const call = { channel, at: performance.now(), answeredAt: null as number | null };
        probe.calls.push(call);
        return original(input).then((answer) => {
          call.answeredAt = performance.now();
          return answer;
        });
      };
    }
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.ctrlKey && event.key.toLowerCase() === 'b') probe.keyAt = performance.now();
      },
      true,
    );
  });
  await startAfresh(page);
  // The observer must see a long task when there is one, or "no long task" would mean nothing (a page
  // task: work run from the DevTools protocol itself is not reported).
  await page.evaluate(() => {
    setTimeout(() => {
      const until = performance.now() + 120;
      while (performance.now() < until);
    }, 0);
  });
  await page.waitForTimeout(300);
  if (!(await page.evaluate(() => (window.__bench as PageProbe).longTasks.some((task) => task.duration >= 100))))
    throw new Error('Chromium reported no long task for a 120 ms busy loop: the long-task figures would mean nothing');
}

/** A fresh start of the renderer (nothing cached in its stores), ready as an agent finds it a moment after it opened. */
export async function startAfresh(page: Page): Promise<void> {
  await page.reload();
  await page.getByRole('status', { name: 'Starting Packdesk' }).waitFor({ state: 'detached' });
  await page.getByLabel('Search packages').waitFor();
  await page.waitForTimeout(1_000);
}

/**
 * The first open of Bookings after the renderer started: from Ctrl+B to the first animation frame
 * where the first row on screen is the newest booking (on an empty ledger: the list's empty state),
 * and the longest long task from Ctrl+B to half a second after.
 */
async function openBookings(page: Page, firstRowText: string | null): Promise<{ ms: number; longestTaskMs: number; waitedMs: number }> {
  await startAfresh(page);
  await page.keyboard.press('Control+b');
  const { keyAt, shownAt } = await page.evaluate(
    ({ expected, rowSelector }) =>
      new Promise<{ keyAt: number; shownAt: number }>((resolve, reject) => {
        const probe = window.__bench as PageProbe;
        const givenUpAt = performance.now() + 20_000;
        const check = () => {
          const firstRow = document.querySelector(rowSelector)?.textContent ?? '';
          const count = document.querySelector('[data-testid="result-count"]')?.textContent ?? '';
          const shown = expected === null ? /No bookings/.test(count) : firstRow.includes(expected);
          if (probe.keyAt !== null && shown) resolve({ keyAt: probe.keyAt, shownAt: performance.now() });
          else if (performance.now() > givenUpAt)
            reject(
              new Error(
                `Bookings did not show its first rows in 20 s (Ctrl+B seen: ${probe.keyAt !== null}; first row: ${firstRow}; count: ${count})`,
              ),
            );
          else requestAnimationFrame(check);
        };
        check();
      }),
    { expected: firstRowText, rowSelector: FIRST_ROW },
  );
  await page.waitForTimeout(500);
  const { longestTaskMs, waitedMs } = await page.evaluate(
    ({ from, to, shown }) => {
      const probe = window.__bench as PageProbe;
      const overlapping = probe.longTasks.filter((task) => task.start < to && task.start + task.duration > from);
      // The calls the open made before its rows showed, as a span: time the renderer waited on the main process.
      const calls = probe.calls.filter((call) => call.at >= from && call.at < shown && call.answeredAt !== null);
      const waited = calls.length
        ? Math.max(...calls.map((call) => call.answeredAt as number)) - Math.min(...calls.map((call) => call.at))
        : 0;
      return { longestTaskMs: Math.max(0, ...overlapping.map((task) => task.duration)), waitedMs: waited };
    },
    { from: keyAt, to: shownAt + 500, shown: shownAt },
  );
  return { ms: shownAt - keyAt, longestTaskMs, waitedMs };
}

async function openRuns(
  harness: Harness,
  firstRowText: string | null,
  sizes: ScreenSizes,
): Promise<{ open: number[]; longest: number[]; waited: number[] }> {
  for (let run = 0; run < sizes.warmUp; run += 1) await openBookings(harness.page, firstRowText);
  const open: number[] = [];
  const longest: number[] = [];
  const waited: number[] = [];
  for (let run = 0; run < sizes.openRuns; run += 1) {
    const sample = await openBookings(harness.page, firstRowText);
    open.push(sample.ms);
    longest.push(sample.longestTaskMs);
    waited.push(sample.waitedMs);
  }
  return { open, longest, waited };
}

/** The renderer's JS heap after a garbage collection, in MB (Chromium's own count, through the DevTools protocol). */
async function heapMb(harness: Harness): Promise<number> {
  const session = await harness.context.newCDPSession(harness.page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    const usage = await session.send('Runtime.getHeapUsage');
    return usage.usedSize / 1_048_576;
  } finally {
    await session.detach();
  }
}

/** Calls the renderer makes (the list's two-second poll aside) in `ms` from now. */
async function callsDuring(page: Page, ms: number, during: () => Promise<void> = async () => {}): Promise<number> {
  const from = await page.evaluate(() => performance.now());
  await during();
  await page.waitForTimeout(ms);
  return page.evaluate(
    ({ since, poll }) => (window.__bench as PageProbe).calls.filter((call) => call.at >= since && call.channel !== poll).length,
    { since: from, poll: POLL_CHANNEL },
  );
}

/**
 * A status change on screen: the newest booking (first row) is cancelled in the ledger, whose change
 * event carries the record; counted are the calls the renderer makes in the 1.5 s after, against 1.5 s
 * with no change just before.
 */
async function callsPerStatusChange(harness: Harness, newestId: number): Promise<{ calls: number; quiet: number; shown: boolean }> {
  const quiet = await callsDuring(harness.page, 1_500);
  let shown = true;
  const calls = await callsDuring(harness.page, 1_500, async () => {
    harness.core.ledger.update(newestId, { status: 'Cancelled' }, { type: 'bench', summary: 'Cancelled by the benchmark.' });
    shown = await harness.page
      .waitForFunction((rowSelector) => /Cancelled/.test(document.querySelector(rowSelector)?.textContent ?? ''), FIRST_ROW, {
        timeout: 5_000,
      })
      .then(() => true)
      .catch(() => false);
  });
  return { calls, quiet, shown };
}

/** Waits until every row the list shows has its booking (no placeholder left). */
async function rowsFilled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const rows = Array.from(document.querySelectorAll('[data-testid="bookings-scroller"] [role="row"]'));
      return rows.length > 0 && rows.every((row) => row.querySelector('[role="cell"]') !== null);
    },
    undefined,
    { timeout: 15_000 },
  );
}

/** Scrolls the list from the first row to the last in `steps` jumps, each waiting until the rows in view are filled. */
async function scrollEndToEnd(page: Page, steps: number): Promise<{ lastRowShown: number }> {
  for (let step = 0; step <= steps; step += 1) {
    await page.evaluate(
      ({ at, of }) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="bookings-scroller"]') as HTMLElement;
        scroller.scrollTop = ((scroller.scrollHeight - scroller.clientHeight) * at) / of;
        // The scroll event and the list's render come in the next frames: the rows are looked at after them.
        return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
      },
      { at: step, of: steps },
    );
    await rowsFilled(page);
  }
  await page.waitForTimeout(500);
  await rowsFilled(page);
  const lastRowShown = await page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll('[data-testid="bookings-scroller"] [role="row"]')).map((row) =>
        Number(row.getAttribute('aria-rowindex')),
      ),
    ),
  );
  return { lastRowShown };
}

async function closeQuietly(harness: Harness, warnings: string[]): Promise<void> {
  // The harness's own checks (focus, card numbers in files) are for the tests; here they are only reported, with the ledger's size.
  const ledgerMb = statSync(join(harness.dataDir, 'ledger.db')).size / 1_048_576;
  await harness
    .close()
    .catch((error: unknown) =>
      warnings.push(`${error instanceof Error ? error.message : String(error)} (its data folder held a ${ledgerMb.toFixed(0)} MB ledger)`),
    );
}

interface EmptyScreen {
  open: number[];
  heapMb: number;
}

/** Bookings on an empty ledger: the reference for opening it and for its heap. */
async function measureEmptyScreen(sizes: ScreenSizes, warnings: string[]): Promise<EmptyScreen> {
  const harness = await startHarness({ withoutTrainingService: true });
  try {
    await instrument(harness.page);
    const { open } = await openRuns(harness, null, sizes);
    return { open, heapMb: await heapMb(harness) };
  } finally {
    await closeQuietly(harness, warnings);
  }
}

const rowsWords = (size: number) => `${size.toLocaleString('en-GB')} rows`;

/** Bookings on a seeded ledger of `size` rows: opening it, its long tasks, calls per status change, and (for the heap figure) scrolling it end to end. */
async function measureFullScreen(
  size: number,
  empty: EmptyScreen,
  sizes: ScreenSizes,
  seed: number,
  options: { statusChange: boolean; heap: boolean },
  warnings: string[],
): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'packdesk-bench-screen-'));
  // One profile: every row is in the list the screen shows (the three-profile ledger is history search's hard case).
  seededLedger(dataDir, size, seed, 1);
  const harness = await startHarness({ dataDir, withoutTrainingService: true });
  const figures: Figure[] = [];
  try {
    await instrument(harness.page);
    const newest = harness.core.ledger.get(size);
    if (!newest) throw new Error(`the seeded ledger has no booking ${size}`);
    const runs = await openRuns(harness, newest.bookingReference ?? newest.clientReference, sizes);
    const open = spreadOf(runs.open);
    const longest = Math.max(...runs.longest);
    const waited = spreadOf(runs.waited);
    const reference = spreadOf(empty.open);
    const referenceWords = `the same open on an empty ledger p50 ${reference.p50.toFixed(0)} / p95 ${reference.p95.toFixed(0)} ms; each the first open after the renderer started, in Chromium with the test harness's bridge (Playwright bindings) in place of Electron's IPC`;
    const large = size >= 1_000_000;
    const p50Target = large ? 200 : 150;
    figures.push({
      name: `Bookings with ${rowsWords(size)}: open to first rows shown, p50`,
      value: open.p50,
      unit: 'ms',
      spread: open,
      target: `≤ ${p50Target} ms`,
      reference: referenceWords,
      pass: open.p50 <= p50Target,
      ...(open.p50 <= p50Target
        ? {}
        : {
            why: `opening takes ${(open.p50 - reference.p50).toFixed(0)} ms (p50) more than on an empty ledger, of which the renderer waited ${waited.p50.toFixed(0)} ms (p50) on its calls to the main process (through the harness's bridge); its longest long task was ${longest.toFixed(0)} ms`,
          }),
    });
    if (!large)
      figures.push({
        name: `Bookings with ${rowsWords(size)}: open to first rows shown, p95`,
        value: open.p95,
        unit: 'ms',
        spread: open,
        target: '≤ 200 ms',
        reference: referenceWords,
        pass: open.p95 <= 200,
        ...(open.p95 <= 200
          ? {}
          : {
              why: `the slowest opens (p95) take ${(open.p95 - reference.p95).toFixed(0)} ms more than on an empty ledger; the renderer waited up to ${waited.p95.toFixed(0)} ms (p95) on its calls`,
            }),
      });
    figures.push({
      name: `Bookings with ${rowsWords(size)}: longest long task while opening`,
      value: longest,
      unit: 'ms',
      spread: spreadOf(runs.longest),
      target: large ? 'no long task over 50 ms' : '— (the issue sets it at 1,000,000 rows: no long task over 50 ms)',
      reference: 'Chromium\'s PerformanceObserver "longtask", from Ctrl+B to 500 ms after the first rows',
      pass: large ? longest <= 50 : null,
      ...(large && longest > 50 ? { why: `the main thread was blocked for ${longest.toFixed(0)} ms in one task` } : {}),
    });
    if (options.statusChange) {
      const change = await callsPerStatusChange(harness, size);
      figures.push({
        name: 'IPC calls per status change on screen',
        value: change.calls,
        unit: 'calls',
        target: '0 (the event carries the record)',
        reference: `${change.quiet} calls in 1.5 s without a change (the list's ${POLL_CHANNEL} poll not counted in either); the change ${change.shown ? 'was' : 'was NOT'} shown in the row`,
        pass: change.calls === 0 && change.shown,
        ...(change.calls === 0 && change.shown
          ? {}
          : {
              why: change.shown ? `the renderer called back ${change.calls} times after the event` : 'the row never showed the new status',
            }),
      });
    }
    if (options.heap) {
      const { lastRowShown } = await scrollEndToEnd(harness.page, sizes.scrollSteps);
      const heap = await heapMb(harness);
      const ratio = heap / empty.heapMb;
      const pass = ratio <= 2 && heap <= 150 && lastRowShown === size;
      figures.push({
        name: `renderer JS heap after scrolling ${size.toLocaleString('en-GB')} bookings end to end`,
        value: heap,
        unit: 'MB',
        target: "≤ 2× the empty screen's, and ≤ 150 MB",
        reference: `the empty screen's heap ${empty.heapMb.toFixed(1)} MB (${ratio.toFixed(2)}×); scrolled in ${sizes.scrollSteps} jumps, the last row shown was row ${lastRowShown.toLocaleString('en-GB')} of ${size.toLocaleString('en-GB')}`,
        pass,
        ...(pass
          ? {}
          : {
              why:
                lastRowShown !== size
                  ? `the list could not be scrolled to its last row (row ${lastRowShown.toLocaleString('en-GB')} was the last shown)`
                  : `${ratio.toFixed(2)}× the empty screen after the pages read while scrolling`,
            }),
      });
    }
    return figures;
  } finally {
    await closeQuietly(harness, warnings);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The Bookings screen in Chromium through the test harness (the built renderer, the real core), at each size asked. */
export async function measureBookingsScreen(
  standardSize: number,
  largeSize: number | null,
  sizes: ScreenSizes,
  seed: number,
): Promise<{ figures: Figure[]; warnings: string[] }> {
  const warnings: string[] = [];
  const empty = await measureEmptyScreen(sizes, warnings);
  const figures = await measureFullScreen(standardSize, empty, sizes, seed, { statusChange: true, heap: false }, warnings);
  if (largeSize !== null)
    figures.push(...(await measureFullScreen(largeSize, empty, sizes, seed, { statusChange: false, heap: true }, warnings)));
  return { figures, warnings };
}

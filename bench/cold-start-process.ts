import { startHarness } from '../test/e2e/harness';

/**
 * Run as a fresh child process by the cold-start figure (bench/cold-start.ts): Packdesk started on the
 * data folder in `argv[2]` — the core in this process, the built renderer in Chromium through the e2e
 * harness — then Bookings opened (Ctrl+B) as soon as the app takes keys. Prints, as wall-clock ms, when
 * the app was ready and when Bookings showed its first row holding `argv[3]` (an empty string: the
 * list's empty state); the bench times both from the moment it started this process.
 */
// After every import is loaded (the harness's own, such as Playwright, among them).
const loadedAt = performance.timeOrigin + performance.now();
const [dataDir, firstRowText] = process.argv.slice(2) as [string, string];
const FIRST_ROW = '[data-testid="bookings-scroller"] [role="row"][aria-rowindex="1"]';
const harness = await startHarness({ dataDir, withoutTrainingService: true });
const readyAt = performance.timeOrigin + performance.now();
await harness.page.keyboard.press('Control+b');
// The moment is taken in the page, in the frame where the row shows, as wall-clock time (both clocks read the same system clock).
const shownAt = await harness.page.evaluate(
  ({ expected, rowSelector }) =>
    new Promise<number>((resolve, reject) => {
      const givenUpAt = performance.now() + 60_000;
      const check = () => {
        const firstRow = document.querySelector(rowSelector)?.textContent ?? '';
        const count = document.querySelector('[data-testid="result-count"]')?.textContent ?? '';
        if (expected === '' ? /No bookings/.test(count) : firstRow.includes(expected)) resolve(performance.timeOrigin + performance.now());
        else if (performance.now() > givenUpAt)
          reject(new Error(`Bookings showed no first row in 60 s (first row: ${firstRow}; count: ${count})`));
        else requestAnimationFrame(check);
      };
      check();
    }),
  { expected: firstRowText, rowSelector: FIRST_ROW },
);
process.stdout.write(`${JSON.stringify({ loadedAt, readyAt, shownAt })}\n`);
// Not the harness's close: its checks (focus, card numbers in every file) are for the tests, and scanning a large ledger takes long.
await harness.context.browser()?.close();
harness.core.close();
process.exit(0);

/** The Bookings list when a search matches more bookings than the ledger counts at once: an estimate, said so, and every row reachable. */

import AxeBuilder from '@axe-core/playwright';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, expect, test } from 'vitest';
import { renameBookings } from '../support/history-fixtures';
import { seedLedger } from '../support/seed-ledger';
import { focusedName } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { ANY, say, sayCount, sayMatching, shownNumber } from './words';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

interface Renamed {
  count: number;
  /** The oldest one's reference as its row shows it, and the newest one's holder. */
  oldestReference: string;
  newestHolder: string;
}

/**
 * Gives `surname` to the bookings whose place (0 = oldest) `takes`, through another connection to the
 * ledger (as a restore or a second writer would), its triggers keeping the search index.
 */
function rename(file: string, surname: string, takes: (place: number) => boolean): Renamed {
  const db = new DatabaseSync(file);
  try {
    const chosen = renameBookings(db, surname, takes);
    const row = (id: number) =>
      db
        .prepare('SELECT coalesce(booking_reference, client_reference) AS reference, holder_name AS name FROM bookings WHERE id = ?')
        .get(id) as {
        reference: string;
        name: string;
      };
    return {
      count: chosen.length,
      oldestReference: row(chosen[0] as number).reference,
      newestHolder: `${row(chosen.at(-1) as number).name} ${surname}`,
    };
  } finally {
    db.close();
  }
}

const countText = (page: Page) => page.getByTestId('result-count').textContent();
/** "About 1,300 bookings": the list's estimate, its number (as the list writes one) of digits and commas. */
const aboutSome = sayMatching('bookings.list.count.estimate', { shown: shownNumber(1).replace('1', ANY) });
const ESTIMATE = new RegExp(`^${aboutSome.source.replace('.+?', '[\\d,]+')}$`);
const rowCount = (page: Page) => page.getByRole('table', { name: say('bookings.list.table') }).getAttribute('aria-rowcount');

/**
 * Drags the list to its end, as the agent would, until its count is no longer an estimate; each time,
 * the list grows or shrinks (its scroll height) once the page at its end is read. How many drags it took.
 */
async function scrollToTheEnd(page: Page): Promise<number> {
  const scroller = page.getByTestId('bookings-scroller');
  for (let drags = 0; drags < 40; drags += 1) {
    if (!ESTIMATE.test((await countText(page)) ?? '')) return drags;
    const height = await scroller.evaluate((element) => element.scrollHeight);
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => scroller.evaluate((element) => element.scrollHeight), { timeout: 5_000 }).not.toBe(height);
  }
  throw new Error('The list still showed an estimate after 40 drags to its end.');
}

/** The row drawn at a place of the list (1 = the newest). */
const rowAt = (page: Page, place: number) => page.getByRole('rowgroup').locator(`[role="row"][aria-rowindex="${place}"]`);

/**
 * Drags the list to its end and waits for its last row, `place`, to show a booking: then no row on
 * screen is a placeholder (a row whose page is being read), and none is drawn past it. Its text.
 */
async function endOfList(page: Page, place: number): Promise<string | null> {
  await page.getByTestId('bookings-scroller').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect.poll(() => rowAt(page, place).getAttribute('tabindex')).toBe('0');
  await expect.poll(() => page.getByRole('rowgroup').locator('[role="row"][tabindex="-1"]').count()).toBe(0);
  expect(await rowAt(page, place + 1).count()).toBe(0);
  return rowAt(page, place).textContent();
}

test(
  'a search matching thousands: "About N bookings", read on to its exact end whether the estimate was low or high',
  { timeout: 120_000 },
  async () => {
    harness = await startHarness();
    const { page } = harness;
    const file = join(harness.dataDir, 'ledger.db');
    seedLedger(file, 1, 12_000);
    // Every old booking and one in ten new ones: the newest are sparse, so the first estimate is low (about 1,300 of 3,900).
    const fewer = rename(file, 'Zephyrine', (place) => place < 3_000 || place % 10 === 0);
    // One in ten of the others before and nine in ten new ones: dense at the newest, the first estimate high (about 11,000 of 3,300).
    const more = rename(file, 'Quokkason', (place) => (place >= 9_000 && place % 10 !== 0) || (place >= 3_000 && place % 10 === 5));

    await page.keyboard.press('Control+b');
    await expect.poll(() => countText(page), { timeout: 10_000 }).toBe(sayCount('bookings.list.count', 12_000));
    await page.getByLabel(say('bookings.list.find')).fill('zephyrine');
    await expect.poll(() => countText(page)).toMatch(ESTIMATE);
    // Screen readers are told the number of rows is not known, and the list passes the accessibility checks.
    expect(await rowCount(page)).toBe('-1');
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
    await harness.screenshot('bookings-estimated-total');

    // The keyboard works as with an exact count: ↓ from the search into the newest match, Enter opens it.
    await page.getByLabel(say('bookings.list.find')).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedName(page)).toContain(fewer.newestHolder);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: fewer.newestHolder }).isVisible()).toBe(true);
    // Escape: back to the list as it was, still an estimate.
    await page.keyboard.press('Escape');
    await expect.poll(() => countText(page)).toMatch(ESTIMATE);

    // Too low: each scroll to the end finds a full page there, and the list grows, until the oldest match ends it.
    expect(await scrollToTheEnd(page)).toBeGreaterThan(1);
    expect(await countText(page)).toBe(sayCount('bookings.list.count', fewer.count));
    expect(await rowCount(page)).toBe(String(fewer.count));
    expect(await endOfList(page, fewer.count)).toContain(fewer.oldestReference);
    // Back at the top its first page is read again: the count found stays, the estimate does not come back.
    await page.getByTestId('bookings-scroller').evaluate((element) => element.scrollTo({ top: 0 }));
    await expect.poll(() => rowAt(page, 1).textContent()).toContain(fewer.newestHolder);
    expect(await countText(page)).toBe(sayCount('bookings.list.count', fewer.count));

    // Too high: the page at its end comes back empty, and the list shrinks to the last match.
    await page.getByLabel(say('bookings.list.find')).fill('quokkason');
    await expect.poll(() => countText(page)).toMatch(ESTIMATE);
    const estimated = Number((await countText(page))?.replace(/\D/g, ''));
    expect(estimated).toBeGreaterThan(more.count * 2);
    expect(await scrollToTheEnd(page)).toBe(1);
    expect(await countText(page)).toBe(sayCount('bookings.list.count', more.count));
    expect(await endOfList(page, more.count)).toContain(more.oldestReference);
  },
);

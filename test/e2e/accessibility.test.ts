import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, expect, test } from 'vitest';
import { availableStay, holdThroughScreens } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
});

/** Serious and critical accessibility violations on what the page shows now. */
async function violations(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${name}: ${violation.id} ${violation.help}: ${violation.nodes
          .map((node) => `${node.target.join(' ')} [${node.failureSummary?.split('\n')[1]?.trim() ?? ''}]`)
          .slice(0, 6)
          .join(' | ')}`,
    );
}

test('no serious or critical accessibility violation on any screen', { timeout: 120_000 }, async () => {
  harness = await startHarness();
  const { page } = harness;
  const found: string[] = [];

  found.push(...(await violations(page, 'new booking')));
  const stay = await availableStay(harness, 1);
  await holdThroughScreens(page, stay, 'lisbon');
  found.push(...(await violations(page, 'payment')));
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 10_000 }).toBe(true);
  found.push(...(await violations(page, 'confirmation')));

  await page.keyboard.press('Control+b');
  await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('1 booking');
  found.push(...(await violations(page, 'bookings')));
  await page.getByRole('row', { name: /Ana Silva/ }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Ana Silva' }).isVisible()).toBe(true);
  found.push(...(await violations(page, 'booking page')));
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  found.push(...(await violations(page, 'cancel dialog')));
  await page.getByRole('button', { name: 'Keep the booking' }).click();
  await page.getByRole('button', { name: 'Change dates or room' }).click();
  // The calendar fades in; colours are measured once it has settled.
  await page.waitForTimeout(500);
  found.push(...(await violations(page, 'change dialog')));
  await page.getByRole('button', { name: 'Keep as it is' }).click();

  await page.keyboard.press('Control+y');
  await expect.poll(() => page.getByTestId('made-count').textContent()).toBe('1 booking made');
  found.push(...(await violations(page, 'today')));
  await page.keyboard.press('e');
  await expect.poll(() => page.getByRole('article', { name: 'End-of-day report' }).isVisible()).toBe(true);
  found.push(...(await violations(page, 'end-of-day report')));
  await page.keyboard.press('Escape');
  await page.keyboard.press('p');
  await expect.poll(() => page.getByRole('article', { name: 'Period report' }).isVisible()).toBe(true);
  found.push(...(await violations(page, 'period report')));
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+Comma');
  await page.getByRole('button', { name: 'Add profile' }).click();
  found.push(...(await violations(page, 'settings')));

  await page.keyboard.press('Control+t');
  await expect.poll(() => page.getByRole('button', { name: 'Start First booking' }).isVisible()).toBe(true);
  await page.getByRole('switch', { name: 'Supplier slow (confirms after 2 min)' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => page.getByTestId('scenario-clock').isVisible()).toBe(true);
  found.push(...(await violations(page, 'trainer')));
  await page.getByRole('button', { name: 'Session report' }).click();
  await expect.poll(() => page.getByRole('article', { name: 'Session report' }).isVisible()).toBe(true);
  found.push(...(await violations(page, 'session report')));

  expect(found).toEqual([]);
});

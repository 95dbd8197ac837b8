import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, expect, test } from 'vitest';
import { availableStay, holdThroughScreens } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, sayCount, sayMatching } from './words';

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
  await page.getByRole('button', { name: sayMatching('newBooking.payment.pay') }).click();
  await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 10_000 }).toBe(true);
  found.push(...(await violations(page, 'confirmation')));

  await page.keyboard.press('Control+b');
  await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
  found.push(...(await violations(page, 'bookings')));
  await page.getByRole('row', { name: /Ana Silva/ }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Ana Silva' }).isVisible()).toBe(true);
  found.push(...(await violations(page, 'booking page')));
  await page.getByRole('button', { name: say('bookings.detail.cancel') }).click();
  found.push(...(await violations(page, 'cancel dialog')));
  await page.getByRole('button', { name: say('bookings.cancel.keep') }).click();
  await page.getByRole('button', { name: say('bookings.detail.modify') }).click();
  // The calendar fades in; colours are measured once it has settled.
  await page.waitForTimeout(500);
  found.push(...(await violations(page, 'change dialog')));
  // The calendar open under the date field can cover the dialog's buttons (in a longer language): a click on the title closes it.
  await page.getByRole('dialog').getByRole('heading').first().click();
  await page.getByRole('button', { name: say('bookings.modify.keep') }).click();

  await page.keyboard.press('Control+y');
  await expect.poll(() => page.getByTestId('made-count').textContent()).toBe(say('today.counts.made', { count: 1 }));
  found.push(...(await violations(page, 'today')));
  await page.keyboard.press('e');
  await expect.poll(() => page.getByRole('article', { name: say('today.endOfDay.title') }).isVisible()).toBe(true);
  found.push(...(await violations(page, 'end-of-day report')));
  await page.keyboard.press('Escape');
  await page.keyboard.press('p');
  await expect.poll(() => page.getByRole('article', { name: say('today.period.title') }).isVisible()).toBe(true);
  found.push(...(await violations(page, 'period report')));
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+Comma');
  await page.getByRole('button', { name: say('settings.profiles.add') }).click();
  found.push(...(await violations(page, 'settings')));

  await page.keyboard.press('Control+t');
  await expect
    .poll(() =>
      page
        .getByRole('button', { name: say('trainer.exercises.start.named', { title: say('training.exercise.firstBooking.title') }) })
        .isVisible(),
    )
    .toBe(true);
  await page.getByRole('switch', { name: say('training.scenario.supplierSlow.title') }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => page.getByTestId('scenario-clock').isVisible()).toBe(true);
  found.push(...(await violations(page, 'trainer')));
  await page.getByRole('button', { name: say('trainer.screen.sessionReport') }).click();
  await expect.poll(() => page.getByRole('article', { name: say('trainer.report.article') }).isVisible()).toBe(true);
  found.push(...(await violations(page, 'session report')));

  expect(found).toEqual([]);
});

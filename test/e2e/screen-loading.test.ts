import { afterEach, expect, test } from 'vitest';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say } from './words';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

/** What has the focus, by its label: where the agent's next key goes. */
const focused = (h: Harness) =>
  h.page.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'the page body';
    const label = active instanceof HTMLInputElement ? active.labels?.[0]?.textContent : null;
    return active.getAttribute('aria-label') ?? label ?? active.getAttribute('data-testid') ?? active.tagName;
  });

test('a screen whose code is still loading says so and holds the focus; once drawn, its field has it with what was typed meanwhile', async () => {
  const h = await startHarness();
  harness = h;
  const { page } = h;
  // The Bookings screen's code held back, as on a slow disk, from a fresh start of the page.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/BookingsScreen-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await page.getByLabel(say('newBooking.search.label')).waitFor();
  await expect.poll(() => focused(h)).toBe(say('newBooking.search.label'));

  await page.keyboard.press('Control+b');
  await page.getByRole('status', { name: say('app.loading.bookings') }).waitFor();
  // The search box left with the New booking screen: the loading state holds the focus, not the page's body.
  await expect.poll(() => focused(h)).toBe('screen-loading');
  // An agent who types the name at once loses none of it.
  await page.keyboard.type('silva');

  release();
  await page.getByLabel(say('bookings.list.find')).waitFor();
  await expect.poll(() => focused(h)).toBe(say('bookings.list.find'));
  expect(await page.getByLabel(say('bookings.list.find')).inputValue()).toBe('silva');
  await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(say('bookings.list.noMatch'));
  expect(await page.getByRole('status', { name: say('app.loading.bookings') }).count()).toBe(0);
});

import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { availableStay, focusedName, paidByEngine, typedDate } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { overflowingText, unaccentedText } from './text-checks';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  harness = undefined;
  expect(errors).toEqual([]);
});

const TRAVELER = ['Kenji', 'Tanaka', 'kenji.tanaka@example.jp', '52', '49'] as const;
/**
 * Words shown as data, the same in every language: brands, this build's version, the training service's
 * packages and hotels, and its statuses, which Packdesk's sentences quote in the service's own words.
 */
async function namesShown(harness: Harness): Promise<string[]> {
  const packages = await harness.core.engine.search('');
  return [
    'Packdesk',
    'e2e',
    ...['Pending', 'Confirming', 'Paid', 'Cancelled', 'Failed'],
    'Training',
    'Visa',
    'Mastercard',
    'Stripe',
    ...packages.flatMap((entry) => [entry.title, ...entry.properties.map((property) => property.name)]),
  ];
}

/**
 * A booking made and paid by keyboard in the harness's language, as keyboard.test.ts makes it in English,
 * calling `onScreen` at each step once it is drawn; resolves to the keys pressed (typing not counted).
 */
async function bookByKeyboard(harness: Harness, onScreen: (step: string) => Promise<void>): Promise<number> {
  const { page, text } = harness;
  const stay = await availableStay(harness, 35);
  let keys = 0;
  const press = async (key: string) => {
    keys += 1;
    await page.keyboard.press(key);
  };
  await press('Control+n');
  await expect.poll(() => focusedName(page)).toContain(text('newBooking.search.label'));
  await page.keyboard.type('kyoto');
  await expect.poll(() => page.getByRole('button', { name: stay.property }).first().isVisible()).toBe(true);
  await onScreen('search');
  await press('Enter');
  await expect.poll(() => focusedName(page)).toContain(text('newBooking.stay.checkIn'));
  await page.keyboard.type(typedDate(stay.checkIn));
  await press('Tab');
  await page.keyboard.type(typedDate(stay.checkOut));
  await press('Enter');
  await expect.poll(() => page.getByTestId('quote-total').isVisible()).toBe(true);
  await onScreen('price');
  await press('Enter');
  await expect.poll(() => focusedName(page)).toContain(text('newBooking.traveler.name'));
  for (const [index, typed] of TRAVELER.entries()) {
    if (index > 0) await press('Tab');
    await page.keyboard.type(typed);
  }
  await onScreen('traveler');
  await press('Enter');
  await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
  await onScreen('review');
  await press('Enter');
  await expect.poll(() => page.getByRole('form', { name: text('newBooking.payment.form') }).isVisible()).toBe(true);
  await onScreen('payment');
  await press('Enter');
  await expect
    .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 10_000 })
    .toBe(text('newBooking.confirmation.status.confirmed'));
  await onScreen('confirmation');
  return keys;
}

/** What each screen showed that skipped the catalogs, or did not fit its box: empty when every word is in place. */
async function checkScreen(page: Page, found: Record<string, string[]>, screen: string, data: string[]): Promise<void> {
  // Settled: no frame still drawing what the last key started.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const problems = [
    ...(await unaccentedText(page, { words: data })).map((text) => `not from a catalog: ${text}`),
    ...(await overflowingText(page)).map((text) => `does not fit: ${text}`),
  ];
  if (problems.length > 0) found[screen] = problems;
}

describe('the counter in the pseudo-locale (every word from a catalog: accented, longer, in brackets)', () => {
  test('a booking by keyboard, from the search to the confirmation: every word from a catalog, none cut off, in the keys English takes', async () => {
    harness = await startHarness({ language: 'en-XA' });
    const started = harness;
    const found: Record<string, string[]> = {};
    const data = [...TRAVELER, ...(await namesShown(started))];
    const keys = await bookByKeyboard(started, (step) => checkScreen(started.page, found, step, data));
    await started.screenshot('pseudo-locale-confirmation');
    expect(found).toEqual({});
    // The same 12 keys as in English (test/e2e/keyboard.test.ts).
    expect(keys).toBeLessThanOrEqual(12);
  });
  test('Bookings, a booking, its voucher, Today, Settings and the trainer: every word from a catalog, none cut off, the navigation column as long as the page', async () => {
    harness = await startHarness({ language: 'en-XA' });
    const { page, text } = harness;
    const booking = await paidByEngine(harness, { name: 'Maria', surname: 'Lima', email: 'maria.lima@example.com' }, 1, 150);
    const data = ['Maria', 'Lima', 'maria.lima@example.com', booking.packageTitle, booking.propertyName, ...(await namesShown(harness))];
    const found: Record<string, string[]> = {};

    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').isVisible()).toBe(true);
    await checkScreen(page, found, 'bookings', data);
    await page.getByText('Lima').first().click();
    await expect.poll(() => page.getByRole('heading', { name: text('bookings.detail.timeline') }).isVisible()).toBe(true);
    await checkScreen(page, found, 'booking', data);
    const column = await page.evaluate(() => ({
      navigation: document.querySelector('nav')?.getBoundingClientRect().bottom ?? 0,
      page: document.documentElement.scrollHeight,
    }));
    expect(column.navigation).toBeGreaterThanOrEqual(column.page - 1);

    await page.keyboard.press('v');
    await expect.poll(() => page.locator('article.voucher').isVisible()).toBe(true);
    await checkScreen(page, found, 'voucher', data);

    await page.keyboard.press('Control+y');
    await expect.poll(() => page.getByRole('heading', { name: text('today.screen.title') }).isVisible()).toBe(true);
    await checkScreen(page, found, 'today', data);

    await page.keyboard.press('Control+,');
    await expect.poll(() => page.getByRole('heading', { name: text('settings.title') }).isVisible()).toBe(true);
    await checkScreen(page, found, 'settings', data);

    await page.keyboard.press('Control+t');
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().isVisible()).toBe(true);
    await checkScreen(page, found, 'trainer', data);

    expect(found).toEqual({});
  });
});

describe.each(['de', 'fr', 'es'] as const)('the counter in %s', (language) => {
  test('a booking by keyboard to its voucher, then Bookings and the booking: in the same keys as English, shown in the README', async () => {
    harness = await startHarness({ language });
    const started = harness;
    const { page, text } = started;
    const keys = await bookByKeyboard(started, (step) =>
      ['price', 'review', 'confirmation'].includes(step) ? started.screenshot(`language-${language}-${step}`) : Promise.resolve(),
    );
    expect(keys).toBeLessThanOrEqual(12);
    await page.getByRole('button', { name: text('newBooking.confirmation.voucher') }).click();
    await expect.poll(() => page.locator('article.voucher').isVisible()).toBe(true);
    await started.screenshot(`language-${language}-voucher`);

    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(text('bookings.list.count', { count: 1, shown: '1' }));
    await started.screenshot(`language-${language}-bookings`);
    await page.getByText('Tanaka').first().click();
    await expect.poll(() => page.getByRole('heading', { name: text('bookings.detail.timeline') }).isVisible()).toBe(true);
    await started.screenshot(`language-${language}-booking`);
  });
});

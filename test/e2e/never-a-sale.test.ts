import { afterEach, expect, test } from 'vitest';
import { availableStay, holdThroughScreens } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

test('a supplier that rejects a paid booking: red, in words, no reference to hand over, nothing still spinning, the focus on the screen', async () => {
  harness = await startHarness({ trainingControls: { supplierOutcome: 'reject', supplierDelayMs: 300 } });
  const { page } = harness;
  const stay = await availableStay(harness, 1);
  await holdThroughScreens(page, stay, 'lisbon');
  await page.getByRole('button', { name: /^Pay / }).click();

  const outcome = page.getByRole('alert').filter({ hasText: 'Not booked' });
  await expect.poll(() => outcome.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await outcome.textContent()).toMatch(/did not go through.*Offer the traveler another hotel or other dates/s);
  expect(await page.getByTestId('booking-reference').count()).toBe(0);
  expect(await page.getByRole('status', { name: 'Waiting for the supplier' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Copy reference' }).isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Print voucher' }).isDisabled()).toBe(true);
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  await harness.screenshot('confirmation-supplier-rejected');
  const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
  expect(booking?.status).toBe('Failed');
});

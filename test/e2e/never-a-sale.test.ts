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

test('the service going down in the middle of paying: "not confirmed", never a sale nor "nothing charged", until the service shows the charge', async () => {
  harness = await startHarness({ requestTimeoutMs: 1_000, doubtWindowMs: 2_000 });
  const { page } = harness;
  const stay = await availableStay(harness, 3);
  await holdThroughScreens(page, stay, 'barcelona');
  // The charge is made and its answer lost; from then on every request is answered 503 until the service is back.
  harness.training?.controls.queueFaults([{ kind: 'drop_after_commit', method: 'POST', path: '/book$' }]);
  harness.training?.controls.update({ errorRate: 1 });
  await page.getByRole('button', { name: /^Pay / }).click();

  const checking = page.getByRole('status').filter({ hasText: 'Not confirmed yet: checking with the service' });
  await expect.poll(() => checking.isVisible(), { timeout: 5_000 }).toBe(true);
  // Well into the outage, after several failed reads, the screen still says only what is known.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await checking.isVisible()).toBe(true);
  expect(await page.getByTestId('booking-reference').count()).toBe(0);
  expect(await page.getByText(/nothing was charged|Paid and confirmed/i).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Pay / }).isDisabled()).toBe(true);
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  await harness.screenshot('payment-during-outage');

  harness.training?.controls.update({ errorRate: 0 });
  await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 15_000 }).toBe(true);
  const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
  expect(booking?.inFlight).toBeNull();
  const payments = harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments ?? [];
  expect(payments.filter((payment) => payment.kind === 'authorization')).toHaveLength(1);
});

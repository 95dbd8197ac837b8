import { afterEach, expect, test } from 'vitest';
import { availableStay, holdThroughScreens } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, sayMatching, sayingFirst } from './words';

/** What the payment step says once a payment surely did not go through ("… nothing was charged"), or surely did. */
const CHARGED_OR_NOT = new RegExp(
  [
    'error.payment.notMade.message',
    'newBooking.error.notPaid',
    'newBooking.payment.authenticationFailed.text',
    'error.payment.cardEntryClosed.message',
    'error.payment.alreadyPaid.message',
    'newBooking.confirmation.status.confirmed',
  ]
    .map((id) => sayMatching(id).source)
    .join('|'),
  'i',
);

/** The payment step's Pay button, its amount whatever it is. */
const PAY = sayingFirst('newBooking.payment.pay');

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
  await page.getByRole('button', { name: PAY }).click();

  const outcome = page.getByRole('alert').filter({ hasText: say('newBooking.confirmation.notBooked') });
  await expect.poll(() => outcome.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await outcome.textContent()).toContain(say('newBooking.confirmation.status.ended'));
  expect(await page.getByTestId('booking-reference').count()).toBe(0);
  expect(await page.getByRole('status', { name: say('newBooking.confirmation.waiting') }).count()).toBe(0);
  expect(await page.getByRole('button', { name: say('newBooking.confirmation.copy') }).isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: say('newBooking.confirmation.voucher') }).isDisabled()).toBe(true);
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
  await page.getByRole('button', { name: PAY }).click();

  const checking = page.getByRole('status').filter({ hasText: say('newBooking.payment.checking.title') });
  await expect.poll(() => checking.isVisible(), { timeout: 5_000 }).toBe(true);
  // Well into the outage, after several failed reads, the screen still says only what is known.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await checking.isVisible()).toBe(true);
  expect(await page.getByTestId('booking-reference').count()).toBe(0);
  expect(await page.getByText(CHARGED_OR_NOT).count()).toBe(0);
  expect(await page.getByRole('button', { name: PAY }).isDisabled()).toBe(true);
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  await harness.screenshot('payment-during-outage');

  harness.training?.controls.update({ errorRate: 0 });
  await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 15_000 }).toBe(true);
  const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
  expect(booking?.inFlight).toBeNull();
  const payments = harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments ?? [];
  expect(payments.filter((payment) => payment.kind === 'authorization')).toHaveLength(1);
});

import { afterEach, describe, expect, test } from 'vitest';
import { availableStay, holdThroughScreens } from './flow-helpers';
import { DIALECTS } from '../support/dialects';
import { filesWithCardNumbers, startHarness } from './harness';
import type { Harness } from './harness';
import { say, sayMatching, sayingFirst } from './words';

/** What the payment step says once a payment surely did not go through: "… nothing was charged". */
const NOTHING_CHARGED = new RegExp(
  [
    'error.payment.notMade.message',
    'newBooking.error.notPaid',
    'newBooking.payment.authenticationFailed.text',
    'error.payment.cardEntryClosed.message',
    'error.payment.alreadyPaid.message',
  ]
    .map((id) => sayMatching(id).source)
    .join('|'),
);

/** The payment step's Pay button, its amount whatever it is. */
const PAY = sayingFirst('newBooking.payment.pay');

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

describe.each(DIALECTS)('a payment whose answer is lost, against the %s dialect', (dialect) => {
  test('the agent sees "not confirmed yet", cannot pay twice, and the screen moves on by itself when the service shows the charge', async () => {
    // The client waits 1 s; the service holds the payment for 2.5 s, then charges.
    harness = await startHarness({ dialect, requestTimeoutMs: 1_000, doubtWindowMs: 6_000 });
    const { page } = harness;
    const stay = await availableStay(harness, 2);
    await holdThroughScreens(page, stay, 'porto');
    harness.training?.controls.queueFaults([{ kind: 'delay', path: '/book$', delayMs: 2_500 }]);
    await page.getByRole('button', { name: PAY }).click();

    const checking = page.getByRole('status').filter({ hasText: say('newBooking.payment.checking.title') });
    await expect.poll(() => checking.isVisible(), { timeout: 5_000 }).toBe(true);
    expect(await page.getByRole('button', { name: PAY }).isDisabled()).toBe(true);
    expect(await page.getByText(NOTHING_CHARGED).count()).toBe(0);
    await harness.screenshot('payment-not-confirmed');

    await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 10_000 }).toBe(true);
    const booking = harness.core.ledger.list({ profileId: 1 }).rows[0];
    expect(booking).toMatchObject({ inFlight: null, bookingReference: expect.stringMatching(/^(PKD|BKG-)/) });
    expect(
      harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments.filter((payment) => payment.kind === 'authorization'),
    ).toHaveLength(1);
    expect(filesWithCardNumbers(harness.dataDir)).toEqual([]);
  });

  test('a payment answered with a server error: "not confirmed yet" while Packdesk asks the service, then that nothing was charged', async () => {
    harness = await startHarness({ dialect });
    const { page } = harness;
    const stay = await availableStay(harness, 2);
    await holdThroughScreens(page, stay, 'porto');
    // A 5xx may come after the service acted, so Packdesk reads the booking at once; that read takes 3 s.
    harness.training?.controls.queueFaults([
      { kind: 'error', status: 500, path: '/book$' },
      { kind: 'delay', method: 'GET', path: '/bookings/\\d+$', delayMs: 3_000 },
    ]);
    await page.getByRole('button', { name: PAY }).click();
    const checking = page.getByRole('status').filter({ hasText: say('newBooking.payment.checking.title') });
    await expect.poll(() => checking.isVisible(), { timeout: 2_000 }).toBe(true);
    expect(await page.getByTestId('payment-progress').count()).toBe(0);
    const told = page.getByRole('alert').filter({ hasText: say('error.payment.notMade.message') });
    await expect.poll(() => told.isVisible(), { timeout: 10_000 }).toBe(true);
    const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(booking).toMatchObject({ status: 'Pending', inFlight: null, bookingReference: null });
    expect(harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments).toEqual([]);
  });

  test('a card number typed into the client reference is refused with words that name the field, and never stored', async () => {
    harness = await startHarness({ dialect });
    const { page } = harness;
    const stay = await availableStay(harness, 2);
    await holdThroughScreens(page, stay, 'porto');
    await page.getByLabel(say('newBooking.payment.clientReference')).fill('4242.4242.4242.4242');
    await expect.poll(() => page.getByText(say('validation.booking.cardInClientReference')).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: PAY }).isDisabled()).toBe(true);
    expect(filesWithCardNumbers(harness.dataDir)).toEqual([]);
  });
});

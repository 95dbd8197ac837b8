import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { availableStay, holdThroughScreens } from './flow-helpers';
import { DIALECTS } from '../support/dialects';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, testCardChoice, sayingFirst } from './words';

/** The payment step's Pay button, its amount whatever it is. */
const PAY = sayingFirst('newBooking.payment.pay');

let harness: Harness | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  harness = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

describe.each(DIALECTS)('3-D Secure across a restart, against the %s dialect', (dialect) => {
  test('the app stops while the bank’s window is open; started again, the agent finishes the same payment from the booking, charged once', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'packdesk-e2e-restart-'));
    const first = await startHarness({ dataDir, dialect });
    harness = first;
    const stay = await availableStay(first, 6);
    await holdThroughScreens(first.page, stay, 'paris');
    await first.page.getByLabel(testCardChoice('3220')).check();
    const [challenge] = await Promise.all([
      first.page.context().waitForEvent('page'),
      first.page.getByRole('button', { name: PAY }).click(),
    ]);
    await challenge.getByRole('heading', { name: 'Confirm this payment' }).waitFor();
    const [held] = first.core.ledger.list({ profileId: 1 }).rows;
    expect(held).toMatchObject({ bookingReference: null, paymentIntentId: expect.stringMatching(/^pi_/) });
    // The counter goes down with the bank's window open.
    await first.close();

    const second = await startHarness({ dataDir, dialect });
    harness = second;
    const { page } = second;
    await page
      .getByRole('button', { name: sayingFirst('nav.bookings') })
      .or(page.getByRole('link', { name: sayingFirst('nav.bookings') }))
      .first()
      .click();
    await page.getByRole('row', { name: /Ana Silva/ }).click();
    await page.getByRole('button', { name: say('bookings.detail.continueSecure') }).click();
    await expect.poll(() => page.getByText(say('newBooking.payment.unfinished')).isVisible()).toBe(true);
    await second.screenshot('payment-3ds-resume');
    const [again] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: say('newBooking.payment.unfinished.continue') }).click(),
    ]);
    await again.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 10_000 }).toBe(true);

    const paid = second.core.ledger.get(held?.id ?? 0);
    expect(paid).toMatchObject({ bookingReference: expect.stringMatching(/^(PKD|BKG-)/), paymentIntentId: null });
    const payments = second.training?.service.ledger(paid?.serviceBookingId ?? 0).payments ?? [];
    expect(payments.filter((payment) => (payment as { kind: string }).kind === 'authorization')).toEqual([
      expect.objectContaining({ payment_intent_id: held?.paymentIntentId }),
    ]);
  });
});

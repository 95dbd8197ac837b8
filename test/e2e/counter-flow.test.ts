import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { availableStay, holdThroughScreens, savedDocumentStatus, typedDate } from './flow-helpers';
import { DIALECTS } from '../support/dialects';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, shownMoney, testCardChoice, sayMatching } from './words';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

describe.each(DIALECTS)('a booking at the counter, against the %s dialect', (dialect) => {
  test('from search to Paid with the keyboard only', async () => {
    harness = await startHarness({ dialect });
    const { page } = harness;
    const stay = await availableStay(harness, 35);

    await page.keyboard.press('Control+n');
    const focused = (label: string) => page.getByLabel(label).evaluate((element) => element === document.activeElement);
    await expect.poll(() => focused(say('newBooking.search.label'))).toBe(true);
    await page.keyboard.type('kyoto');
    await expect.poll(() => page.getByRole('button', { name: `${stay.property}, ${stay.title}` }).isVisible()).toBe(true);
    await harness.screenshot('new-booking-search');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await expect.poll(() => focused(say('bookings.detail.field.checkIn'))).toBe(true);
    await page.keyboard.type(typedDate(stay.checkIn));
    await page.keyboard.press('Tab');
    await page.keyboard.type(typedDate(stay.checkOut));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('quote-total').textContent()).toBe(shownMoney(stay.total, 'JPY'));
    await harness.screenshot('new-booking-price');
    await page.keyboard.press('Enter');

    await expect.poll(() => focused(say('newBooking.traveler.name'))).toBe(true);
    for (const [index, text] of ['Kenji', 'Tanaka', 'kenji.tanaka@example.jp', '52', '49'].entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }
    await harness.screenshot('new-booking-traveler');
    await page.keyboard.press('Enter');

    // The label, then the time left: a standard hold lasts 15 minutes, the other dialect's 10.
    await expect
      .poll(async () => (await page.getByTestId('hold-countdown').textContent())?.replace(say('newBooking.review.heldFor'), ''))
      .toMatch(dialect === 'standard' ? /^1[45]:\d\d$/ : /^(10:00|9:[0-5]\d)$/);
    await harness.screenshot('new-booking-review');
    await page.keyboard.press('Enter');

    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
    // The booking is in the history at once, as Pending.
    expect(harness.core.ledger.list({ profileId: 1 }).rows.map((row) => [row.holder.surname, row.status])).toEqual([['Tanaka', 'Pending']]);
    await harness.screenshot('new-booking-payment');
    await page.keyboard.press('Enter');

    await expect
      .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 10_000 })
      .toBe(say('newBooking.confirmation.status.confirmed'));
    const reference = await page.getByTestId('booking-reference').textContent();
    expect(reference).toMatch(/^(PKD[A-Z0-9]{7}|BKG-[A-Z0-9]{4}-[A-Z0-9]{4})$/);
    await harness.screenshot('new-booking-confirmation');

    await page.getByRole('button', { name: say('bookings.detail.voucher') }).click();
    await expect.poll(() => page.getByRole('article', { name: say('voucher.label') }).textContent()).toContain(reference);
    await harness.screenshot('voucher');
    await page.getByRole('button', { name: say('component.printBar.savePdf') }).click();
    await expect.poll(() => savedDocumentStatus(page)).toContain(`voucher-${reference}.pdf`);
    const pdf = readFileSync(join(harness.dataDir, `voucher-${reference}.pdf`));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // What the PDF shows: the voucher alone, without the app around it.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: say('frame.navigation') }).isVisible()).toBe(false);
    await harness.screenshot('voucher-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('a declined card, then a good one', async () => {
    harness = await startHarness({ dialect });
    const { page } = harness;
    const stay = await availableStay(harness, 1);
    await holdThroughScreens(page, stay, 'lisbon');
    await page.getByLabel(testCardChoice('9995')).check();
    await page.getByRole('button', { name: sayMatching('newBooking.payment.pay') }).click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: say('error.decline.insufficientFunds.message') })
          .isVisible(),
      )
      .toBe(true);
    await harness.screenshot('payment-declined');
    await page.getByLabel(testCardChoice('4242')).check();
    await page.getByRole('button', { name: sayMatching('newBooking.payment.pay') }).click();
    await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 10_000 }).toBe(true);
  });

  test.each([
    ['approved', 'Approve'],
    ['failed', 'Fail authentication'],
    ['abandoned', null],
  ])('3-D Secure %s, in its own window', async (name, button) => {
    harness = await startHarness({ dialect });
    const { page } = harness;
    const stay = await availableStay(harness, 6);
    await holdThroughScreens(page, stay, 'paris');
    await page.getByLabel(testCardChoice('3220')).check();
    const [challenge] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: sayMatching('newBooking.payment.pay') }).click(),
    ]);
    // The window first shows about:blank; the bank's page is there once its heading is.
    await challenge.getByRole('heading', { name: 'Confirm this payment' }).waitFor();
    await expect.poll(() => page.getByText(say('newBooking.payment.progress.authenticating.title')).isVisible()).toBe(true);
    // While the bank's check is under way nothing says the payment failed (the service's first answer asked for the
    // check; it was no refusal).
    for (let look = 0; look < 5; look += 1) {
      expect(await page.getByRole('alert').allTextContents()).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (name === 'approved') {
      await harness.screenshot('payment-3ds-waiting');
      await harness.screenshot('payment-3ds-challenge', challenge);
    }
    if (button) await challenge.getByRole('button', { name: button }).click();
    // As when the agent closes the window.
    else await challenge.close();

    if (name === 'approved') {
      await expect
        .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 10_000 })
        .toBe(say('newBooking.confirmation.status.confirmed'));
      return;
    }
    const message =
      name === 'failed' ? say('error.payment.authenticationFailed.message') : say('error.payment.authenticationClosed.message');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: message }).isVisible()).toBe(true);
    const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(booking?.bookingReference).toBeNull();
    expect(harness.core.ledger.timeline(booking?.id ?? 0).map((event) => event.type)).toContain(
      name === 'failed' ? 'authentication_failed' : 'authentication_closed',
    );
    if (name === 'failed') {
      await expect.poll(() => page.getByText(say('newBooking.payment.authenticationFailed')).isVisible()).toBe(true);
      await harness.screenshot('payment-3ds-failed');
    } else {
      // A closed window leaves the same payment to finish: Continue opens the bank's check again, for the same intent.
      await expect.poll(() => page.getByText(say('newBooking.payment.unfinished')).isVisible()).toBe(true);
      await harness.screenshot('payment-3ds-unfinished');
      const [again] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('button', { name: say('bookings.detail.continueSecure') }).click(),
      ]);
      await again.getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 10_000 }).toBe(true);
      const serviceRecord = harness.training?.service.ledger(booking?.serviceBookingId ?? 0);
      expect(serviceRecord?.payments.filter((payment) => (payment as { kind: string }).kind === 'authorization')).toHaveLength(1);
      return;
    }

    // Another card still pays the same held booking.
    await page.getByLabel(testCardChoice('4242')).check();
    await page.getByRole('button', { name: sayMatching('newBooking.payment.pay') }).click();
    await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 10_000 }).toBe(true);
  });

  test('a hold that expired is priced and held again when the agent holds', async () => {
    harness = await startHarness({ dialect, trainingControls: { tokenLifetimeMs: 1500 } });
    const { page } = harness;
    const stay = await availableStay(harness, 9);
    await page.keyboard.press('Control+n');
    await page.getByLabel(say('newBooking.search.label')).fill('amalfi');
    await page.getByRole('button', { name: `${stay.property}, ${stay.title}` }).click();
    await page.getByLabel(say('bookings.detail.field.checkIn')).fill(typedDate(stay.checkIn));
    await page.getByLabel(say('bookings.detail.field.checkOut')).fill(typedDate(stay.checkOut));
    await page.getByRole('button', { name: say('newBooking.stay.checkPrice') }).click();
    await page.getByRole('button', { name: say('newBooking.stay.continue') }).click();
    await page.getByLabel(say('newBooking.traveler.name')).fill('Luca');
    await page.getByLabel(say('newBooking.traveler.surname')).fill('Bianchi');
    await page.getByLabel(say('bookings.detail.field.email')).fill('luca@example.it');
    await page.getByLabel(say('newBooking.traveler.guest', { number: 1 })).fill('30');
    await page.getByLabel(say('newBooking.traveler.guest', { number: 2 })).fill('31');
    await page.getByRole('button', { name: say('newBooking.traveler.continue') }).click();
    await expect.poll(() => page.getByText(say('newBooking.review.expired')).isVisible(), { timeout: 5000 }).toBe(true);
    await harness.screenshot('review-hold-expired');
    await page.getByRole('button', { name: say('newBooking.review.hold') }).click();
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
    expect(harness.core.ledger.list({ profileId: 1 }).total).toBe(1);
  });
});

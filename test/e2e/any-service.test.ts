import { afterEach, describe, expect, test } from 'vitest';
import { availableStay, holdThroughScreens } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { PRODUCT_NAME } from '../../shared/i18n/messages';
import { say, sayingFirst } from './words';

/** The payment step's Pay button, its amount whatever it is. */
const PAY = sayingFirst('newBooking.payment.pay');

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

describe('statuses of a service Packdesk was not written beside', () => {
  test('a supplier’s refusal under a name no rule knows is shown as the service wrote it, never as a sale; once the agency names it final, it reads as ended', async () => {
    const started = await startHarness({ dialect: 'alternate', trainingControls: { supplierOutcome: 'reject', supplierDelayMs: 200 } });
    harness = started;
    const { page } = started;
    await holdThroughScreens(page, await availableStay(harness, 3), 'barcelona');
    await page.getByRole('button', { name: PAY }).click();

    const badge = page
      .getByRole('article', { name: say('newBooking.confirmation.card') })
      .or(page.getByLabel(say('newBooking.confirmation.card')))
      .locator('[data-tone]')
      .first();
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('Rejected');
    expect(await badge.getAttribute('data-tone')).toBe('unknown');
    expect(await page.getByTestId('confirmation-status').textContent()).toContain(
      say('newBooking.confirmation.status.unknown', { product: PRODUCT_NAME }),
    );
    expect(await page.getByRole('button', { name: say('newBooking.confirmation.copy') }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: say('newBooking.confirmation.voucher') }).isDisabled()).toBe(true);
    await harness.screenshot('confirmation-unknown-status');

    // The agency tells Packdesk what this service means by "Rejected".
    await page.getByRole('button', { name: sayingFirst('nav.settings') }).click();
    const card = page
      .getByRole('article', { name: say('settings.profile.card', { name: 'Training' }) })
      .or(page.getByLabel(say('settings.profile.card', { name: 'Training' })))
      .first();
    await card.getByRole('button', { name: say('settings.statusRules.open') }).click();
    const finals = card.getByLabel(say('settings.statusRules.final'));
    await finals.fill(`${await finals.inputValue()}, Rejected`);
    await card.getByLabel(say('settings.statusRules.notCancellable')).fill('Cancelled, Failed, Rejected');
    await harness.screenshot('settings-status-rules');
    await card.getByRole('button', { name: say('settings.statusRules.save') }).click();
    await expect.poll(() => started.core.profiles.find(1).statusRules.final).toContain('Rejected');

    await page.getByRole('button', { name: sayingFirst('nav.bookings') }).click();
    await page.getByRole('row', { name: /Ana Silva/ }).click();
    await expect.poll(() => page.locator('[data-tone]').first().getAttribute('data-tone')).toBe('ended');
    expect(await page.getByRole('button', { name: say('bookings.detail.cancel') }).count()).toBe(0);
  });
});

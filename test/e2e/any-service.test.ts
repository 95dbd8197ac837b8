import { afterEach, describe, expect, test } from 'vitest';
import { availableStay, holdThroughScreens } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';

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
    await page.getByRole('button', { name: /^Pay / }).click();

    const badge = page.getByRole('article', { name: 'Confirmation' }).or(page.getByLabel('Confirmation')).locator('[data-tone]').first();
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('Rejected');
    expect(await badge.getAttribute('data-tone')).toBe('unknown');
    expect(await page.getByTestId('confirmation-status').textContent()).toContain('do not give the reference as confirmed yet');
    expect(await page.getByRole('button', { name: 'Copy reference' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Print voucher' }).isDisabled()).toBe(true);
    await harness.screenshot('confirmation-unknown-status');

    // The agency tells Packdesk what this service means by "Rejected".
    await page.getByRole('button', { name: /Settings/ }).click();
    const card = page.getByRole('article', { name: 'Profile Training' }).or(page.getByLabel('Profile Training')).first();
    await card.getByRole('button', { name: 'Statuses of this service' }).click();
    const finals = card.getByLabel('Final statuses');
    await finals.fill(`${await finals.inputValue()}, Rejected`);
    await card.getByLabel('Statuses that cannot be cancelled').fill('Cancelled, Failed, Rejected');
    await harness.screenshot('settings-status-rules');
    await card.getByRole('button', { name: 'Save statuses' }).click();
    await expect.poll(() => started.core.profiles.find(1).statusRules.final).toContain('Rejected');

    await page.getByRole('button', { name: /^Bookings/ }).click();
    await page.getByRole('row', { name: /Ana Silva/ }).click();
    await expect.poll(() => page.locator('[data-tone]').first().getAttribute('data-tone')).toBe('ended');
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
  });
});

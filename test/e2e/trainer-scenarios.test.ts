import { afterEach, describe, expect, test } from 'vitest';
import { formatMoney } from '../../shared/format';
import { availableStay } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { priceByKeyboard } from './trainee-keys';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  harness = undefined;
  expect(errors).toEqual([]);
});

const traveler = { name: 'Ines', surname: 'Moreau', email: 'ines.moreau@example.com', ages: ['31', '33'] };

describe('each trainer scenario changes what the agent sees, as the panel says', () => {
  test('Price rises between price and hold: at Hold the agent is told the new price beside the old, nothing is held, and Enter holds at the new price', async () => {
    harness = await startHarness();
    const { page } = harness;
    const stay = await availableStay(harness, 2);
    await priceByKeyboard(page, { search: 'porto', stay, traveler });
    await page.evaluate(() => window.packdesk['training:set-scenario']({ id: 'price-rises', on: true }));
    await page.keyboard.press('Enter');
    for (const [index, text] of [traveler.name, traveler.surname, traveler.email, ...traveler.ages].entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }
    await page.keyboard.press('Enter');
    const risen = Math.round(stay.total * 1.1);
    const refusal = page.getByRole('alert').filter({ hasText: 'The price of this stay changed after it was quoted' });
    await expect
      .poll(() => refusal.textContent())
      .toContain(`${formatMoney(risen, stay.currency)} instead of ${formatMoney(stay.total, stay.currency)}`);
    await harness.screenshot('training-price-rises');
    expect(await page.getByTestId('hold-countdown').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('form', { name: 'Review' }).textContent()).toContain(formatMoney(risen, stay.currency));
  });
});

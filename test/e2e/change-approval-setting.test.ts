import { describe, expect, test } from 'vitest';
import type { ChannelName } from '../../shared/ipc';
import type { Harness } from './harness';
import { useHarness } from './use-harness';

const startHarness = useHarness();

/** A call as main receives it from the screens (permission checked, audited), made by the test. */
async function mainCall(harness: Harness, channel: ChannelName, input: unknown): Promise<{ id: number }> {
  const handler = harness.core.handlers[channel] as (value: unknown) => Promise<{ id: number }>;
  return handler(input);
}

describe('a profile’s change approval threshold', () => {
  test('an administrator sets it in the profile card by keyboard; an agent is told who can', async () => {
    const harness = await startHarness();
    const { page } = harness;
    // The first administrator is signed in as they are added.
    await mainCall(harness, 'people:add', { name: 'Ana Reis', role: 'administrator', pin: 'admin-pin-2741' });
    const bea = await mainCall(harness, 'people:add', { name: 'Bea Costa', role: 'agent', pin: 'bea-pin-9036' });
    await mainCall(harness, 'profiles:create', {
      name: 'Sunway test',
      kind: 'test',
      baseUrl: 'https://api.example-booking.test',
      keys: {},
    });
    // The screens read the profiles again, as after any change main announces.
    harness.core.events.emit('event:profiles-change', { activeProfileId: 1 });

    await page.keyboard.press('Control+Comma');
    const card = page.getByLabel('Profile Sunway test');
    const row = card.getByRole('group', { name: 'Change approval of Sunway test' });
    await expect.poll(() => row.textContent()).toContain('No threshold: a change needs a supervisor only when the table says so');
    await row.getByRole('button', { name: 'Change approval' }).click();
    await page.keyboard.type('15000');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => row.textContent())
      .toContain(
        'A change whose refund or charge is above 15000 minor units (150.00 in a currency with cents) needs a supervisor’s approval.',
      );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Change approval');
    await card.scrollIntoViewIfNeeded();
    await harness.screenshot('profile-change-approval');

    // An agent may not change it: main refuses in words, and the threshold stays.
    await mainCall(harness, 'people:sign-in', { agentId: bea.id, pin: 'bea-pin-9036' });
    await row.getByRole('button', { name: 'Change approval' }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => card.getByRole('alert').textContent())
      .toContain('Setting when a change needs a supervisor needs an administrator; Bea Costa is signed in as an agent.');
    const [profile] = (await harness.core.profiles.list()).profiles.filter((each) => each.name === 'Sunway test');
    expect(profile?.changeApprovalAboveMinor).toBe(15000);
  });
});

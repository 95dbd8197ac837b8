import { describe, expect, test } from 'vitest';
import type { ChannelName } from '../../shared/ipc';
import type { Harness } from './harness';
import { useHarness } from './use-harness';
import { FORMAT_LOCALES } from '../../shared/i18n/languages';
import { say, SUITE_LANGUAGE } from './words';

const startHarness = useHarness();

/** A threshold as the profile card writes it: in the suite's locale, never grouped (settings/ChangeApprovalRow.tsx). */
const typedNumber = (value: number, fractionDigits = 0): string =>
  new Intl.NumberFormat(FORMAT_LOCALES[SUITE_LANGUAGE], {
    useGrouping: false,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);

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
    const card = page.getByLabel(say('settings.profile.card', { name: 'Sunway test' }));
    const row = card.getByRole('group', { name: say('settings.changeApproval.group', { name: 'Sunway test' }) });
    await expect.poll(() => row.textContent()).toContain(say('settings.changeApproval.none'));
    await row.getByRole('button', { name: say('settings.changeApproval.open') }).click();
    await page.keyboard.type('15000');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => row.textContent())
      .toContain(say('settings.changeApproval.above', { minor: typedNumber(15000), amount: typedNumber(150, 2) }));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(say('settings.changeApproval.open'));
    await card.scrollIntoViewIfNeeded();
    await harness.screenshot('profile-change-approval');

    // An agent may not change it: main refuses in words, and the threshold stays.
    await mainCall(harness, 'people:sign-in', { agentId: bea.id, pin: 'bea-pin-9036' });
    await row.getByRole('button', { name: say('settings.changeApproval.open') }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => card.getByRole('alert').textContent())
      .toContain(
        say('error.access.roleRequired.message', {
          does: say('permission.profiles.setChangeApproval'),
          where: 'counter',
          profile: '',
          need: 'administrator',
          name: 'Bea Costa',
          role: 'agent',
        }),
      );
    const [profile] = (await harness.core.profiles.list()).profiles.filter((each) => each.name === 'Sunway test');
    expect(profile?.changeApprovalAboveMinor).toBe(15000);
  });
});

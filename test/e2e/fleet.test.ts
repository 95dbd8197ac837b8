/**
 * The agency's fleet in Settings, against a real PostgreSQL (PACKDESK_TEST_PG_URL, from
 * scripts/with-postgres.sh): the harness is the back office's counter, two desks (cores in this
 * process) run other versions, and the back office asks for a minimum version by keyboard.
 */
import { describe, expect, test } from 'vitest';
import { useFreshAgencyDatabase } from '../support/agency-database';
import { heldBooking, useCore } from '../support/engine-helpers';
import { focusedName } from './flow-helpers';
import { useHarness } from './use-harness';
import { PRODUCT_NAME } from '../../shared/i18n/messages';
import { say } from './words';

const FAST = { retryDelayMs: { first: 50, max: 500 }, pollEveryMs: 500, writeLeaseMs: 3_000, trackLeaseMs: 3_000 };

describe('the counters of the agency', () => {
  const agency = useFreshAgencyDatabase({ prefix: 'fleet_e2e', tests: 'Fleet browser tests' });
  const startHarness = useHarness();
  const startCore = useCore();

  test('lists each desk with the Packdesk it runs; a minimum version typed at the back office holds back the older desk and marks it', async () => {
    const harness = await startHarness({ version: '1.5.0' });
    const { page } = harness;
    const server = agency();
    await harness.core.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: 'Back office' });
    const desks = await Promise.all(
      [
        ['Desk 2', '1.4.2'],
        ['Desk 3', '1.5.0'],
      ].map(async ([name, version]) => {
        const { core } = await startCore(harness.training, { agencyTimings: FAST, ...(version ? { version } : {}) });
        await core.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: name as string });
        return core;
      }),
    );
    const [desk2] = desks;

    await page.keyboard.press('Control+Comma');
    const fleet = page.getByRole('group', { name: say('settings.fleet.title') });
    const row = (name: string) => fleet.getByRole('row', { name: say('settings.fleet.row', { name }) });
    await expect.poll(() => row('Desk 2').textContent(), { timeout: 15_000 }).toContain('1.4.2');
    await expect.poll(() => row('Desk 3').textContent(), { timeout: 15_000 }).toContain('1.5.0');
    expect(await row('Back office').textContent()).toContain(
      [
        say('settings.fleet.row.thisCounter', { name: 'Back office' }),
        '1.5.0',
        say('settings.fleet.row.channel', { channel: 'stable' }),
        say('settings.fleet.update.off'),
      ].join(''),
    );

    // The back office asks for 1.5.0: typed, Enter.
    await fleet.getByRole('textbox', { name: say('settings.fleet.minimum') }).focus();
    await expect.poll(() => focusedName(page)).toContain(say('settings.fleet.minimum'));
    await page.keyboard.type('1.5');
    await page.keyboard.press('Enter');
    await expect.poll(() => fleet.getByText(say('validation.agency.minimumVersionFormat')).isVisible()).toBe(true);
    await page.keyboard.type('.0');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => fleet.getByTestId('fleet-minimum').textContent())
      .toBe(say('settings.fleet.asks', { product: PRODUCT_NAME, minimum: '1.5.0' }));
    // Desk 2 runs an older one, and its row says so.
    await expect
      .poll(() => row('Desk 2').getByRole('cell').nth(1).textContent())
      .toBe(say('settings.fleet.row.below', { version: '1.4.2', minimum: '1.5.0' }));
    expect(await row('Desk 3').getByRole('cell').nth(1).textContent()).toBe('1.5.0');
    await fleet.scrollIntoViewIfNeeded();
    await harness.screenshot('settings-fleet');

    // Desk 2 hears of it and sells nothing on the agency's bookings until it is updated. Its core, called here
    // directly and not through main's IPC, refuses in the English its errors keep until they are shown.
    await desk2?.agency.peopleShared();
    await expect(heldBooking(desk2 as NonNullable<typeof desk2>)).rejects.toThrow(
      'The agency asks every counter to run Packdesk 1.5.0 or newer before it sells or changes its bookings; this counter runs 1.4.2.',
    );
  });
});

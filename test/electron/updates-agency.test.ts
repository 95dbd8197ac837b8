/**
 * An update while the agency's server cannot be reached: the counter reads its feed and downloads
 * the version the agency asks for as if nothing were wrong, still holds writes back by the minimum
 * it last read, and the agency's fleet list hears of the download once the link heals.
 */
import { describe, expect, test } from 'vitest';
import { prepareFeedUpdater } from '../../electron/main/updates/feed-updater';
import { heldBooking, waitUntil } from '../support/engine-helpers';
import { useTempDir } from '../support/temp-dir';
import { useUpdateFeed } from '../support/update-feed';
import { StandInAppAdapter, StandInDebUpdater } from '../support/updater-stand-in';
import { useCounterRoles } from '../integration/agency/agency-roles';
import { useCounters } from '../integration/agency/counters-helpers';
import { agencySetUp, channelsOf, grantAgencyAdmins } from '../integration/agency/people-helpers';

const INSTALLER = Buffer.from('Packdesk 1.5.0 installer bytes '.repeat(2_000));

describe('an update during an agency outage', () => {
  const counterRole = useCounterRoles();
  const counters = useCounters();
  const tempDir = useTempDir('packdesk-updates-agency-');
  const feed = useUpdateFeed();

  test('the desk downloads the asked-for version while cut off, keeps to the minimum it read, and the back office sees the download once the link heals', async () => {
    await agencySetUp(counters.agency.settings());
    const backOfficeRole = await counterRole('backoffice');
    await grantAgencyAdmins(backOfficeRole);
    const backOffice = await counters.start('Back office', { user: backOfficeRole, version: '1.5.0' });
    const app = new StandInAppAdapter('1.4.2', tempDir());
    const updater = prepareFeedUpdater(new StandInDebUpdater(app), app.userDataPath);
    const desk = await counters.start('Desk 2', { user: await counterRole('desk2'), version: '1.4.2', throughProxy: true, updater });
    await channelsOf(backOffice.core)('agency:set-minimum-version', { version: '1.5.0' });
    await desk.core.agency.peopleShared();
    expect(desk.core.agency.status().fleet?.minimumVersion).toBe('1.5.0');

    // The link to the agency's server goes.
    desk.proxy?.cut('reset');
    await waitUntil(
      () => desk.core.agency.status().link.kind,
      (kind) => kind === 'unreachable',
    );
    const served = await feed({ version: '1.5.0', file: INSTALLER });
    await channelsOf(desk.core)('updates:configure', { feedUrl: served.url, channel: 'stable' });
    const status = await waitUntil(
      () => desk.core.handlers['updates:status']({}),
      (current) => current.state === 'downloaded',
    );
    expect(status).toMatchObject({ available: '1.5.0', version: '1.4.2' });
    expect(desk.core.agency.status().link.kind).toBe('unreachable');
    // The minimum read before the outage still holds, and the words point at the download.
    await expect(heldBooking(desk.core)).rejects.toThrow(
      'The agency asks every counter to run Packdesk 1.5.0 or newer before it sells or changes its bookings; this counter runs 1.4.2. Nothing was sent.',
    );

    // Healed: the back office's list shows the desk's download.
    desk.proxy?.heal();
    await waitUntil(
      async () => {
        await backOffice.core.agency.peopleShared();
        return backOffice.core.agency.status().fleet?.desks.find((each) => each.counterName === 'Desk 2');
      },
      (row) => row?.state === 'downloaded',
      20_000,
    );
    expect(backOffice.core.agency.status().fleet?.desks.find((each) => each.counterName === 'Desk 2')).toMatchObject({
      version: '1.4.2',
      state: 'downloaded',
      available: '1.5.0',
      channel: 'stable',
    });
  });
});

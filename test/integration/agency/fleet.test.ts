import { describe, expect, test } from 'vitest';
import type { AgencyStatus } from '../../../shared/agency';
import { queryAgency } from '../../support/agency-server';
import { heldBooking, waitUntil } from '../../support/engine-helpers';
import { useCounterRoles } from './agency-roles';
import { useCounters } from './counters-helpers';
import type { Counter } from './counters-helpers';
import { agencySetUp, channelsOf, grantAgencyAdmins } from './people-helpers';

/** The fleet list a counter shows: each desk's name, version and update state, and whether it is this one. */
const fleetAt = (counter: Counter) =>
  counter.core.agency.status().fleet?.desks.map((desk) => [desk.counterName, desk.version, desk.state, desk.thisCounter] as const) ?? [];

/** Waits until the counter has read the fleet again since now (its report sent, the list and minimum read back). */
const readAgain = (counter: Counter) => counter.core.agency.peopleShared();

describe('the agency’s fleet', () => {
  const counterRole = useCounterRoles();
  const counters = useCounters();

  test('every counter sees what each desk runs; the minimum version set at the back office holds back the older desk’s writes until lifted', async () => {
    await agencySetUp(counters.agency.settings());
    const backOfficeRole = await counterRole('backoffice');
    await grantAgencyAdmins(backOfficeRole);
    const backOffice = await counters.start('Back office', { user: backOfficeRole, version: '1.5.0' });
    const deskRole = await counterRole('desk1');
    const desk = await counters.start('Desk 1', { user: deskRole, version: '1.4.2' });
    const service = await counters.service();
    // Every write that reaches the service, counted: prebooks and payments.
    const writes = { count: 0 };
    for (const method of ['prebook', 'book'] as const) {
      const original = service.service[method].bind(service.service) as (...args: never[]) => unknown;
      Object.assign(service.service, {
        [method]: (...args: never[]) => {
          writes.count += 1;
          return original(...args);
        },
      });
    }

    // Each desk reports itself; both lists name both, in name order, with what each runs (no feed here: updates off).
    await waitUntil(
      () => fleetAt(desk),
      (fleet) => fleet.filter(([, version]) => version !== null).length === 2,
    );
    expect(fleetAt(desk)).toEqual([
      ['Back office', '1.5.0', 'off', false],
      ['Desk 1', '1.4.2', 'off', true],
      // The set-up's counter (the agency's owner, once) never said what it runs.
      ['Set-up', null, null, false],
    ]);
    await readAgain(backOffice);
    expect(fleetAt(backOffice)).toEqual([
      ['Back office', '1.5.0', 'off', true],
      ['Desk 1', '1.4.2', 'off', false],
      ['Set-up', null, null, false],
    ]);
    expect(desk.core.agency.status().fleet).toMatchObject({ minimumVersion: null, maySetMinimum: false });
    expect(backOffice.core.agency.status().fleet).toMatchObject({ minimumVersion: null, maySetMinimum: true });

    // Only an agency administrator's counter sets it; the desk's try changes nothing, in words.
    await expect(channelsOf(desk.core)('agency:set-minimum-version', { version: '1.5.0' })).rejects.toThrow(
      'agency_admin_required: Only a counter whose agency user is one of the agency’s administrators (packdesk_agency_admins) sets the minimum version. Nothing was changed.',
    );
    await expect(channelsOf(backOffice.core)('agency:set-minimum-version', { version: 'soon' })).rejects.toThrow(
      /A version such as 1\.5\.0/,
    );
    const set = await channelsOf(backOffice.core)<AgencyStatus>('agency:set-minimum-version', { version: '1.5.0' });
    expect(set.fleet?.minimumVersion).toBe('1.5.0');
    const audit = backOffice.core.audit.log.list({ limit: 1 });
    expect(audit[0]).toMatchObject({ action: 'agency.minimum-version', outcome: 'done' });
    expect(audit[0]?.what).toBe('Asked every counter of the agency to run Packdesk 1.5.0 or newer');

    // The older desk reads it and sends nothing to the service on the agency's bookings: a hold, a payment.
    await readAgain(desk);
    expect(desk.core.agency.status().fleet?.minimumVersion).toBe('1.5.0');
    const { booking } = await heldBooking(backOffice.core);
    await waitUntil(
      () => desk.core.ledger.list({ profileId: 1, limit: 10 }).total,
      (total) => total === 1,
    );
    const sentBefore = writes.count;
    const refusal =
      'The agency asks every counter to run Packdesk 1.5.0 or newer before it sells or changes its bookings; this counter runs 1.4.2. Nothing was sent.';
    await expect(heldBooking(desk.core)).rejects.toThrow(refusal);
    const mine = desk.core.ledger.list({ profileId: 1, limit: 10 }).rows[0];
    await expect(desk.core.payments.payWith(mine?.id ?? 0, 'pm_card_visa')).rejects.toThrow(refusal);
    expect(writes.count).toBe(sentBefore);
    // The newer desk goes on selling.
    await backOffice.core.payments.payWith(booking.id, 'pm_card_visa');

    // Lifted, the desk sells again.
    await channelsOf(backOffice.core)('agency:set-minimum-version', { version: '' });
    await readAgain(desk);
    expect(desk.core.agency.status().fleet?.minimumVersion).toBeNull();
    await heldBooking(desk.core);
    expect(writes.count).toBe(sentBefore + 2);
  });

  test('a counter reports for itself only, and sets nothing else: the server refuses another desk’s id, a forged state and a direct write', async () => {
    await agencySetUp(counters.agency.settings());
    const deskRole = await counterRole('desk1');
    const otherRole = await counterRole('desk2');
    const desk = await counters.start('Desk 1', { user: deskRole, version: '1.4.2' });
    const other = await counters.start('Desk 2', { user: otherRole, version: '1.5.0' });
    await waitUntil(
      () => fleetAt(desk),
      (fleet) => fleet.filter(([, version]) => version !== null).length === 2,
    );
    const asDesk = { ...counters.agency.settings(), user: deskRole };
    const otherId = other.core.agency.savedCounterId();
    const deskId = desk.core.agency.savedCounterId();

    await expect(queryAgency(asDesk, "SELECT agency_report_version($1, '9.9.9', 'stable', 'up-to-date', NULL)", [otherId])).rejects.toThrow(
      /does not belong to the user/,
    );
    await expect(queryAgency(asDesk, "SELECT agency_report_version($1, '1.4.2', 'nightly', 'off', NULL)", [deskId])).rejects.toThrow(
      /stable or early/,
    );
    await expect(
      queryAgency(asDesk, "SELECT agency_report_version($1, '1.4.2', 'stable', 'installed everywhere', NULL)", [deskId]),
    ).rejects.toThrow(/update state Packdesk knows/);
    await expect(queryAgency(asDesk, "UPDATE agency_counters SET app_version = '9.9.9'")).rejects.toThrow(/permission denied/);
    await expect(queryAgency(asDesk, "SELECT agency_set_minimum_version($1, '9.9.9')", [deskId])).rejects.toThrow(
      /may not set the agency's minimum version/,
    );
    await expect(
      queryAgency(asDesk, "INSERT INTO agency_fleet_policy (minimum_version, set_at_counter, set_by) VALUES ('9.9.9', $1, 'x')", [deskId]),
    ).rejects.toThrow(/permission denied/);

    // Desk 2 still runs what it said, at every desk.
    await readAgain(desk);
    expect(fleetAt(desk)).toEqual([
      ['Desk 1', '1.4.2', 'off', true],
      ['Desk 2', '1.5.0', 'off', false],
      ['Set-up', null, null, false],
    ]);
    expect(desk.core.agency.status().fleet?.minimumVersion).toBeNull();
  });
});

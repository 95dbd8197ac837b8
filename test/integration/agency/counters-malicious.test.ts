import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { describe, expect, test } from 'vitest';
import type { AgencyBooking } from '../../../electron/core/agency/agency-change';
import { pushChanges } from '../../../electron/core/agency/change-log';
import { connectToAgency } from '../../../electron/core/agency/connect-to-agency';
import { LONGEST_LEASE_MS } from '../../../electron/core/agency/agency-trust-schema';
import type { BookingRecord } from '../../../shared/bookings';
import { queryAgency } from '../../support/agency-server';
import { waitUntil } from '../../support/engine-helpers';
import { useCounterRoles } from './agency-roles';
import { converged, countCancels, useCounters } from './counters-helpers';
import type { Counter } from './counters-helpers';
import { holdAt } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

/** What another counter must never be able to change of a booking: every field of the agency's record and of each desk's copy. */
const recordOf = async (settings: ReturnType<ReturnType<typeof useCounters>['agency']['settings']>) =>
  queryAgency<Record<string, unknown>>(settings, 'SELECT * FROM agency_bookings ORDER BY booking_key');

const copiesAt = (desk: Counter): BookingRecord[] => desk.core.ledger.list({ profileId: 1, limit: 100 }).rows;

/** The change a counter would push for the booking, from its own copy: what the agency and the others already hold. */
function asChange(booking: BookingRecord, bookingKey: string): AgencyBooking {
  return {
    kind: 'booking',
    bookingKey,
    serviceBookingId: booking.serviceBookingId,
    status: booking.status,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    holderName: booking.holder.name,
    holderSurname: booking.holder.surname,
    holderEmail: booking.holder.email,
    packageId: booking.packageId,
    packageTitle: booking.packageTitle,
    propertyId: booking.propertyId,
    propertyName: booking.propertyName,
    adults: booking.adults,
    paxAges: booking.paxAges,
    items: booking.items,
    totalMinor: booking.totalMinor,
    currency: booking.currency,
    clientReference: booking.clientReference,
    bookingReference: booking.bookingReference,
    inFlight: null,
    createdAt: booking.createdAt,
    updatedAt: new Date().toISOString(),
    revision: 1_000,
    basedOn: null,
    madeBy: null,
    madeAtCounter: null,
    changedBy: null,
    changedApprover: null,
    changedAtCounter: null,
  };
}

/** A PostgreSQL error code from a refused query (42501: insufficient privilege). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : (error as Error).message;
  }
  return 'accepted';
}

describe('a counter on its own PostgreSQL role is a peer, not an authority', () => {
  const counterRole = useCounterRoles();
  const counters = useCounters();

  test('a malicious counter (its own role) pushing crafted changes and writing the tables directly changes nothing of another counter’s bookings, at the agency or at any desk', async () => {
    const random = seeded(2601);
    const desk1 = await counters.start('Desk 1');
    const desk2 = await counters.start('Desk 2', { user: await counterRole('desk2') });
    const desks = [desk1, desk2];
    const settings = counters.agency.settings();
    const sold = await holdAt(desk1, random, 1);
    await holdAt(desk2, random, 2);
    await converged(desks, settings);
    const key = desk1.core.agency.ledger.placeOf(sold.id)?.agencyKey as string;
    const recordBefore = await recordOf(settings);
    const copiesBefore = desks.map(copiesAt);
    expect(recordBefore).toHaveLength(2);

    const evilRole = await counterRole('desk4');
    const evilId = randomUUID();
    const evil: Pool = await connectToAgency({ ...settings, user: evilRole }, { counterId: evilId, name: 'Desk 4' });
    try {
      const desk1Id = desk1.core.agency.ledger.membership()?.counterId as string;
      const repointed = { ...asChange(sold, key), serviceBookingId: 999_999 };

      // Writing as another counter: its pushes, its name, its leases.
      expect(await refusal(pushChanges(evil, desk1Id, [{ counterSeq: 1, change: repointed }]))).toBe('42501');
      expect(await refusal(connectToAgency({ ...settings, user: evilRole }, { counterId: desk1Id, name: 'Desk 1 (mine now)' }))).toMatch(
        /agency_login_refused|42501/,
      );
      expect(await refusal(evil.query('SELECT agency_take_lease($1, $2, $3, $4, $5)', [desk1Id, key, 'write', randomUUID(), 1_000]))).toBe(
        '42501',
      );
      // Writing the tables directly.
      for (const sql of [
        `UPDATE agency_bookings SET service_booking_id = 999999, status = 'Cancelled'`,
        `DELETE FROM agency_bookings`,
        `INSERT INTO agency_changes (counter_id, counter_seq, booking_key, kind, body) VALUES ('${desk1Id}', 99, '${key}', 'booking', '{}')`,
        `UPDATE agency_counters SET role_name = current_user`,
        `DELETE FROM agency_leases`,
        `TRUNCATE agency_changes`,
      ]) {
        expect(await refusal(evil.query(sql)), sql).toBe('42501');
      }
      // A change the server will not take at all: a field it does not keep.
      expect(await refusal(pushChanges(evil, evilId, [{ counterSeq: 1, change: { ...repointed, holderEmail: 'x'.repeat(400) } }]))).toMatch(
        /invalid_input|22023/,
      );
      // As itself: Desk 1's booking re-pointed at another service booking, and a booking forged under Desk 1's name.
      await pushChanges(evil, evilId, [
        { counterSeq: 1, change: repointed },
        { counterSeq: 2, change: { ...asChange(sold, `${desk1Id}/4242`), clientReference: 'PD-FORGED-1' } },
      ]);
      // A lease for ten years is granted for the server's longest.
      const [lease] = (
        await evil.query<{ seconds: string }>(
          "SELECT extract(epoch FROM agency_take_lease($1, $2, 'track', $3, $4) - clock_timestamp()) AS seconds",
          [evilId, `${evilId}/1`, randomUUID(), 10 * 365 * 86_400_000],
        )
      ).rows;
      expect(Number(lease?.seconds)).toBeLessThanOrEqual(LONGEST_LEASE_MS / 1000);
    } finally {
      await evil.end();
    }

    await converged(desks, settings);
    expect(await recordOf(settings)).toEqual(recordBefore);
    expect(desks.map(copiesAt)).toEqual(copiesBefore);
    // Each desk says what it would not take, and from whom.
    for (const desk of desks) {
      await waitUntil(
        () => desk.core.agency.status().setAside,
        (setAside) => setAside.length > 0,
      );
      expect(desk.core.agency.status().setAside, desk.name).toEqual([{ counterName: 'Desk 4', count: 2 }]);
    }
  });

  test('a final status another counter claims is confirmed with the service before a counter acts on it: a false “Cancelled” is undone everywhere, nothing sent to the service', async () => {
    const random = seeded(2603);
    const desk1 = await counters.start('Desk 1');
    const desk2 = await counters.start('Desk 2', { user: await counterRole('desk2') });
    const desks = [desk1, desk2];
    const settings = counters.agency.settings();
    const sandbox = await counters.service();
    const cancels = countCancels(sandbox);
    const sold = await holdAt(desk1, random, 1);
    const serviceId = sold.serviceBookingId as number;
    await converged(desks, settings);
    const key = desk1.core.agency.ledger.placeOf(sold.id)?.agencyKey as string;

    const evilId = randomUUID();
    const evil: Pool = await connectToAgency({ ...settings, user: await counterRole('desk4') }, { counterId: evilId, name: 'Desk 4' });
    try {
      await pushChanges(evil, evilId, [{ counterSeq: 1, change: { ...asChange(sold, key), status: 'Cancelled' } }]);
    } finally {
      await evil.end();
    }
    // Every desk reads the service itself, which still holds the booking: the claim is undone at every desk and at the agency.
    const statuses = async () => ({
      agency: (await queryAgency<{ status: string }>(settings, 'SELECT status FROM agency_bookings WHERE booking_key = $1', [key]))[0]
        ?.status,
      desks: desks.map((desk) => desk.core.ledger.findByServiceId(1, serviceId)?.status),
    });
    await waitUntil(statuses, (seen) => seen.agency === 'Pending' && seen.desks.every((status) => status === 'Pending'), 10_000);
    await converged(desks, settings);
    expect(await statuses()).toEqual({ agency: 'Pending', desks: ['Pending', 'Pending'] });
    expect(sandbox.service.ledger(serviceId).booking?.status).toBe('Pending');
    expect(cancels.get(serviceId) ?? 0).toBe(0);
    // And the booking can be cancelled for real at either desk afterwards.
    expect((await desk2.core.engine.cancel(desk2.core.ledger.findByServiceId(1, serviceId)?.id ?? 0, 'Traveler asked')).status).toBe(
      'Cancelled',
    );
  });

  test('one malformed change in the agency’s log (a server not to be trusted either) is set aside and the feed goes on for every counter', async () => {
    const random = seeded(2602);
    const desk1 = await counters.start('Desk 1');
    const desk2 = await counters.start('Desk 2');
    const desks = [desk1, desk2];
    const settings = counters.agency.settings();
    const first = await holdAt(desk1, random, 1);
    await converged(desks, settings);
    const desk1Id = desk1.core.agency.ledger.membership()?.counterId as string;
    const firstKey = desk1.core.agency.ledger.placeOf(first.id)?.agencyKey as string;

    // Rows a counter's own checks would never send (a key in a booking, a card number in a timeline line): written at the server.
    await queryAgency(
      settings,
      `INSERT INTO agency_changes (counter_id, counter_seq, booking_key, kind, body) VALUES
         ($1, 1000, $2, 'booking', '{"kind": "booking", "bookingKey": "x", "apiKey": "sk_live_123"}'),
         ($1, 1001, $2, 'event', $3::jsonb)`,
      [
        desk1Id,
        firstKey,
        JSON.stringify({
          kind: 'event',
          bookingKey: firstKey,
          at: new Date().toISOString(),
          type: 'note',
          summary: 'card 4242 4242 4242 4242',
        }),
      ],
    );
    const made = await holdAt(desk1, random, 2);
    await converged(desks, settings);
    expect(desk2.core.ledger.findByServiceId(1, made.serviceBookingId as number)?.holder.surname).toBe(made.holder.surname);
    expect(desk2.core.agency.status().setAside).toEqual([{ counterName: 'Desk 1', count: 2 }]);
    const firstThere = desk2.core.ledger.findByServiceId(1, first.serviceBookingId as number);
    expect(JSON.stringify(desk2.core.ledger.timeline(firstThere?.id ?? 0))).not.toContain('4242');
  });
});

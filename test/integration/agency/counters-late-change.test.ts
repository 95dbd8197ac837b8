import { beforeEach, describe, expect, test } from 'vitest';
import type { AgencyConnectionSettings } from '../../../electron/core/agency/agency-connection';
import type { Core } from '../../../electron/core/core';
import type { BookingRecord } from '../../../shared/bookings';
import { queryAgency } from '../../support/agency-server';
import { waitUntil } from '../../support/engine-helpers';
import { converged, useCounters } from './counters-helpers';
import type { Counter } from './counters-helpers';
import { NOTHING_DIVERGES, settledDivergence } from './counters-compare-helpers';
import { holdAt } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

// A counter cut off from the agency reads a booking's new status from the service; meanwhile another
// counter changes the booking. The cut-off counter's read reaches the agency after the other's change.

/** How long the training supplier takes to confirm a paid booking: longer than a test, unless the test moves the service's clock on. */
const SUPPLIER_DELAY_MS = 10 * 60_000;

/** A booking's status, stay and total: what the late read carries and the newer change replaced. */
interface StayState {
  status: string;
  checkIn: string;
  checkOut: string;
  totalMinor: number;
}

const stateOf = (booking: Pick<BookingRecord, keyof StayState>): StayState => ({
  status: booking.status,
  checkIn: booking.checkIn,
  checkOut: booking.checkOut,
  totalMinor: booking.totalMinor,
});

/** The counter's copy of the service's booking. */
function copyAt(desk: Counter, serviceId: number): BookingRecord {
  const found = desk.core.ledger.findByServiceId(1, serviceId);
  if (!found) throw new Error(`${desk.name} does not have service booking ${serviceId}`);
  return found;
}

/** The agency's record of the booking (agency_bookings), days as text and the total as a number. */
async function agencyRecord(settings: AgencyConnectionSettings, bookingKey: string): Promise<StayState | null> {
  const [row] = await queryAgency<{ status: string; check_in: string; check_out: string; total: string }>(
    settings,
    `SELECT status, check_in::text AS check_in, check_out::text AS check_out, total_minor::text AS total
     FROM agency_bookings WHERE booking_key = $1`,
    [bookingKey],
  );
  return row ? { status: row.status, checkIn: row.check_in, checkOut: row.check_out, totalMinor: Number(row.total) } : null;
}

/** The counter that holds the booking's tracker lease (the one that reads it from the service), or null. */
async function trackerOf(settings: AgencyConnectionSettings, bookingKey: string): Promise<string | null> {
  const [row] = await queryAgency<{ name: string }>(
    settings,
    `SELECT n.name FROM agency_leases l JOIN agency_counters n USING (counter_id)
     WHERE l.booking_key = $1 AND l.kind = 'track' AND l.expires_at > clock_timestamp()`,
    [bookingKey],
  );
  return row?.name ?? null;
}

/** Dates the same number of days later where the same stay costs less: a change the service makes at once, refunding the difference. */
async function cheaperDates(core: Core, booking: BookingRecord) {
  const shift = (day: string, days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
  for (let days = 1; days < 150; days += 1) {
    const checkIn = shift(booking.checkIn, days);
    const checkOut = shift(booking.checkOut, days);
    const quote = await core.engine.price({
      packageId: booking.packageId,
      packageTitle: booking.packageTitle,
      propertyId: booking.propertyId,
      propertyName: booking.propertyName,
      checkIn,
      checkOut,
      adults: booking.adults,
    });
    if (quote.available && quote.totalMinor < booking.totalMinor) return { checkIn, checkOut, totalMinor: quote.totalMinor };
  }
  throw new Error(`no cheaper dates for ${booking.checkIn} to ${booking.checkOut}`);
}

describe('a counter’s late change over a newer change made at another counter', () => {
  // The service's clock runs this far ahead of the real one: the supplier confirms when the test moves it on, never by a timer.
  let serviceClockAheadMs = 0;
  beforeEach(() => {
    serviceClockAheadMs = 0;
  });
  const counters = useCounters({ controls: { supplierDelayMs: SUPPLIER_DELAY_MS }, now: () => Date.now() + serviceClockAheadMs });

  /**
   * Desk A sells and takes the card; both desks have the booking waiting for its supplier. Desk A is cut
   * off, the supplier confirms, and Desk A reads Paid: its ledger says Paid (the old total), its outbox
   * holds the change, unsent. Desk B's copy still says Confirming, as Desk A last sent it.
   */
  async function paidAtDeskACutOff(seed: number) {
    // Desk A's tracker lease as long as the app's own (90 s): Desk B does not take over reading the booking during the test.
    const deskA = await counters.start('Desk A', { throughProxy: true, timings: { trackLeaseMs: 90_000 } });
    const deskB = await counters.start('Desk B');
    const desks = [deskA, deskB];
    const settings = counters.agency.settings();
    const sandbox = await counters.service();
    const held = await holdAt(deskA, seeded(seed), 1);
    const serviceId = held.serviceBookingId as number;
    const bookingKey = deskA.core.agency.ledger.placeOf(held.id)?.agencyKey as string;

    await deskA.core.payments.payWith(held.id, 'pm_card_visa');
    deskA.core.reconciler.soon(held.id);
    await waitUntil(
      () => deskA.core.ledger.get(held.id)?.status,
      (status) => status === 'Confirming',
    );
    // Desk A follows the booking from now on: its write lease let go, it holds the tracker lease.
    await waitUntil(
      () => trackerOf(settings, bookingKey),
      (name) => name === 'Desk A',
    );
    await converged(desks, settings);
    expect(copyAt(deskB, serviceId).status).toBe('Confirming');

    deskA.proxy?.cut('reset');
    await waitUntil(
      () => deskA.core.agency.status().link.kind,
      (kind) => kind === 'unreachable',
    );
    serviceClockAheadMs += SUPPLIER_DELAY_MS;
    sandbox.service.settleDue();
    expect(sandbox.service.ledger(serviceId).booking?.status).toBe('Paid');
    // Desk A cannot ask for its tracker lease, so it reads anyway (a read changes nothing at the service).
    await waitUntil(
      () => ({ status: deskA.core.ledger.get(held.id)?.status, unsent: deskA.core.agency.ledger.outbox.size() }),
      (state) => state.status === 'Paid' && state.unsent > 0,
    );
    expect(copyAt(deskB, serviceId).status).toBe('Confirming');
    return { deskA, deskB, desks, settings, sandbox, serviceId, bookingKey, paidAtA: stateOf(copyAt(deskA, serviceId)) };
  }

  test('a "Paid" read at a cut-off counter reaches the agency after another counter cancelled the booking: every copy says Cancelled, and no timeline says Paid after the cancellation', async () => {
    const { deskA, deskB, desks, settings, sandbox, serviceId, bookingKey } = await paidAtDeskACutOff(1501);
    // Desk B holds the agency's write lease (nobody else writes the booking) and cancels it at the service.
    expect((await deskB.core.engine.cancel(copyAt(deskB, serviceId).id, 'Traveler changed plans')).status).toBe('Cancelled');
    expect(sandbox.service.ledger(serviceId).booking?.status).toBe('Cancelled');
    // Desk B's outcome reaches the agency by its outbox, a moment after the agent is told.
    await waitUntil(
      () => agencyRecord(settings, bookingKey),
      (record) => record?.status === 'Cancelled',
    );

    deskA.proxy?.heal();
    await converged(desks, settings);
    // Soft, as the timeline's check: a failure shows every copy, every timeline and the full comparison at once.
    const statuses = {
      service: sandbox.service.ledger(serviceId).booking?.status,
      agency: (await agencyRecord(settings, bookingKey))?.status,
      'Desk A': copyAt(deskA, serviceId).status,
      'Desk B': copyAt(deskB, serviceId).status,
    };
    expect.soft(statuses).toEqual({ service: 'Cancelled', agency: 'Cancelled', 'Desk A': 'Cancelled', 'Desk B': 'Cancelled' });
    // What the agent reads last on the booking's timeline is the cancellation, never a status from before it.
    for (const desk of desks) {
      const timeline = desk.core.ledger.timeline(copyAt(desk, serviceId).id);
      const cancelledAt = timeline.findIndex((line) => line.type === 'cancelled');
      expect(cancelledAt, `${desk.name} has the cancellation on its timeline`).toBeGreaterThanOrEqual(0);
      const paidAfterCancel = timeline.slice(cancelledAt + 1).filter((line) => line.summary.startsWith('Status is now Paid'));
      expect.soft(paidAfterCancel, `${desk.name}: "Status is now Paid" after the cancellation`).toEqual([]);
    }
    expect(await settledDivergence(desks, settings, sandbox)).toEqual(NOTHING_DIVERGES);
  });

  test('a read at a cut-off counter reaches the agency after another counter changed the dates: every copy shows the service’s stay and total', async () => {
    const { deskA, deskB, desks, settings, sandbox, serviceId, bookingKey, paidAtA } = await paidAtDeskACutOff(1502);
    const before = copyAt(deskB, serviceId);
    const dates = await cheaperDates(deskB.core, before);
    const change = { bookingId: before.id, dates: { checkIn: dates.checkIn, checkOut: dates.checkOut } };
    expect(await deskB.core.engine.previewChange(change)).toMatchObject({ paymentRequired: false });
    expect(await deskB.core.engine.confirmChange(change)).toMatchObject({ ...dates, status: 'Paid', pendingModification: null });
    const atService = sandbox.service.ledger(serviceId).booking;
    const serviceState: StayState = {
      status: atService?.status ?? '',
      checkIn: atService?.check_in ?? '',
      checkOut: atService?.check_out ?? '',
      totalMinor: atService?.total_minor ?? 0,
    };
    expect(serviceState).toEqual({ status: 'Paid', ...dates });
    // Desk A's unsent read is the stay before the change: the old dates and total, Paid.
    expect(paidAtA).toEqual({ status: 'Paid', checkIn: before.checkIn, checkOut: before.checkOut, totalMinor: before.totalMinor });
    await waitUntil(
      () => agencyRecord(settings, bookingKey),
      (record) => JSON.stringify(record) === JSON.stringify(serviceState),
    );

    deskA.proxy?.heal();
    await converged(desks, settings);
    // Soft: a failure shows every copy and the full comparison at once.
    const copies = {
      service: serviceState,
      agency: await agencyRecord(settings, bookingKey),
      'Desk A': stateOf(copyAt(deskA, serviceId)),
      'Desk B': stateOf(copyAt(deskB, serviceId)),
    };
    expect.soft(copies).toEqual({ service: serviceState, agency: serviceState, 'Desk A': serviceState, 'Desk B': serviceState });
    expect(await settledDivergence(desks, settings, sandbox)).toEqual(NOTHING_DIVERGES);
  });
});

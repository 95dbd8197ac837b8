import { expect, test } from 'vitest';
import type { BookingRecord } from '../../../shared/bookings';
import { waitUntil } from '../../support/engine-helpers';
import { converged, useCounters } from './counters-helpers';
import type { Counter } from './counters-helpers';
import { NOTHING_DIVERGES, settledDivergence } from './counters-compare-helpers';
import { holdAt } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';
import { dearerDates } from '../../support/stays';

// A traveler asks Desk A for a dearer stay and is sent its payment link; before paying, they (or someone
// travelling with them) ask Desk B for the same stay. Desk B must not make it a second time: the traveler
// would be asked to pay for the same change twice, and the service would record two changes.

/** How long the training supplier takes to confirm a paid booking: the test moves the service's clock past it. */
const SUPPLIER_DELAY_MS = 10 * 60_000;

function copyAt(desk: Counter, serviceId: number): BookingRecord {
  const found = desk.core.ledger.findByServiceId(1, serviceId);
  if (!found) throw new Error(`${desk.name} does not have service booking ${serviceId}`);
  return found;
}

let serviceClockAheadMs = 0;
const counters = useCounters({ controls: { supplierDelayMs: SUPPLIER_DELAY_MS }, now: () => Date.now() + serviceClockAheadMs });

test('a change waiting for the traveler’s payment at one desk, paid before that desk has seen it, is not made again at another: refused in words, nothing sent; then every copy shows the new stay', async () => {
  const deskA = await counters.start('Desk A');
  const deskB = await counters.start('Desk B');
  const desks = [deskA, deskB];
  const settings = counters.agency.settings();
  const sandbox = await counters.service();
  const held = await holdAt(deskA, seeded(1503), 1);
  const serviceId = held.serviceBookingId as number;
  await deskA.core.payments.payWith(held.id, 'pm_card_visa');
  serviceClockAheadMs += SUPPLIER_DELAY_MS;
  sandbox.service.settleDue();
  deskA.core.reconciler.soon(held.id);
  await waitUntil(
    () => deskA.core.ledger.get(held.id)?.status,
    (status) => status === 'Paid',
  );
  await converged(desks, settings);

  const dates = await dearerDates(deskA.core, held);
  const atA = { bookingId: held.id, dates };
  expect(await deskA.core.engine.previewChange(atA)).toMatchObject({ paymentRequired: true });
  const waiting = await deskA.core.engine.confirmChange(atA);
  const link = waiting.pendingModification?.paymentLink;
  expect(link, 'Desk A has the payment link to give the traveler').toMatch(/^http/);
  await converged(desks, settings);
  // Changes the service was asked to make: each is either made at once or waits for its payment.
  const changesMade = () =>
    sandbox.service
      .ledger(serviceId)
      .events.filter(
        (event) =>
          event.type === 'modification_payment_required' || (event.type === 'modified' && !String(event.data).includes('"paid":true')),
      ).length;
  expect(changesMade()).toBe(1);

  // The traveler pays at the link Desk A gave; before Desk A reads the booking again, Desk B is asked for the same
  // stay. Its copy still shows the old dates (a preview would say "no difference"): told why not, in words, before
  // a price is shown and at confirm, and nothing sent.
  await fetch(link as string, { method: 'POST' });
  const atB = { bookingId: copyAt(deskB, serviceId).id, dates };
  expect(copyAt(deskB, serviceId)).toMatchObject({ checkIn: held.checkIn, checkOut: held.checkOut });
  const refusal = {
    code: 'change_awaiting_payment',
    message: expect.stringContaining('made at another counter is waiting for the traveler’s payment'),
    hint: expect.stringMatching(/^Nothing was sent\./),
  };
  await expect(deskB.core.engine.previewChange(atB)).rejects.toMatchObject(refusal);
  await expect(deskB.core.engine.confirmChange(atB)).rejects.toMatchObject(refusal);
  expect(changesMade(), 'changes the service recorded').toBe(1);

  // Desk A sees its change made, and so does every copy.
  deskA.core.reconciler.soon(held.id);
  await waitUntil(
    () => copyAt(deskB, serviceId),
    (booking) => booking.checkIn === dates.checkIn && booking.inFlight === null,
  );
  await converged(desks, settings);
  expect(copyAt(deskB, serviceId)).toMatchObject({ ...dates, status: 'Paid', inFlight: null });
  expect(changesMade()).toBe(1);
  expect(await settledDivergence(desks, settings, sandbox)).toEqual(NOTHING_DIVERGES);
});

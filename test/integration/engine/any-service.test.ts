import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { SPEC_STATUS_RULES } from '../../../shared/status-rules';
import { heldBooking, paidAtCounter, useCore, waitUntil } from '../../support/engine-helpers';
import { daysFromNow, useSandbox } from '../../support/sandbox-helpers';

// The client against a service that keeps the contract but chose differently from the one it was
// written beside (the built-in service's alternate dialect, docs/service-behaviour.md).
const sandbox = useSandbox({ dialect: 'alternate' });
const core = useCore();

/** The Training profile with only what the spec shows: Pending, Paid, Cancelled. */
async function specOnlyCore(service: Awaited<ReturnType<typeof sandbox>>): Promise<Core> {
  const { core: engineCore } = await core(service);
  await engineCore.profiles.setStatusRules(1, SPEC_STATUS_RULES);
  return engineCore;
}

describe('a service that keeps Pending after book, and names its statuses its own way', () => {
  test('Pending with a reference is paid for: followed until Paid', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 300 } });
    const engineCore = await specOnlyCore(service);
    const { booking } = await heldBooking(engineCore);
    const outcome = await engineCore.payments.payWith(booking.id, 'pm_card_visa');
    expect(outcome.booking).toMatchObject({ status: 'Pending', bookingReference: expect.stringMatching(/^BKG-/) });
    engineCore.reconciler.soon(booking.id);
    const settled = await waitUntil(
      () => engineCore.ledger.get(booking.id),
      (record) => record?.status === 'Paid',
    );
    expect(settled?.bookingReference).toBe(outcome.booking.bookingReference);
  });

  test('a status the rules do not name is kept verbatim and followed; once the agency says it is final, it is no longer checked', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 50, supplierOutcome: 'reject' } });
    const engineCore = await specOnlyCore(service);
    const { booking } = await heldBooking(engineCore);
    await engineCore.payments.payWith(booking.id, 'pm_card_visa');
    engineCore.reconciler.soon(booking.id);
    const rejected = await waitUntil(
      () => engineCore.ledger.get(booking.id),
      (record) => record?.status === 'Rejected',
    );
    expect(engineCore.ledger.timeline(booking.id).at(-1)).toMatchObject({ type: 'status', summary: 'Status is now Rejected.' });
    // Not final under the spec's rules: still on the reconciler's schedule.
    expect(engineCore.ledger.dueBookings(Number.MAX_SAFE_INTEGER, 100).map((row) => row.id)).toContain(rejected?.id);

    await engineCore.profiles.setStatusRules(1, {
      ...SPEC_STATUS_RULES,
      final: [...SPEC_STATUS_RULES.final, 'Rejected'],
      notCancellable: ['Cancelled', 'Rejected'],
    });
    await engineCore.engine.refresh(booking.id);
    engineCore.reconciler.soon(booking.id);
    await waitUntil(
      () => engineCore.ledger.dueBookings(Number.MAX_SAFE_INTEGER, 100).map((row) => row.id),
      (due) => !due.includes(booking.id),
    );
  });

  test('a declined card: the bank’s reason under this service’s own field name, in Packdesk’s words', async () => {
    const service = await sandbox();
    const engineCore = await specOnlyCore(service);
    const { booking } = await heldBooking(engineCore);
    await expect(engineCore.payments.payWith(booking.id, 'pm_card_chargeDeclinedInsufficientFunds')).rejects.toMatchObject({
      code: 'card_declined',
      message: 'The card has insufficient funds for this amount.',
    });
    expect(engineCore.ledger.get(booking.id)).toMatchObject({ bookingReference: null, inFlight: null });
  });
});

describe('refusals are learnt and explained, in the service’s own words', () => {
  test('a cancel refused while a change waits for payment: the agent reads why, and the status is learnt as not cancellable', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const engineCore = await specOnlyCore(service);
    const booking = await paidAtCounter(engineCore);
    // A change that costs more: the service puts the booking in its own ChangePending.
    let change = null;
    for (let shift = 1; shift < 120 && !change; shift += 1) {
      const candidate = { bookingId: booking.id, dates: { checkIn: daysFromNow(150 + shift), checkOut: daysFromNow(153 + shift) } };
      const preview = await engineCore.engine.previewChange(candidate).catch(() => null);
      if (preview?.paymentRequired) change = candidate;
    }
    if (!change) throw new Error('no dearer dates');
    await engineCore.engine.confirmChange(change);
    const waiting = await engineCore.engine.refresh(booking.id);
    expect(waiting).toMatchObject({ status: 'ChangePending', pendingModification: { reference: expect.any(String) } });

    await expect(engineCore.engine.cancel(booking.id, 'Traveler changed plans')).rejects.toMatchObject({
      code: 'cancel_refused',
      message: expect.stringMatching(
        /^The service refused to cancel this booking, which it shows as ChangePending: “.+”\. Nothing was changed\.$/,
      ),
    });
    expect(engineCore.profiles.find(1).statusRules.notCancellable).toContain('ChangePending');
    expect(engineCore.ledger.get(booking.id)).toMatchObject({ status: 'ChangePending', inFlight: null });

    // The traveler pays; the booking is Paid again, with the new dates, and can be cancelled.
    await fetch(waiting.pendingModification?.paymentLink as string, { method: 'POST' });
    const landed = await waitUntil(
      () => engineCore.ledger.get(booking.id),
      (record) => record?.pendingModification === null && record.status === 'Paid',
    );
    expect(landed).toMatchObject({ checkIn: change.dates.checkIn, checkOut: change.dates.checkOut });
    expect((await engineCore.engine.cancel(booking.id, 'Traveler changed plans')).status).toBe('Cancelled');
  });

  test('a refusal the ledger was behind on is explained by the booking read back, and teaches nothing wrong', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const engineCore = await specOnlyCore(service);
    const booking = await paidAtCounter(engineCore);
    // Cancelled at the service by someone else (its support, another counter): the ledger still says Paid.
    const elsewhere = await fetch(`${service.url}/api/partner/v1/bookings/${booking.serviceBookingId}/cancel`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.keys.liveKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ cancellation_reason: 'Cancelled by phone' }),
    });
    expect(elsewhere.status).toBe(200);
    await expect(engineCore.engine.cancel(booking.id, 'Traveler changed plans')).rejects.toMatchObject({
      code: 'cancel_refused',
      message: expect.stringContaining('which it shows as Cancelled'),
    });
    expect(engineCore.ledger.get(booking.id)?.status).toBe('Cancelled');
    expect(engineCore.profiles.find(1).statusRules).toMatchObject({ notCancellable: ['Cancelled'], modifiable: ['Paid'] });
  });
});

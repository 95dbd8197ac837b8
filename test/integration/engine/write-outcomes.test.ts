import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { asBuiltInService } from '../../../electron/main/built-in-service';
import type { Sandbox } from '../../../electron/sandbox/sandbox';
import type { BookingRecord } from '../../../shared/bookings';
import { heldBooking, paidAtCounter, useCore, waitUntil } from '../../support/engine-helpers';
import { callApi, useSandbox } from '../../support/sandbox-helpers';

const core = useCore();
const sandbox = useSandbox();

/** Someone else cancels the booking at the service, behind this counter's back. */
async function cancelledAtService(service: Sandbox, booking: BookingRecord): Promise<void> {
  const { testKey, liveKey } = asBuiltInService(service);
  const statuses: number[] = [];
  for (const key of [testKey, liveKey]) {
    const answer = await callApi(service, 'POST', `/bookings/${booking.serviceBookingId}/cancel`, key, {
      cancellation_reason: 'Cancelled by phone',
    });
    statuses.push(answer.status);
  }
  expect(statuses).toContain(200);
}

/** The write's last two lines: the line that sent it and the line after it (a read the refusal led to may follow them). */
const sentAndOutcome = (engineCore: Core, bookingId: number) => {
  const timeline = engineCore.ledger.timeline(bookingId);
  const sentAt = timeline.findLastIndex((line) => line.type.endsWith('_intent'));
  return { sent: timeline[sentAt], outcome: timeline[sentAt + 1], after: timeline.slice(sentAt + 2).map((line) => line.type) };
};

describe('every write’s outcome ends its timeline lines', () => {
  test('a refused cancellation: the service’s words are the last line, not "Sending the cancellation"', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const { core: engineCore } = await core(service);
    const booking = await paidAtCounter(engineCore);
    await cancelledAtService(service, booking);
    await expect(engineCore.engine.cancel(booking.id, 'Traveler fell ill')).rejects.toMatchObject({ code: expect.any(String) });
    const { sent, outcome, after } = sentAndOutcome(engineCore, booking.id);
    expect(sent).toMatchObject({ type: 'cancel_intent', summary: 'Sending the cancellation to the service.' });
    expect(outcome).toMatchObject({ type: 'refused', summary: expect.stringMatching(/^Refused by the service: .*already cancelled/i) });
    // The read the refusal led to tells what the service shows now; no write line is left open.
    expect(after).toEqual(['status']);
  });

  test('a refused change: the refusal is the last line', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const { core: engineCore } = await core(service);
    const booking = await paidAtCounter(engineCore);
    const checkIn = new Date(Date.parse(booking.checkIn) + 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.parse(booking.checkOut) + 86_400_000).toISOString().slice(0, 10);
    const change = { bookingId: booking.id, dates: { checkIn, checkOut } };
    await engineCore.engine.previewChange(change);
    await cancelledAtService(service, booking);
    await expect(engineCore.engine.confirmChange(change)).rejects.toMatchObject({ code: expect.any(String) });
    const { sent, outcome, after } = sentAndOutcome(engineCore, booking.id);
    expect(sent).toMatchObject({ type: 'modification_intent' });
    expect(outcome).toMatchObject({ type: 'refused', summary: expect.stringMatching(/^Refused by the service: /) });
    expect(after.every((type) => type === 'status')).toBe(true);
  });

  test('a refused payment other than a decline: the refusal is the last line', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const { core: engineCore } = await core(service);
    const { booking } = await heldBooking(engineCore);
    await cancelledAtService(service, booking);
    await expect(engineCore.payments.payWith(booking.id, 'pm_card_visa')).rejects.toMatchObject({ code: expect.any(String) });
    const { sent, outcome, after } = sentAndOutcome(engineCore, booking.id);
    expect(sent).toMatchObject({ type: 'book_intent' });
    expect(outcome).toMatchObject({ type: 'refused', summary: expect.stringMatching(/^Refused by the service: /) });
    expect(after.every((type) => type === 'status')).toBe(true);
  });

  test('a lost answer: "not confirmed yet" follows the sending line, and the outcome a read shows ends it', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const { core: engineCore } = await core(service);
    const booking = await paidAtCounter(engineCore);
    service.controls.queueFaults([{ kind: 'drop_after_commit', path: '/cancel$' }]);
    await engineCore.engine.cancel(booking.id, 'Traveler fell ill').catch(() => null);
    const settled = await waitUntil(
      () => engineCore.ledger.timeline(booking.id),
      (timeline) => timeline.at(-1)?.type === 'reconciled',
      10_000,
    );
    const sentAt = settled.findIndex((line) => line.type === 'cancel_intent');
    expect(settled.slice(sentAt).map((line) => line.type)).toEqual(['cancel_intent', 'not_confirmed', 'reconciled']);
    expect(settled[sentAt + 1]?.summary).toMatch(/^Cancellation not confirmed yet/);
    expect(settled.at(-1)?.summary).toMatch(/shows the booking Cancelled/);
  });
});

/**
 * A change whose refund or charge is above its profile's threshold waits for a supervisor's PIN,
 * decided in main from the preview main itself asked the service for; through the channels as the
 * screens call them, against the built-in service on loopback.
 */
import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { AuditEntry } from '../../../shared/audit';
import type { BookingRecord, PriceSummary } from '../../../shared/bookings';
import { onTestProfile, paidAtCounter, useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';

const sandbox = useSandbox();
const core = useCore();

/** The same stay a few days later at a lower price: a change that refunds the traveler. */
async function cheaperDates(counter: Core, booking: BookingRecord) {
  for (let days = 1; days < 150; days += 1) {
    const shift = (date: string) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
    const checkIn = shift(booking.checkIn);
    const checkOut = shift(booking.checkOut);
    const quote = await counter.engine.price({ ...booking, checkIn, checkOut });
    if (quote.available && quote.totalMinor < booking.totalMinor) return { checkIn, checkOut };
  }
  throw new Error('no cheaper dates');
}

describe('a change above the profile’s threshold', () => {
  test('needs a supervisor’s approval before anything is sent; at or under it, none', { timeout: 120_000 }, async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const { core: counter } = await core(service);
    const profile = await onTestProfile(counter, service);
    const booking = await paidAtCounter(counter);
    const dispatch = createDispatcher(counter.handlers);
    const call = async <T>(channel: string, input: unknown): Promise<T> => {
      const answer = await dispatch(channel, input);
      if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
      return answer.value as T;
    };
    const rita = (await counter.agents.create('Rita', 'administrator', '1357')).id;
    const bo = (await counter.agents.create('Bo', 'agent', '1111')).id;
    const cy = (await counter.agents.create('Cy', 'supervisor', '2222')).id;

    const later = await cheaperDates(counter, booking);
    const change = { bookingId: booking.id, dates: later };
    await call('people:sign-in', { agentId: bo, pin: '1111' });
    const refund = await call<PriceSummary>('bookings:preview-change', change);
    const difference = Math.abs(refund.netPriceDiffMinor);
    expect(refund.netPriceDiffMinor).toBeLessThan(0);

    // Only an administrator sets the threshold.
    expect(await dispatch('profiles:set-change-approval', { profileId: profile.id, aboveMinor: difference - 1 })).toMatchObject({
      ok: false,
      error: { code: 'role_required' },
    });
    await call('people:sign-in', { agentId: rita, pin: '1357' });
    expect(await call('profiles:set-change-approval', { profileId: profile.id, aboveMinor: difference - 1 })).toMatchObject({
      id: profile.id,
      changeApprovalAboveMinor: difference - 1,
    });
    const [recorded] = await call<AuditEntry[]>('audit:list', { action: 'profile.change-approval' });
    expect(recorded).toMatchObject({
      who: { name: 'Rita' },
      what: `Changes on profile “Agency Test” whose price differs by more than ${difference - 1} minor units need a supervisor`,
    });

    // The screen cannot say what the change costs: main knows it from its own preview.
    await call('people:sign-in', { agentId: bo, pin: '1111' });
    expect(await dispatch('bookings:confirm-change', { ...change, netPriceDiffMinor: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    const timeline = counter.ledger.timeline(booking.id);
    expect(await dispatch('bookings:confirm-change', change)).toEqual({
      ok: false,
      error: {
        code: 'approval_required',
        message: `Changing a booking on “Agency Test” needs a supervisor’s approval in the moment. Nothing was sent.`,
        hint: 'Have Cy or Rita type their PIN to approve it, then do it again.',
      },
    });
    // Nothing reached the service or the ledger.
    expect(counter.ledger.get(booking.id)).toMatchObject({ checkIn: booking.checkIn, inFlight: null });
    expect(counter.ledger.timeline(booking.id)).toEqual(timeline);
    expect((await counter.engine.refresh(booking.id)).checkIn).toBe(booking.checkIn);

    await call('people:approve', { agentId: cy, pin: '2222', channel: 'bookings:confirm-change', target: booking.id });
    expect(await call<BookingRecord>('bookings:confirm-change', change)).toMatchObject({
      checkIn: later.checkIn,
      checkOut: later.checkOut,
    });

    // Back to the first dates, a charge of the same amount: at the threshold, not above it, so no approval is asked.
    await call('people:sign-in', { agentId: rita, pin: '1357' });
    await call('profiles:set-change-approval', { profileId: profile.id, aboveMinor: difference });
    await call('people:sign-in', { agentId: bo, pin: '1111' });
    const back = { bookingId: booking.id, dates: { checkIn: booking.checkIn, checkOut: booking.checkOut } };
    expect((await call<PriceSummary>('bookings:preview-change', back)).netPriceDiffMinor).toBe(difference);
    expect(await dispatch('bookings:confirm-change', back)).toMatchObject({ ok: true });
  });
});

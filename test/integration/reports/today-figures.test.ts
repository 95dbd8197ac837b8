/**
 * Today's figures against the built-in service's own payment records: a day of sales, a declined card,
 * a cancellation, cheaper and dearer changes (paid at the link, abandoned, still waiting), read
 * through the channel as the renderer calls it, every currency's line equal to what the service took.
 */
import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { BookingRecord } from '../../../shared/bookings';
import type { TodayFigures } from '../../../shared/reports';
import { DIALECTS } from '../../support/dialects';
import { heldBooking, onTestProfile, paidAtCounter, useCore, waitUntil } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { serviceTotals } from '../../support/service-totals';
import { changed } from '../../support/stay-changes';

const core = useCore();

async function today(counter: Core, profileId: number): Promise<TodayFigures> {
  const answer = await createDispatcher(counter.handlers)('reports:today', { profileId });
  if (!answer.ok) throw new Error(`reports:today: ${answer.error.code}: ${answer.error.message}`);
  return answer.value as TodayFigures;
}

describe.each(DIALECTS)('Today against the %s dialect', (dialect) => {
  const sandbox = useSandbox({ dialect, controls: { supplierDelayMs: 20 } });

  test('a day with nothing sold says nothing moved', async () => {
    const service = await sandbox();
    const { core: counter } = await core(service);
    const figures = await today(counter, counter.profiles.active().id);
    expect(figures).toMatchObject({ made: 0, byStatus: [], money: [], changesWaiting: [], flagged: [], byAgent: [] });
    expect(figures.madeByHour).toEqual(Array.from({ length: 24 }, () => 0));
  });

  test('every currency’s line equals the service’s own records: sales, a decline, a cancellation, cheaper and dearer changes', async () => {
    const service = await sandbox();
    const { core: counter } = await core(service);
    const profileId = counter.profiles.active().id;
    const bookings: BookingRecord[] = [];

    // A sale in euros and one in pounds (package 25, London).
    bookings.push(await paidAtCounter(counter, 1, 150));
    const otherCurrency = await paidAtCounter(counter, 25, 160);
    bookings.push(otherCurrency);
    // A declined card: held, never paid.
    const declined = (await heldBooking(counter, 1, 170)).booking;
    await expect(counter.payments.payWith(declined.id, 'pm_card_chargeDeclined')).rejects.toMatchObject({ code: 'card_declined' });
    bookings.push(declined);
    // Paid, then cancelled: refunded in full.
    const cancelled = await paidAtCounter(counter, 1, 180);
    await counter.engine.cancel(cancelled.id, 'Traveler fell ill');
    bookings.push(cancelled);
    // A cheaper change: the difference refunded.
    const cheaper = await paidAtCounter(counter, 1, 190);
    await changed(counter, cheaper, true);
    bookings.push(cheaper);
    // A dearer change paid at its link.
    const dearer = await changed(counter, await paidAtCounter(counter, 1, 200), false);
    expect((await fetch(dearer.pendingModification?.paymentLink as string, { method: 'POST' })).status).toBe(200);
    counter.reconciler.soon(dearer.id);
    await waitUntil(
      () => counter.ledger.get(dearer.id),
      (record) => record?.pendingModification === null && record.totalMinor > dearer.totalMinor,
    );
    bookings.push(dearer);
    // A dearer change the traveler walked away from, and one still waiting.
    const abandoned = await changed(counter, await paidAtCounter(counter, 1, 210), false);
    await counter.engine.resolvePendingChange(abandoned.id, 'abandoned', 'Keeps the old dates');
    bookings.push(abandoned);
    const waiting = await changed(counter, await paidAtCounter(counter, 1, 220), false);
    bookings.push(waiting);

    const figures = await today(counter, profileId);
    const expected = serviceTotals(service, bookings);
    expect(expected.length, 'the day sold in more than one currency').toBeGreaterThan(1);
    expect(figures.money).toEqual(expected);
    expect(figures.made).toBe(bookings.length);
    expect(figures.byStatus).toContainEqual({ status: 'Cancelled', n: 1 });
    expect(figures.byStatus.find((line) => line.status === 'Paid')?.n).toBeGreaterThanOrEqual(5);
    expect(figures.madeByHour.reduce((sum, n) => sum + n, 0)).toBe(bookings.length);
    expect(figures.changesWaiting).toEqual([
      {
        bookingId: waiting.id,
        clientReference: waiting.clientReference,
        holder: `${waiting.holder.name} ${waiting.holder.surname}`,
        reference: waiting.pendingModification?.reference,
        amountMinor: waiting.pendingModification?.amountMinor,
        currency: waiting.currency,
        requestedAt: waiting.pendingModification?.requestedAt,
      },
    ]);
    // Nobody signs in at a training counter without people: one line, nobody named, the counter's whole day.
    expect(figures.byAgent).toEqual([{ agent: '', made: bookings.length, money: expected }]);
  });
});

describe('the agency’s day', () => {
  const sandbox = useSandbox();

  test('on a test profile with people, an agent is refused it in words and a supervisor gets it; this counter’s day stays each agent’s to read', async () => {
    const service = await sandbox();
    const { core: counter } = await core(service);
    const profile = await onTestProfile(counter, service);
    const dispatch = createDispatcher(counter.handlers);
    await counter.agents.create('Olga', 'administrator', '1357');
    const bo = await counter.agents.create('Bo', 'agent', '2468');
    const sue = await counter.agents.create('Sue', 'supervisor', '3579');

    await dispatch('people:sign-in', { agentId: bo.id, pin: '2468' });
    expect(await dispatch('reports:today', { profileId: profile.id, scope: 'agency' })).toMatchObject({
      ok: false,
      error: { code: 'role_required', message: 'Only a supervisor or an administrator sees the agency’s day.' },
    });
    expect(await dispatch('reports:today', { profileId: profile.id })).toMatchObject({
      ok: true,
      value: { scope: 'counter', byCounter: null },
    });

    await dispatch('people:sign-in', { agentId: sue.id, pin: '3579' });
    expect(await dispatch('reports:today', { profileId: profile.id, scope: 'agency' })).toMatchObject({
      ok: true,
      value: { scope: 'agency', made: 0, byCounter: [] },
    });
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fileHoldsCardNumber } from '../../support/card-scan';
import { heldBooking, HOLDER, quoteThroughEngine, useCore, waitUntil } from '../../support/engine-helpers';
import type { Sandbox } from '../../../electron/sandbox/sandbox';
import { DIALECTS } from '../../support/dialects';
import { callApi, openDates, useSandbox } from '../../support/sandbox-helpers';

const core = useCore();

type Service = Sandbox;
const authorizations = (service: Service, serviceId: number) =>
  service.service.ledger(serviceId).payments.filter((payment) => payment.kind === 'authorization').length;
const serviceRow = (service: Service, serviceId: number) => service.service.ledger(serviceId).booking;

async function paidThroughEngine(engineCore: Awaited<ReturnType<typeof core>>['core'], service: Service) {
  const { booking } = await heldBooking(engineCore);
  await engineCore.payments.payWith(booking.id, 'pm_card_visa');
  const paid = await waitUntil(
    () => engineCore.ledger.get(booking.id),
    (row) => row?.status === 'Paid' && serviceRow(service, booking.serviceBookingId as number)?.status === 'Paid',
  );
  if (!paid) throw new Error('the booking was not paid');
  return paid;
}

describe.each(DIALECTS)('the ledger’s truth, against the %s dialect', (dialect) => {
  const sandbox = useSandbox({ dialect });

  describe('the agent is never told what the service has not shown', () => {
    test('a book whose answer is lost while the charge is still on its way: "not confirmed yet", then Paid when it lands, charged once', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service, { requestTimeoutMs: 150 });
      const { booking } = await heldBooking(engineCore);
      // The service holds the request longer than the client waits, then charges: the read-back comes first.
      service.controls.queueFaults([{ kind: 'delay', path: '/book$', delayMs: 500 }]);
      await expect(engineCore.payments.payWith(booking.id, 'pm_card_visa')).rejects.toMatchObject({
        code: 'outcome_unknown',
        message: expect.stringContaining('Not confirmed yet'),
      });
      expect(engineCore.ledger.get(booking.id)).toMatchObject({
        status: 'Pending',
        inFlight: 'book',
        attention: expect.stringContaining('Payment not confirmed yet'),
      });
      expect(
        engineCore.ledger
          .timeline(booking.id)
          .map((event) => event.summary)
          .join(' '),
      ).not.toMatch(/nothing was charged/);
      const settled = await waitUntil(
        () => engineCore.ledger.get(booking.id),
        (row) => row?.status === 'Paid',
        10_000,
      );
      expect(settled).toMatchObject({
        inFlight: null,
        bookingReference: expect.stringMatching(/^(PKD|BKG-)/),
        attention: expect.stringContaining('went through'),
      });
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(1);
    });

    test('a cancel whose answer is lost while it is still on its way: "not confirmed yet", then Cancelled', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service, { requestTimeoutMs: 150 });
      const paid = await paidThroughEngine(engineCore, service);
      service.controls.queueFaults([{ kind: 'delay', path: '/cancel$', delayMs: 500 }]);
      await expect(engineCore.engine.cancel(paid.id, 'Traveler changed plans')).rejects.toMatchObject({ code: 'outcome_unknown' });
      expect(engineCore.ledger.get(paid.id)).toMatchObject({
        status: 'Paid',
        inFlight: 'cancel',
        attention: expect.stringContaining('Cancellation not confirmed yet'),
      });
      await waitUntil(
        () => engineCore.ledger.get(paid.id),
        (row) => row?.status === 'Cancelled' && row.inFlight === null,
        10_000,
      );
    });

    test('a lost book that charged nothing: only once the doubt has passed is the agent told so', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service, { requestTimeoutMs: 150, doubtWindowMs: 800 });
      const { booking } = await heldBooking(engineCore);
      // Held longer than the client waits; then the card is declined, so nothing is charged.
      service.controls.queueFaults([{ kind: 'delay', path: '/book$', delayMs: 400 }]);
      await expect(engineCore.payments.payWith(booking.id, 'pm_card_chargeDeclined')).rejects.toMatchObject({ code: 'outcome_unknown' });
      const settled = await waitUntil(
        () => engineCore.ledger.get(booking.id),
        (row) => row?.inFlight === null,
        10_000,
      );
      expect(settled).toMatchObject({ status: 'Pending', attention: expect.stringContaining('nothing charged') });
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(0);
    });
  });

  describe('one write path', () => {
    test('a prebook and a book take four durable commits: intent and outcome each', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const quote = await quoteThroughEngine(engineCore);
      const hold = await engineCore.engine.startHold(quote, [30, 31]);
      const before = engineCore.ledger.durableCommits();
      const booking = await engineCore.engine.prebook(hold.holdId, HOLDER);
      await engineCore.payments.payWith(booking.id, 'pm_card_visa');
      expect(engineCore.ledger.durableCommits() - before).toBe(4);
    });

    test('stopped between the service making a hold and the ledger recording it: the restart finds the hold, with its number, once', async () => {
      const service = await sandbox();
      const { core: firstCore, dataDir } = await core(service);
      const quote = await quoteThroughEngine(firstCore);
      const hold = await firstCore.engine.startHold(quote, [30, 31]);
      service.controls.queueFaults([{ kind: 'delay_answer', path: '/prebook$', delayMs: 300 }]);
      const inFlight = firstCore.engine.prebook(hold.holdId, HOLDER).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, 100));
      firstCore.close();
      await inFlight;
      const { core: secondCore } = await core(service, { dataDir });
      const rows = secondCore.ledger.list({ profileId: 1 }).rows;
      // A service that replays the token gives the hold's number; one that does not leaves it unconfirmed, for the agent to check. Never two holds.
      expect(rows).toEqual([
        expect.objectContaining(
          dialect === 'standard'
            ? { status: 'Pending', serviceBookingId: expect.any(Number), attention: expect.stringContaining('Packdesk found the hold') }
            : {
                status: 'Unconfirmed hold',
                serviceBookingId: null,
                attention: expect.stringContaining('cannot tell whether the hold was made'),
              },
        ),
      ]);
      // The built-in service numbers its bookings from 100001: exactly one hold was made.
      expect(serviceRow(service, 100_001)).toBeDefined();
      expect(serviceRow(service, 100_002)).toBeUndefined();
      expect(secondCore.ledger.openIntents()).toEqual([]);
    });
  });

  describe('changes', () => {
    test('a change whose answer is lost is read back: the ledger gets the service’s dates and total', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const paid = await paidThroughEngine(engineCore, service);
      const change = { bookingId: paid.id, dates: openDates(paid, 90, 2) };
      await engineCore.engine.previewChange(change);
      service.controls.queueFaults([{ kind: 'drop_after_commit', path: '/modification$' }]);
      const changed = await engineCore.engine.confirmChange(change);
      const atService = serviceRow(service, paid.serviceBookingId as number);
      expect(atService).toMatchObject({ check_in: change.dates.checkIn, check_out: change.dates.checkOut });
      expect(changed).toMatchObject({
        checkIn: atService?.check_in,
        checkOut: atService?.check_out,
        totalMinor: atService?.total_minor,
        inFlight: null,
      });
      // Where the service shows the rooms, the ledger takes their new offers; where it does not, the
      // old offer id stays, and the service still knows the room by it (rooms keep an identity).
      if (dialect === 'standard') expect(changed.items).toEqual(JSON.parse(atService?.items ?? '[]'));
      else expect(changed.items).toEqual(paid.items);
    });

    test('a preview belongs to the booking as it was: after the booking changed, confirming previews again and says the new price first', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const paid = await paidThroughEngine(engineCore, service);
      const first = { bookingId: paid.id, dates: openDates(paid, 95, 2) };
      const other = { bookingId: paid.id, dates: openDates(paid, 130, 1) };
      await engineCore.engine.previewChange(first);
      await engineCore.engine.previewChange(other);
      await engineCore.engine.confirmChange(other);
      const changedTotal = engineCore.ledger.get(paid.id)?.totalMinor;
      await expect(engineCore.engine.confirmChange(first)).rejects.toMatchObject({
        code: 'preview_outdated',
        message: expect.stringMatching(/The booking changed since this price was shown\. The change now (costs|refunds)/),
      });
      // Nothing was confirmed on the stale price.
      expect(engineCore.ledger.get(paid.id)).toMatchObject({ checkIn: other.dates.checkIn, totalMinor: changedTotal });
      // Confirmed again, now on the price just shown: the service makes the change (or asks for its payment).
      const confirmed = await engineCore.engine.confirmChange(first);
      const made = service.service
        .ledger(paid.serviceBookingId as number)
        .events.filter((event) => ['modified', 'modification_payment_required'].includes(event.type as string));
      expect(made).toHaveLength(2);
      const atService = serviceRow(service, paid.serviceBookingId as number);
      expect(confirmed).toMatchObject({ checkIn: atService?.check_in, totalMinor: atService?.total_minor });
    });
  });

  describe('ordered writes', () => {
    test('a read that left before a cancel and arrives after it does not undo the cancel', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 5_000 } });
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      await engineCore.payments.payWith(booking.id, 'pm_card_visa');
      // The read leaves while the service shows the booking Confirming, and its answer comes back late.
      service.controls.queueFaults([{ kind: 'delay_answer', method: 'GET', path: '/bookings/\\d+$', delayMs: 400 }]);
      const staleRead = engineCore.engine.refresh(booking.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await engineCore.engine.cancel(booking.id, 'Traveler changed plans');
      await staleRead;
      expect(engineCore.ledger.get(booking.id)).toMatchObject({ status: 'Cancelled' });
      expect(engineCore.ledger.timeline(booking.id).at(-1)?.type).toBe('cancelled');
    });
  });

  describe('no card number anywhere', () => {
    test('free text holding a card number in any writing is refused before the journal, naming the field; nothing reaches ledger.db', async () => {
      const service = await sandbox();
      const { core: engineCore, dataDir } = await core(service);
      const paid = await paidThroughEngine(engineCore, service);
      for (const reason of [
        '4242 4242 4242 4242',
        'card 4242.4242.4242.4242',
        '４２４２４２４２４２４２４２４２',
        'pm_4242_4242_4242_4242',
      ]) {
        await expect(engineCore.engine.cancel(paid.id, reason)).rejects.toMatchObject({
          code: 'card_number_in_text',
          message: expect.stringContaining('reason'),
        });
      }
      expect(engineCore.ledger.get(paid.id)).toMatchObject({ status: 'Paid', inFlight: null });
      const files = readdirSync(dataDir).filter((file) => file.startsWith('ledger.db'));
      for (const file of files) expect(fileHoldsCardNumber(join(dataDir, file))).toBe(false);
    });

    test('the built-in service refuses a pm_ token that embeds a card number, and accepts its own ids with digits', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      const answer = await callApi(service, 'POST', `/bookings/${booking.serviceBookingId}/book`, service.keys.liveKey, {
        payment_method_id: 'pm_4242_4242_4242_4242',
      });
      expect(answer).toMatchObject(
        dialect === 'standard'
          ? { status: 422, body: { error: 'raw_card_rejected' } }
          : { status: 400, body: { error: 'card_data_not_allowed' } },
      );
      // 3-D Secure ids are hex: digits among letters are never a card number.
      const action = await callApi<{ payment_intent_id: string }>(
        service,
        'POST',
        `/bookings/${booking.serviceBookingId}/book`,
        service.keys.liveKey,
        { payment_method_id: 'pm_card_threeDSecure2Required' },
      );
      const again = await callApi(service, 'POST', `/bookings/${booking.serviceBookingId}/book`, service.keys.liveKey, {
        payment_intent_id: action.body.payment_intent_id,
      });
      expect(again).toMatchObject({ status: 402, body: { error: 'payment_requires_action' } });
    });
  });
});

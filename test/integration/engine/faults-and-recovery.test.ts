import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startSandbox } from '../../../electron/sandbox/sandbox';
import { heldBooking, HOLDER, quoteThroughEngine, useCore, waitUntil } from '../../support/engine-helpers';
import type { Sandbox } from '../../../electron/sandbox/sandbox';
import { DIALECTS } from '../../support/dialects';
import type { BookingRecord } from '../../../shared/bookings';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const core = useCore();
const tempDir = useTempDir();

/** The day before `day` (YYYY-MM-DD): a stay a night shorter. */
const nightBefore = (day: string) => new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);

const authorizations = (service: Sandbox, serviceId: number) =>
  service.service.ledger(serviceId).payments.filter((payment) => payment.kind === 'authorization').length;

describe.each(DIALECTS)('faults and recovery, against the %s dialect', (dialect) => {
  const sandbox = useSandbox({ dialect });

  describe('lost answers', () => {
    test('a book answer dropped after the charge: the engine reads the booking, reports it paid, and never charges twice', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      service.controls.queueFaults([{ kind: 'drop_after_commit', path: '/book$' }]);
      const outcome = await engineCore.payments.payWith(booking.id, 'pm_card_visa');
      expect(outcome).toMatchObject({
        kind: 'booked',
        booking: { bookingReference: expect.stringMatching(/^(PKD|BKG-)/), attention: null },
      });
      expect(engineCore.ledger.timeline(booking.id).at(-1)?.summary).toContain('Charged once');
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(1);
      await expect(engineCore.payments.payWith(booking.id, 'pm_card_visa')).rejects.toMatchObject({ code: 'not_payable' });
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(1);
    });

    test('a book answered with 503: the service is done with it, so the read that shows Pending tells the agent nothing was charged', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      service.controls.queueFaults([{ kind: 'error', status: 503, path: '/book$' }]);
      await expect(engineCore.payments.payWith(booking.id, 'pm_card_visa')).rejects.toMatchObject({
        code: 'payment_not_made',
        message: 'The service shows the booking still held and unpaid: the payment did not go through and nothing was charged.',
      });
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(0);
      expect((await engineCore.payments.payWith(booking.id, 'pm_card_visa')).kind).toBe('booked');
    });

    test('a prebook answer dropped: the same request again learns the hold if the service replays it; else the hold is marked unconfirmed, and never made twice', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const quote = await quoteThroughEngine(engineCore);
      const hold = await engineCore.engine.startHold(quote, [30, 31]);
      service.controls.queueFaults([{ kind: 'drop_after_commit', path: '/prebook$' }]);
      if (dialect === 'standard') {
        const booking = await engineCore.engine.prebook(hold.holdId, HOLDER);
        expect(booking).toMatchObject({ status: 'Pending', serviceBookingId: expect.any(Number), attention: null, inFlight: null });
        expect(service.service.ledger((booking.serviceBookingId as number) + 1).booking).toBeUndefined();
      } else {
        // This service refuses a used token even for the very same request: whether the hold exists is not shown.
        await expect(engineCore.engine.prebook(hold.holdId, HOLDER)).rejects.toMatchObject({
          code: 'hold_unconfirmed',
          message: expect.stringContaining('cannot tell whether the hold was made'),
        });
        const [row] = engineCore.ledger.list({ profileId: 1 }).rows;
        expect(row).toMatchObject({
          status: 'Unconfirmed hold',
          serviceBookingId: null,
          attention: expect.stringContaining('prebook_token_consumed, HTTP 422'),
        });
        // The built-in service numbers its bookings from 100001: exactly one hold was made.
        expect(service.service.ledger(100_001).booking).toBeDefined();
        expect(service.service.ledger(100_002).booking).toBeUndefined();
      }
      expect(engineCore.ledger.openIntents()).toEqual([]);
    });

    test('a prebook answer dropped and its retry turned away (429): the agent is told it is not confirmed yet, and the reconciler settles it', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const quote = await quoteThroughEngine(engineCore);
      const hold = await engineCore.engine.startHold(quote, [30, 31]);
      service.controls.queueFaults([
        { kind: 'drop_after_commit', path: '/prebook$' },
        { kind: 'rate_limit', path: '/prebook$' },
      ]);
      await expect(engineCore.engine.prebook(hold.holdId, HOLDER)).rejects.toMatchObject({
        code: 'outcome_unknown',
        message: expect.stringContaining('Not confirmed yet'),
        hint: expect.stringContaining('Do not send it again'),
      });
      const [found] = await waitUntil(
        () => engineCore.ledger.list({ profileId: 1 }).rows,
        (rows) => rows.length === 1,
      );
      expect(found).toMatchObject(
        dialect === 'standard'
          ? { status: 'Pending', serviceBookingId: expect.any(Number), attention: expect.stringContaining('Packdesk found the hold') }
          : {
              status: 'Unconfirmed hold',
              serviceBookingId: null,
              attention: expect.stringContaining('Contact the service’s support with the client reference'),
            },
      );
      expect(engineCore.ledger.openIntents()).toEqual([]);
    });

    test('a cancel answer dropped: the read shows Cancelled', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      service.controls.queueFaults([{ kind: 'drop_after_commit', path: '/cancel$' }]);
      const cancelled = await engineCore.engine.cancel(booking.id, 'Traveler changed plans');
      expect(cancelled.status).toBe('Cancelled');
    });
  });

  describe('storms and timeouts', () => {
    test('reads ride out a 5xx and 429 storm with backoff and Retry-After', async () => {
      const service = await sandbox({ controls: { retryAfterSeconds: 0 } });
      const { core: engineCore } = await core(service);
      service.controls.queueFaults([
        { kind: 'error', status: 502, path: '/packages' },
        { kind: 'rate_limit', path: '/packages' },
        { kind: 'error', status: 500, path: '/packages' },
      ]);
      expect(await engineCore.engine.search('rome')).toHaveLength(1);
      expect(service.controls.pendingFaults()).toBe(0);
    });

    test('a payment turned away as busy (429) goes again after the wait, under the same open intent: charged once', async () => {
      const service = await sandbox({ controls: { retryAfterSeconds: 0 } });
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      service.controls.queueFaults([
        { kind: 'rate_limit', path: '/book$' },
        { kind: 'rate_limit', path: '/book$' },
      ]);
      expect((await engineCore.payments.payWith(booking.id, 'pm_card_visa')).kind).toBe('booked');
      expect(service.controls.pendingFaults()).toBe(0);
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(1);
      expect(engineCore.ledger.openIntents()).toEqual([]);
    });

    test('a cancel waiting to go again after a busy answer is not sent once Packdesk is closing: the agent is told, the booking stays', async () => {
      const service = await sandbox({ controls: { retryAfterSeconds: 3 } });
      const { core: engineCore, dataDir } = await core(service);
      const { booking } = await heldBooking(engineCore);
      service.controls.queueFaults([{ kind: 'rate_limit', path: '/cancel$' }]);
      const cancel = engineCore.handlers['bookings:cancel']({ bookingId: booking.id, reason: 'Traveler changed plans', confirmed: true });
      await waitUntil(
        () => service.controls.pendingFaults(),
        (left) => left === 0,
      );
      await engineCore.shutdown(10_000);
      await expect(cancel).rejects.toMatchObject({ kind: 'rate_limit' });
      expect(service.service.ledger(booking.serviceBookingId as number).booking?.status).toBe('Pending');
      const { core: reopened } = await core(service, { dataDir, start: false });
      expect(reopened.ledger.get(booking.id)).toMatchObject({ status: 'Pending', inFlight: null });
      expect(reopened.ledger.openIntents()).toEqual([]);
    });

    test('a read that keeps timing out ends in a clear timeout error', async () => {
      const service = await sandbox({ controls: { latencyMs: 300 } });
      const { core: engineCore } = await core(service, { requestTimeoutMs: 100, start: false });
      await expect(engineCore.engine.search('rome')).rejects.toMatchObject({
        kind: 'timeout',
        message: 'The booking service did not answer in time.',
      });
    });

    test('writes are never retried blindly: a 503 on prebook is answered from the token, not by sending twice', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const quote = await quoteThroughEngine(engineCore);
      const hold = await engineCore.engine.startHold(quote, [30, 31]);
      service.controls.queueFaults([{ kind: 'error', status: 503, path: '/prebook$' }]);
      const booking = await engineCore.engine.prebook(hold.holdId, HOLDER);
      // The 503 came before any work, so the retry with the same token made the one hold.
      expect(booking).toMatchObject({ status: 'Pending', serviceBookingId: expect.any(Number) });
      expect(engineCore.ledger.timeline(booking.id)[0]?.summary).toContain('sending the same hold again returned it');
    });
  });

  describe('one write at a time', () => {
    test('a double click on pay sends one payment; the second is refused as busy', async () => {
      const service = await sandbox({ controls: { latencyMs: 100 } });
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      const [first, second] = await Promise.allSettled([
        engineCore.payments.payWith(booking.id, 'pm_card_visa'),
        engineCore.payments.payWith(booking.id, 'pm_card_visa'),
      ]);
      expect(first.status).toBe('fulfilled');
      expect(second).toMatchObject({ status: 'rejected', reason: { code: 'booking_busy' } });
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(1);
    });
  });

  describe('offline', () => {
    test('with the service stopped, history stays readable and searchable; writes are refused with a clear message; tracking resumes after', async () => {
      const dataFile = join(tempDir(), 'service.db');
      const first = await startSandbox({ dataFile, controls: { supplierDelayMs: 50 } });
      const { core: engineCore } = await core({ ...first, url: first.url });
      const { booking } = await heldBooking(engineCore);
      const port = Number(new URL(first.url).port);
      await first.close();

      await engineCore.connectivity.refresh();
      expect(engineCore.connectivity.online).toBe(false);
      expect(engineCore.ledger.list({ profileId: 1, query: 'silva' }).rows.map((row) => row.id)).toEqual([booking.id]);
      await expect(engineCore.payments.payWith(booking.id, 'pm_card_visa')).rejects.toMatchObject({
        code: 'offline',
        message: 'The booking service cannot be reached, so nothing was sent.',
      });

      const again = await startSandbox({ dataFile, port, controls: { supplierDelayMs: 50 } });
      try {
        await engineCore.connectivity.refresh();
        expect(engineCore.connectivity.online).toBe(true);
        expect((await engineCore.payments.payWith(booking.id, 'pm_card_visa')).kind).toBe('booked');
        engineCore.reconciler.soon(booking.id);
        await waitUntil(
          () => engineCore.ledger.get(booking.id)?.status,
          (status) => status === 'Paid',
        );
      } finally {
        await again.close();
      }
    });
  });

  describe('a stop in the middle of a write', () => {
    /** A payment on its way when the app stops; at the next start its outcome is read and flagged for the agent. */
    async function paidWithFlagAfterRestart() {
      const service = await sandbox();
      const dataDir = tempDir();
      const { core: firstCore } = await core(service, { dataDir });
      const { booking } = await heldBooking(firstCore);
      service.controls.queueFaults([{ kind: 'delay', delayMs: 300, path: '/book$' }]);
      const inFlight = firstCore.payments.payWith(booking.id, 'pm_card_visa').catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The process "dies": its databases close with the intent written and no outcome.
      firstCore.close();

      // At the restart the charge has not landed yet: the booking says so, and is never called unpaid.
      const { core: secondCore } = await core(service, { dataDir });
      expect(secondCore.ledger.get(booking.id)).toMatchObject({
        inFlight: 'book',
        attention: expect.stringContaining('Packdesk stopped while a payment was being sent. Not confirmed yet'),
      });
      await inFlight;
      const recovered = await waitUntil(
        () => secondCore.ledger.get(booking.id),
        (row) => row?.inFlight === null,
      );
      expect(recovered).toMatchObject({
        bookingReference: expect.stringMatching(/^(PKD|BKG-)/),
        attention: expect.stringContaining('the service shows it went through'),
      });
      return { service, counter: secondCore, booking: recovered as BookingRecord };
    }

    test('the app stopped while a payment was on its way: at the next start the journal is reconciled and the agent is told', async () => {
      const { service, counter, booking } = await paidWithFlagAfterRestart();
      expect(counter.ledger.openIntents()).toEqual([]);
      expect(counter.ledger.needingAttention(1).map((record) => record.id)).toEqual([booking.id]);
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(1);
      counter.engine.acknowledge(booking.id);
      expect(counter.ledger.needingAttention(1)).toEqual([]);
    });

    test('that flag goes once the agent changes the booking and sees the answer: the traveler on the line knows it is made', async () => {
      const { counter, booking } = await paidWithFlagAfterRestart();
      const change = { bookingId: booking.id, dates: { checkIn: booking.checkIn, checkOut: nightBefore(booking.checkOut) } };
      await counter.engine.previewChange(change);
      const changed = await counter.engine.confirmChange(change);
      expect(changed).toMatchObject({ attention: null, attentionWords: null });
      expect(counter.ledger.needingAttention(1)).toEqual([]);
    });
  });
});

import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PaymentWindows } from '../../../electron/core/engine/payments/payment-windows';
import type { Sandbox } from '../../../electron/sandbox/sandbox';
import { formatMoney } from '../../../shared/format';
import type { PushedEvent } from '../../../shared/ipc';
import { answerChallenge, heldBooking, quoteThroughEngine, scriptedWindows, useCore, waitUntil } from '../../support/engine-helpers';
import { startFreshProcess } from '../../support/fresh-process';
import { DIALECTS } from '../../support/dialects';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const core = useCore();
const tempDir = useTempDir();

const authorizations = (service: Sandbox, serviceBookingId: number) =>
  service.service.ledger(serviceBookingId).payments.filter((payment) => (payment as { kind: string }).kind === 'authorization').length;

/** Runs a counter in its own process up to an open 3-D Secure window, then kills it (SIGKILL: no clean-up of any kind). */
async function killedWithTheBankWindowOpen(service: Sandbox, dataDir: string, stay: object): Promise<number> {
  const child = await startFreshProcess(join(import.meta.dirname, '../../support/three-d-secure-victim.ts'), {
    PACKDESK_DATA_DIR: dataDir,
    SERVICE_URL: service.url,
    SERVICE_TEST_KEY: service.keys.testKey,
    SERVICE_LIVE_KEY: service.keys.liveKey,
    STAY: JSON.stringify(stay),
    CARD: 'pm_card_threeDSecure2Required',
  });
  let output = '';
  let bookingId = 0;
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      bookingId = Number(/"booking":(\d+)/.exec(output)?.[1] ?? 0);
      if (output.includes('"window":"open"')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the counter ended (${code}) before its bank window opened: ${output}`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  return bookingId;
}

describe.each(DIALECTS)('payments, against the %s dialect', (dialect) => {
  const sandbox = useSandbox({ dialect });

  describe('one payment pipeline in main', () => {
    test('card → 402 → the bank’s window → book again, with progress for the screen and the intent kept only until paid', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 50 } });
      const { windows, opened } = scriptedWindows('approve');
      const { core: engineCore } = await core(service, { paymentWindows: windows });
      const steps: string[] = [];
      engineCore.events.subscribe((event: PushedEvent) => {
        if (event.name === 'event:payment-progress') steps.push(event.payload.step);
      });
      const { booking } = await heldBooking(engineCore);
      const paid = await engineCore.payments.pay(booking.id, { paymentMethodId: 'pm_card_threeDSecure2Required' });
      expect(paid).toMatchObject({ bookingReference: expect.stringMatching(/^(PKD|BKG-)/), paymentIntentId: null });
      expect(opened).toHaveLength(1);
      expect(steps).toEqual(['charging', 'authenticating', 'charging', 'confirming']);
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(1);
    });

    test('a closed bank window leaves the same payment to finish; finishing it charges once', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 50 } });
      const closing = scriptedWindows('close');
      const { core: engineCore } = await core(service, { paymentWindows: closing.windows });
      const { booking } = await heldBooking(engineCore);
      await expect(engineCore.payments.pay(booking.id, { paymentMethodId: 'pm_card_threeDSecure2Required' })).rejects.toMatchObject({
        code: 'authentication_closed',
      });
      const waiting = engineCore.ledger.get(booking.id);
      expect(waiting).toMatchObject({ bookingReference: null, paymentIntentId: expect.stringMatching(/^pi_/) });
      await expect(engineCore.payments.pay(booking.id, { continueAuthentication: true })).rejects.toMatchObject({
        code: 'authentication_closed',
      });
      // The same intent both times: the service asked for the same check again.
      expect(closing.opened).toHaveLength(2);
      expect(new URL(closing.opened[1] as string).pathname).toBe(new URL(closing.opened[0] as string).pathname);
    });

    test('a failed check forgets the intent: the booking stays held, nothing charged, and another card pays', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 50 } });
      const { core: engineCore } = await core(service, { paymentWindows: scriptedWindows('fail').windows });
      const { booking } = await heldBooking(engineCore);
      await expect(engineCore.payments.pay(booking.id, { paymentMethodId: 'pm_card_threeDSecure2Required' })).rejects.toMatchObject({
        code: 'authentication_failed',
      });
      expect(engineCore.ledger.get(booking.id)).toMatchObject({ bookingReference: null, paymentIntentId: null });
      await expect(engineCore.payments.pay(booking.id, { continueAuthentication: true })).rejects.toMatchObject({
        code: 'no_authentication_pending',
      });
      expect(await engineCore.payments.pay(booking.id, { paymentMethodId: 'pm_card_visa' })).toMatchObject({
        bookingReference: expect.stringMatching(/^(PKD|BKG-)/),
      });
      expect(authorizations(service, booking.serviceBookingId as number)).toBe(1);
    });

    test('a check failed at the bank while nobody watched: continuing says so and forgets the intent', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 50 } });
      const closing = scriptedWindows('close');
      const { core: engineCore } = await core(service, { paymentWindows: closing.windows });
      const { booking } = await heldBooking(engineCore);
      await expect(engineCore.payments.pay(booking.id, { paymentMethodId: 'pm_card_threeDSecure2Required' })).rejects.toMatchObject({
        code: 'authentication_closed',
      });
      await answerChallenge(closing.opened[0] as string, 'fail');
      await expect(engineCore.payments.pay(booking.id, { continueAuthentication: true })).rejects.toMatchObject({
        code: 'authentication_failed',
      });
      expect(engineCore.ledger.get(booking.id)).toMatchObject({ paymentIntentId: null, bookingReference: null });
    });

    test('another card while an approved 3-D Secure payment waits: the approved one is booked, the new card never charged', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 50 } });
      const closing = scriptedWindows('close');
      const { core: engineCore } = await core(service, { paymentWindows: closing.windows });
      const { booking } = await heldBooking(engineCore);
      await expect(engineCore.payments.pay(booking.id, { paymentMethodId: 'pm_card_threeDSecure2Required' })).rejects.toMatchObject({
        code: 'authentication_closed',
      });
      // The cardholder finished on the bank's page after the agent closed the window.
      await answerChallenge(closing.opened[0] as string, 'approve');
      const paid = await engineCore.payments.pay(booking.id, { paymentMethodId: 'pm_card_mastercard' });
      expect(paid.bookingReference).toMatch(/^(PKD|BKG-)/);
      const payments = service.service.ledger(booking.serviceBookingId as number).payments as {
        kind: string;
        payment_method_id: string | null;
      }[];
      expect(payments.filter((payment) => payment.kind === 'authorization')).toEqual([
        expect.objectContaining({ payment_method_id: 'pm_card_threeDSecure2Required' }),
      ]);
    });
  });

  describe('killed while the 3-D Secure window is open', () => {
    async function victimStay(service: Sandbox) {
      const { core: pricing } = await core(service);
      const quote = await quoteThroughEngine(pricing, 2, 90);
      const { packageId, packageTitle, propertyId, propertyName, checkIn, checkOut, adults } = quote;
      return { packageId, packageTitle, propertyId, propertyName, checkIn, checkOut, adults };
    }

    test('started again, the agent finishes the same payment: one charge', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 50 } });
      const dataDir = tempDir();
      const bookingId = await killedWithTheBankWindowOpen(service, dataDir, await victimStay(service));

      const { windows, opened } = scriptedWindows('approve');
      const { core: restarted } = await core(service, { dataDir, paymentWindows: windows });
      const held = restarted.ledger.get(bookingId);
      expect(held).toMatchObject({ bookingReference: null, paymentIntentId: expect.stringMatching(/^pi_/) });
      const paid = await restarted.payments.pay(bookingId, { continueAuthentication: true });
      expect(paid.bookingReference).toMatch(/^(PKD|BKG-)/);
      expect(opened).toHaveLength(1);
      expect(authorizations(service, paid.serviceBookingId as number)).toBe(1);
      await waitUntil(
        () => restarted.ledger.get(bookingId)?.status,
        (status) => status === 'Paid',
      );
    });

    test('the cardholder had already passed when the app died: continuing books at once, with no second check and one charge', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 50 } });
      const dataDir = tempDir();
      const bookingId = await killedWithTheBankWindowOpen(service, dataDir, await victimStay(service));

      const { windows, opened } = scriptedWindows('approve');
      const { core: restarted } = await core(service, { dataDir, paymentWindows: windows });
      const held = restarted.ledger.get(bookingId);
      // The cardholder finished on the bank's page just before the counter died. (The secret is asked
      // of the service as the client asks it: a book with the intent answers 402 with it.)
      const asked = await fetch(`${service.url}/api/partner/v1/bookings/${held?.serviceBookingId}/book`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${service.keys.liveKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ payment_intent_id: held?.paymentIntentId }),
      });
      expect(asked.status).toBe(402);
      const { client_secret: secret } = (await asked.json()) as { client_secret: string };
      await answerChallenge(`${service.url}/sandbox/3ds/${held?.paymentIntentId}?client_secret=${encodeURIComponent(secret)}`, 'approve');

      const paid = await restarted.payments.pay(bookingId, { continueAuthentication: true });
      expect(paid.bookingReference).toMatch(/^(PKD|BKG-)/);
      expect(opened).toEqual([]);
      expect(authorizations(service, paid.serviceBookingId as number)).toBe(1);
    });
  });
});

describe('the card window in the counter’s language', () => {
  const sandbox = useSandbox();
  test('a German counter asks the card window for the amount as German writes it', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const asked: string[] = [];
    const windows: PaymentWindows = {
      ...scriptedWindows('close').windows,
      collectCard: async (request) => (asked.push(request.amountLabel), { kind: 'closed' }),
    };
    const { core: counter } = await core(service, { paymentWindows: windows });
    await counter.language.choose('de');
    const { booking } = await heldBooking(counter);
    await expect(counter.payments.pay(booking.id)).rejects.toMatchObject({ code: 'card_entry_closed' });
    expect(asked).toEqual([formatMoney(booking.totalMinor, booking.currency, 'de-DE')]);
    expect(asked[0]).not.toBe(formatMoney(booking.totalMinor, booking.currency, 'en-GB'));
  });
});

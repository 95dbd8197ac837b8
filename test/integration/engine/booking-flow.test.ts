import { describe, expect, test } from 'vitest';
import type { PushedEvent } from '../../../shared/ipc';
import { heldBooking, HOLDER, quoteThroughEngine, useCore, waitUntil } from '../../support/engine-helpers';
import { DIALECTS } from '../../support/dialects';
import { useSandbox } from '../../support/sandbox-helpers';

const core = useCore();

async function completeChallenge(challengeUrl: string, outcome: 'approve' | 'fail') {
  const url = new URL(challengeUrl);
  const secret = url.searchParams.get('client_secret') as string;
  const page = await fetch(challengeUrl);
  expect(page.status).toBe(200);
  await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: new URLSearchParams({ client_secret: secret, outcome }) });
}

describe.each(DIALECTS)('the whole flow, against the %s dialect', (dialect) => {
  const sandbox = useSandbox({ dialect });

  describe('the whole flow, engine against the built-in service', () => {
    test('search, price, hold, prebook, pay: Pending at once in the history, then Paid, with events pushed', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 100 } });
      const { core: engineCore } = await core(service);
      const pushed: PushedEvent[] = [];
      engineCore.events.subscribe((event) => pushed.push(event));

      const found = await engineCore.engine.search('kyoto');
      expect(found).toEqual([
        { id: 35, title: 'Kyoto Temples & Gardens', properties: expect.arrayContaining([{ id: 3501, name: 'Gion Ryokan' }]) },
      ]);
      const quote = await quoteThroughEngine(engineCore, 35);
      expect(quote).toMatchObject({ available: true, currency: 'JPY', nights: 3 });
      expect(quote.perNightMinor * 3).toBeCloseTo(quote.totalMinor, -2);

      const hold = await engineCore.engine.startHold(quote, [44, 41]);
      // The token's lifetime is the service's choice (15 minutes in one dialect, 10 in the other).
      expect(Date.parse(hold.expiresAt)).toBeGreaterThan(Date.now() + 5 * 60_000);
      const booking = await engineCore.engine.prebook(hold.holdId, HOLDER);
      expect(booking).toMatchObject({
        status: 'Pending',
        serviceBookingId: expect.any(Number),
        packageTitle: 'Kyoto Temples & Gardens',
        propertyName: 'Gion Ryokan',
        totalMinor: quote.totalMinor,
        currency: 'JPY',
        paxAges: [44, 41],
        clientReference: expect.stringMatching(/^PD-[A-Z0-9]{4}-000001$/),
      });
      expect(engineCore.ledger.list({ profileId: 1 }).rows.map((row) => row.status)).toEqual(['Pending']);

      const paid = await engineCore.payments.payWith(booking.id, 'pm_card_visa');
      expect(paid).toMatchObject({
        kind: 'booked',
        booking: { status: 'Pending', bookingReference: expect.stringMatching(/^(PKD|BKG-)/) },
      });
      engineCore.reconciler.soon(booking.id);
      const final = await waitUntil(
        () => engineCore.ledger.get(booking.id),
        (record) => record?.status === 'Paid',
      );
      expect(final?.bookingReference).toBe(paid.booking.bookingReference);
      // The event carries the booking and its timeline as the ledger has them, so a screen needs no call back.
      expect(pushed).toContainEqual({
        name: 'event:booking-change',
        payload: {
          bookingId: booking.id,
          profileId: 1,
          status: 'Paid',
          booking: engineCore.ledger.get(booking.id),
          timeline: engineCore.ledger.timeline(booking.id),
        },
      });
      const timeline = engineCore.ledger.timeline(booking.id);
      expect(timeline.slice(0, 3).map((event) => event.type)).toEqual(['prebooked', 'book_intent', 'booked']);
      expect(timeline.at(-1)).toMatchObject({ type: 'status', summary: 'Status is now Paid.' });
      // The amount was never sent: the service charged exactly the prebooked total.
      expect(service.service.ledger(booking.serviceBookingId as number).payments[0]).toMatchObject({
        kind: 'authorization',
        amount_minor: quote.totalMinor,
      });
    });

    test('a declined card, in words, then a good card; the timeline keeps both', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      await expect(engineCore.payments.payWith(booking.id, 'pm_card_chargeDeclinedInsufficientFunds')).rejects.toMatchObject({
        code: 'card_declined',
        message: 'The card has insufficient funds for this amount.',
        hint: 'Ask for another card.',
      });
      expect(engineCore.ledger.get(booking.id)?.status).toBe('Pending');
      const paid = await engineCore.payments.payWith(booking.id, 'pm_card_visa', 'DESK-7 Silva');
      expect(paid.kind).toBe('booked');
      expect(engineCore.ledger.timeline(booking.id).map((event) => event.type)).toEqual([
        'prebooked',
        'book_intent',
        'card_declined',
        'book_intent',
        'booked',
      ]);
      expect(service.service.ledger(booking.serviceBookingId as number).booking?.client_reference).toBe('DESK-7 Silva');
    });

    test('3-D Secure approved: the challenge, then the book again with the payment intent', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      const action = await engineCore.payments.payWith(booking.id, 'pm_card_threeDSecure2Required');
      if (action.kind !== 'requires_action') throw new Error('expected 3-D Secure');
      expect(action.challengeUrl).toMatch(new RegExp(`^${service.url}/sandbox/3ds/pi_`));
      // The intent's id is in the ledger, so a restart can finish the same payment; its secret is not.
      expect(engineCore.ledger.get(booking.id)?.paymentIntentId).toBe(action.paymentIntentId);
      await completeChallenge(action.challengeUrl as string, 'approve');
      const paid = await engineCore.payments.completeAuthentication(booking.id, action.paymentIntentId);
      expect(paid).toMatchObject({ kind: 'booked', booking: { bookingReference: expect.any(String) } });
    });

    test('3-D Secure failed: declined in words, the booking stays Pending, another card works', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const { booking } = await heldBooking(engineCore);
      const action = await engineCore.payments.payWith(booking.id, 'pm_card_authenticationRequired');
      if (action.kind !== 'requires_action') throw new Error('expected 3-D Secure');
      await completeChallenge(action.challengeUrl as string, 'fail');
      await expect(engineCore.payments.completeAuthentication(booking.id, action.paymentIntentId)).rejects.toMatchObject({
        code: 'card_declined',
        message: 'The cardholder did not pass the bank’s 3-D Secure check.',
      });
      expect(engineCore.ledger.get(booking.id)?.status).toBe('Pending');
      expect((await engineCore.payments.payWith(booking.id, 'pm_card_visa')).kind).toBe('booked');
    });

    test('an expired hold is priced and held again before prebook, never sent expired', async () => {
      const service = await sandbox({ controls: { tokenLifetimeMs: 150 } });
      const { core: engineCore } = await core(service);
      const quote = await quoteThroughEngine(engineCore);
      const hold = await engineCore.engine.startHold(quote, [30, 31]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const booking = await engineCore.engine.prebook(hold.holdId, HOLDER);
      expect(booking.status).toBe('Pending');
    });

    test('the ledger keeps what the service said: a quote altered in the renderer changes neither the stay, the price nor the names', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const quote = await quoteThroughEngine(engineCore);
      const altered = {
        ...quote,
        checkOut: new Date(Date.parse(quote.checkOut) + 86_400_000).toISOString().slice(0, 10),
        totalMinor: 1,
        currency: 'XXX',
        packageTitle: 'Free stay',
        propertyName: 'Palace',
      };
      const hold = await engineCore.engine.startHold(altered, [30, 31]);
      expect(hold).toMatchObject({ totalMinor: quote.totalMinor, currency: quote.currency });
      const booking = await engineCore.engine.prebook(hold.holdId, HOLDER);
      expect(booking).toMatchObject({
        checkOut: quote.checkOut,
        totalMinor: quote.totalMinor,
        currency: quote.currency,
        packageTitle: quote.packageTitle,
        propertyName: quote.propertyName,
      });
      expect(service.service.ledger(booking.serviceBookingId as number).booking).toMatchObject({
        check_out: quote.checkOut,
        total_minor: quote.totalMinor,
      });
      // A price the service never gave cannot be held at all.
      await expect(engineCore.engine.startHold({ ...quote, availabilityId: 999_999 }, [30, 31])).rejects.toMatchObject({
        code: 'quote_unknown',
        hint: 'Price the stay again.',
      });
      await expect(engineCore.engine.startHold(quote, [30])).rejects.toMatchObject({ code: 'pax_count_mismatch' });
      // Names come from the service's search, not from what the renderer typed.
      const named = await engineCore.engine.price({
        packageId: quote.packageId,
        packageTitle: 'Typed title',
        propertyId: quote.propertyId,
        propertyName: 'Typed name',
        checkIn: quote.checkIn,
        checkOut: quote.checkOut,
        adults: 2,
      });
      expect(named).toMatchObject({ packageTitle: quote.packageTitle, propertyName: quote.propertyName });
    });

    test('a hold submitted twice makes one prebook: the second submit gets the same booking', async () => {
      const service = await sandbox({ controls: { latencyMs: 30 } });
      const { core: engineCore } = await core(service);
      const quote = await quoteThroughEngine(engineCore);
      const hold = await engineCore.engine.startHold(quote, [30, 31]);
      const [first, second] = await Promise.all([
        engineCore.engine.prebook(hold.holdId, HOLDER),
        engineCore.engine.prebook(hold.holdId, HOLDER),
      ]);
      expect(second.id).toBe(first.id);
      expect((await engineCore.engine.prebook(hold.holdId, HOLDER)).id).toBe(first.id);
      expect(engineCore.ledger.list({ profileId: 1 }).total).toBe(1);
    });

    test('a double submit near the token’s expiry renews the token once and makes one hold', async () => {
      const service = await sandbox({ controls: { tokenLifetimeMs: 5_000, latencyMs: 20 } });
      const { core: engineCore } = await core(service);
      const quote = await quoteThroughEngine(engineCore);
      const hold = await engineCore.engine.startHold(quote, [30, 31]);
      // Less life left than the engine's safety margin (10 s): both submits want a fresh token.
      const [first, second] = await Promise.all([
        engineCore.engine.prebook(hold.holdId, HOLDER),
        engineCore.engine.prebook(hold.holdId, HOLDER),
      ]);
      expect(second.id).toBe(first.id);
      const holds =
        (service.service.ledger(first.serviceBookingId as number).booking ? 1 : 0) +
        (service.service.ledger((first.serviceBookingId as number) + 1).booking ? 1 : 0);
      expect(holds).toBe(1);
    });

    test('a card number typed as a holder name or client reference is refused before it is sent', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const { channels } = await import('../../../shared/ipc');
      expect(
        channels['bookings:prebook'].input.safeParse({ holdId: crypto.randomUUID(), holder: { ...HOLDER, surname: '4242 4242 4242 4242' } })
          .success,
      ).toBe(false);
      expect(
        channels['payments:pay'].input.safeParse({ bookingId: 1, paymentMethodId: 'pm_card_visa', clientReference: '5555555555554444' })
          .success,
      ).toBe(false);
      expect(engineCore.ledger.list({ profileId: 1 }).total).toBe(0);
    });
  });
});

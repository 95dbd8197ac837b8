import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { answerChallenge, callApi, itemsFor, pendingBooking, useSandbox, waitForStatus } from '../../support/sandbox-helpers';
import type { Sandbox } from '../../../electron/sandbox/sandbox';
import { useTempDir } from '../../support/temp-dir';

const sandbox = useSandbox();
const tempDir = useTempDir();

async function challenge(service: Sandbox, intentId: string, clientSecret: string, outcome: 'approve' | 'fail') {
  const page = await fetch(`${service.url}/sandbox/3ds/${intentId}?client_secret=${encodeURIComponent(clientSecret)}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Confirm this payment');
  return (await answerChallenge(service, intentId, clientSecret, outcome)).text();
}

describe('book and pay (POST /bookings/{id}/book)', () => {
  test('a good card: status "success", a booking reference, then Confirming, then Paid with the charge captured', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 150 } });
    const { bookingId, stay } = await pendingBooking(service);
    const answer = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, {
      payment_method_id: 'pm_card_visa',
      client_reference: 'AGENCY-0042',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: expect.any(String),
      id: bookingId,
      status: 'success',
      booking_reference: expect.stringMatching(/^PKD[A-Z0-9]{7}$/),
    });
    const right = await callApi(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey);
    expect(right.body).toEqual({
      data: {
        id: bookingId,
        status: 'Confirming',
        booking_reference: answer.body.booking_reference,
        check_in: stay.checkIn,
        check_out: stay.checkOut,
        total_price_cents: stay.total,
        currency: stay.currency,
        items: itemsFor(stay),
      },
    });
    expect(service.service.ledger(bookingId).payments).toEqual([
      expect.objectContaining({ kind: 'authorization', amount_minor: stay.total, payment_method_id: 'pm_card_visa' }),
    ]);
    await waitForStatus(service, bookingId, 'Paid');
    expect(service.service.ledger(bookingId).payments.map((payment) => payment.kind)).toEqual(['authorization', 'capture']);
    expect(service.service.ledger(bookingId).booking?.client_reference).toBe('AGENCY-0042');
  });

  test.each([
    ['pm_card_chargeDeclined', 'generic_decline'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_visa_chargeDeclinedLostCard', 'lost_card'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
  ])(
    '%s is declined with 402 card_declined, decline code %s; the booking stays Pending and a good card then pays',
    async (card, declineCode) => {
      const service = await sandbox();
      const { bookingId } = await pendingBooking(service);
      const declined = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: card });
      expect(declined).toMatchObject({
        status: 402,
        body: { error: 'card_declined', decline_code: declineCode, message: expect.any(String) },
      });
      expect((await callApi(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey)).body).toMatchObject({
        data: { status: 'Pending' },
      });
      expect(service.service.ledger(bookingId).payments).toEqual([]);
      const paid = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, {
        payment_method_id: 'pm_card_visa',
      });
      expect(paid.body).toMatchObject({ status: 'success' });
    },
  );

  test('3-D Secure: 402 payment_requires_action with pi_ and client secret; approved on the challenge page, book again with payment_intent_id', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    const action = await callApi<{ error: string; payment_intent_id: string; client_secret: string }>(
      service,
      'POST',
      `/bookings/${bookingId}/book`,
      service.keys.liveKey,
      { payment_method_id: 'pm_card_threeDSecure2Required' },
    );
    expect(action).toMatchObject({
      status: 402,
      body: {
        error: 'payment_requires_action',
        payment_intent_id: expect.stringMatching(/^pi_/),
        client_secret: expect.stringContaining('_secret_'),
      },
    });
    const { payment_intent_id: intent, client_secret: secret } = action.body;
    expect(service.service.challenge(intent, secret).confirmation_method).toBe('manual');

    const early = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_intent_id: intent });
    expect(early).toMatchObject({ status: 402, body: { error: 'payment_requires_action', payment_intent_id: intent } });
    expect((await callApi(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey)).body).toMatchObject({
      data: { status: 'Pending' },
    });

    expect(await challenge(service, intent, secret, 'approve')).toContain('Authentication complete');
    const paid = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_intent_id: intent });
    expect(paid.body).toMatchObject({ id: bookingId, status: 'success', booking_reference: expect.any(String) });
    const reused = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_intent_id: intent });
    expect(reused).toMatchObject({ status: 409, body: { error: 'already_booked' } });
  });

  test('3-D Secure failed: the retry with payment_intent_id is declined (authentication_failed) and the booking stays Pending', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    const action = await callApi<{ payment_intent_id: string; client_secret: string }>(
      service,
      'POST',
      `/bookings/${bookingId}/book`,
      service.keys.liveKey,
      { payment_method_id: 'pm_card_authenticationRequired' },
    );
    expect(await challenge(service, action.body.payment_intent_id, action.body.client_secret, 'fail')).toContain('Authentication failed');
    const retry = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, {
      payment_intent_id: action.body.payment_intent_id,
    });
    expect(retry).toMatchObject({ status: 402, body: { error: 'card_declined', decline_code: 'authentication_failed' } });
    expect((await callApi(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey)).body).toMatchObject({
      data: { status: 'Pending' },
    });
  });

  test('the challenge page needs the client secret', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    const action = await callApi<{ payment_intent_id: string }>(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, {
      payment_method_id: 'pm_card_threeDSecure2Required',
    });
    const page = await fetch(`${service.url}/sandbox/3ds/${action.body.payment_intent_id}?client_secret=wrong`);
    expect(page.status).toBe(404);
  });

  test('a second book of a booked booking is 409 already_booked and charges nothing more', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: 'pm_card_visa' });
    const again = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, {
      payment_method_id: 'pm_card_visa',
    });
    expect(again).toMatchObject({ status: 409, body: { error: 'already_booked' } });
    expect(service.service.ledger(bookingId).payments.filter((payment) => payment.kind === 'authorization')).toHaveLength(1);
  });

  test('an amount cannot be sent; neither can both or none of the payment fields', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    for (const body of [
      { payment_method_id: 'pm_card_visa', amount: 1 },
      { payment_method_id: 'pm_card_visa', payment_intent_id: 'pi_1' },
      {},
      { payment_method_id: 'card_123' },
    ]) {
      expect(await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, body)).toMatchObject({
        status: 422,
        body: { error: 'validation_failed' },
      });
    }
    expect(service.service.ledger(bookingId).payments).toEqual([]);
  });

  test('a raw card number anywhere is refused with 422 raw_card_rejected and never stored', async () => {
    const dataFile = join(tempDir(), 'service.db');
    const service = await sandbox({ dataFile });
    const { bookingId } = await pendingBooking(service);
    for (const body of [
      { payment_method_id: '4242424242424242' },
      { payment_method_id: 'pm_card_visa', client_reference: 'card 4000 0025 0000 3155' },
      { payment_method_id: 'pm_card_visa', client_reference: '5555-5555-5555-4444' },
    ]) {
      expect(await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, body)).toMatchObject({
        status: 422,
        body: { error: 'raw_card_rejected' },
      });
    }
    await service.close();
    const stored = ['', '-wal']
      .map((suffix) => {
        try {
          return readFileSync(`${dataFile}${suffix}`).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('');
    expect(stored).not.toMatch(/4242424242424242|4000 0025 0000 3155|5555-5555-5555-4444/);
  });
});

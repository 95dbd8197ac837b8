import { describe, expect, test } from 'vitest';
import { answerChallenge, callApi, paidBooking, pendingBooking, useSandbox, waitForStatus } from '../../support/sandbox-helpers';
import type { PricedStay } from '../../support/sandbox-helpers';

// The alternate dialect keeps the contract and chooses differently wherever the spec says "not shown" (docs/service-behaviour.md).
const sandbox = useSandbox({ dialect: 'alternate' });
type Service = Awaited<ReturnType<typeof sandbox>>;
const shift = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
const get = (service: Service, bookingId: number) =>
  callApi<{ data: Record<string, unknown> }>(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey);
const book = (service: Service, bookingId: number, body: Record<string, unknown>) =>
  callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, body);
const cancel = (service: Service, bookingId: number) =>
  callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, { cancellation_reason: 'Traveler changed plans' });

async function challenge(service: Service, intentId: string, clientSecret: string, outcome: 'approve' | 'fail') {
  expect((await answerChallenge(service, intentId, clientSecret, outcome)).status).toBe(200);
}

/** The spec's booking fields and the alternate's extras; never the stay. */
const BOOKING_KEYS = ['id', 'status', 'booking_reference', 'created_at', 'updated_at', 'supplier', 'links', 'meta'];

describe('alternate dialect: statuses', () => {
  test('the service says which dialect it speaks', async () => {
    expect((await sandbox()).dialect).toBe('alternate');
  });

  test('prebook is Pending without a reference; after book it stays Pending with its reference until the supplier confirms, then Paid', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 300 } });
    const { bookingId, stay } = await pendingBooking(service);
    const held = await get(service, bookingId);
    expect(held).toMatchObject({ status: 200, body: { data: { id: bookingId, status: 'Pending' } } });
    expect(held.body.data).not.toHaveProperty('booking_reference');

    const booked = await book(service, bookingId, { payment_method_id: 'pm_card_visa' });
    expect(booked).toMatchObject({
      status: 201,
      body: { success: expect.any(String), id: bookingId, status: 'success', booking_reference: expect.stringMatching(/^BKG-/) },
    });
    expect(await get(service, bookingId)).toMatchObject({
      body: { data: { status: 'Pending', booking_reference: booked.body.booking_reference } },
    });
    expect(service.service.ledger(bookingId).payments).toEqual([
      expect.objectContaining({ kind: 'authorization', amount_minor: stay.total }),
    ]);

    await waitForStatus(service, bookingId, 'Paid');
    expect(service.service.ledger(bookingId).payments.map((payment) => payment.kind)).toEqual(['authorization', 'capture']);
  });

  test('a supplier that rejects: Rejected, the authorization released', async () => {
    const service = await sandbox({ controls: { supplierOutcome: 'reject', supplierDelayMs: 30 } });
    const { bookingId } = await pendingBooking(service);
    await book(service, bookingId, { payment_method_id: 'pm_card_visa' });
    await waitForStatus(service, bookingId, 'Rejected');
    expect(service.service.ledger(bookingId).payments.map((payment) => payment.kind)).toEqual(['authorization', 'release']);
    expect(await cancel(service, bookingId)).toMatchObject({ status: 422, body: { error: 'booking_state_conflict' } });
  });

  test('GET booking shows only the spec’s fields and unknown extras, never the stay', async () => {
    const service = await sandbox();
    const { bookingId } = await paidBooking(service);
    const answer = await get(service, bookingId);
    for (const key of Object.keys(answer.body.data)) expect(BOOKING_KEYS).toContain(key);
    for (const key of ['check_in', 'check_out', 'total_price_cents', 'currency', 'items']) expect(answer.body.data).not.toHaveProperty(key);
    expect(answer.body).toMatchObject({
      request_id: expect.any(String),
      data: {
        id: bookingId,
        status: 'Paid',
        booking_reference: expect.any(String),
        supplier: { name: expect.any(String) },
        created_at: expect.any(String),
      },
    });
  });
});

describe('alternate dialect: 3-D Secure', () => {
  test('402 with only the contract’s fields; AwaitingAuthentication; book again before the challenge gives the same intent and secret; approved, then Pending and Paid', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 200 } });
    const { bookingId } = await pendingBooking(service);
    const action = await callApi<{ payment_intent_id: string; client_secret: string }>(
      service,
      'POST',
      `/bookings/${bookingId}/book`,
      service.keys.liveKey,
      { payment_method_id: 'pm_card_threeDSecure2Required' },
    );
    expect(action).toMatchObject({ status: 402 });
    expect(action.body).toEqual({
      error: 'payment_requires_action',
      payment_intent_id: expect.stringMatching(/^pi_/),
      client_secret: expect.any(String),
      message: expect.any(String),
    });
    const { payment_intent_id: intent, client_secret: secret } = action.body;
    expect(await get(service, bookingId)).toMatchObject({ body: { data: { status: 'AwaitingAuthentication' } } });
    expect(service.service.challenge(intent, secret).confirmation_method).toBe('automatic');

    // A client that kept only the intent id resumes the challenge from this answer.
    const resumed = await book(service, bookingId, { payment_intent_id: intent });
    expect(resumed).toMatchObject({
      status: 402,
      body: { error: 'payment_requires_action', payment_intent_id: intent, client_secret: secret },
    });

    await challenge(service, intent, secret, 'approve');
    const paid = await book(service, bookingId, { payment_intent_id: intent });
    expect(paid).toMatchObject({ status: 201, body: { status: 'success', booking_reference: expect.any(String) } });
    expect(await get(service, bookingId)).toMatchObject({
      body: { data: { status: 'Pending', booking_reference: paid.body.booking_reference } },
    });
    await waitForStatus(service, bookingId, 'Paid');
  });

  test('a failed challenge leaves it AwaitingAuthentication (402 payment_declined, reason authentication_failed); another card then pays', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    const action = await callApi<{ payment_intent_id: string; client_secret: string }>(
      service,
      'POST',
      `/bookings/${bookingId}/book`,
      service.keys.liveKey,
      { payment_method_id: 'pm_card_authenticationRequired' },
    );
    await challenge(service, action.body.payment_intent_id, action.body.client_secret, 'fail');
    expect(await book(service, bookingId, { payment_intent_id: action.body.payment_intent_id })).toMatchObject({
      status: 402,
      body: { error: 'payment_declined', reason: 'authentication_failed' },
    });
    expect(await get(service, bookingId)).toMatchObject({ body: { data: { status: 'AwaitingAuthentication' } } });
    expect(await book(service, bookingId, { payment_method_id: 'pm_card_visa' })).toMatchObject({
      status: 201,
      body: { status: 'success' },
    });
    expect(await get(service, bookingId)).toMatchObject({ body: { data: { status: 'Pending', booking_reference: expect.any(String) } } });
  });

  test.each([
    ['pm_card_chargeDeclined', 'generic_decline'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_visa_chargeDeclinedLostCard', 'lost_card'],
  ])('%s: 402 payment_declined with reason %s (no card_declined, no decline_code); still Pending', async (card, reason) => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    const declined = await book(service, bookingId, { payment_method_id: card });
    expect(declined).toMatchObject({ status: 402, body: { error: 'payment_declined', reason, message: expect.any(String) } });
    expect(declined.body).not.toHaveProperty('decline_code');
    expect(await get(service, bookingId)).toMatchObject({ body: { data: { status: 'Pending' } } });
    expect(service.service.ledger(bookingId).payments).toEqual([]);
  });
});

describe('alternate dialect: which statuses allow what', () => {
  test('cancel from Pending (held), AwaitingAuthentication, Pending (authorized: released) and Paid (refunded); never twice', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 60_000 } });
    const held = await pendingBooking(service);
    expect(await cancel(service, held.bookingId)).toMatchObject({ status: 200, body: { id: held.bookingId, status: 'Cancelled' } });
    expect(await cancel(service, held.bookingId)).toMatchObject({ status: 422, body: { error: 'booking_already_cancelled' } });
    expect(await book(service, held.bookingId, { payment_method_id: 'pm_card_visa' })).toMatchObject({
      status: 422,
      body: { error: 'booking_state_conflict' },
    });

    const waiting = await pendingBooking(service);
    await book(service, waiting.bookingId, { payment_method_id: 'pm_card_threeDSecureRequired' });
    expect(await cancel(service, waiting.bookingId)).toMatchObject({ status: 200, body: { status: 'Cancelled' } });

    const authorized = await pendingBooking(service);
    await book(service, authorized.bookingId, { payment_method_id: 'pm_card_visa' });
    expect(await cancel(service, authorized.bookingId)).toMatchObject({ status: 200, body: { status: 'Cancelled' } });
    expect(service.service.ledger(authorized.bookingId).payments.map((payment) => payment.kind)).toEqual(['authorization', 'release']);

    service.controls.update({ supplierDelayMs: 20 });
    const paid = await paidBooking(service);
    expect(await cancel(service, paid.bookingId)).toMatchObject({ status: 200, body: { status: 'Cancelled' } });
    expect(service.service.ledger(paid.bookingId).payments.at(-1)).toMatchObject({ kind: 'refund', amount_minor: paid.stay.total });
  });

  test('book twice is 422 booking_already_paid; modify a Pending booking is 422 booking_state_conflict', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await pendingBooking(service);
    const changes = { booking: { dates: { check_in: shift(stay.checkIn, 1), check_out: shift(stay.checkOut, 1) } } };
    expect(await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes })).toMatchObject({
      status: 422,
      body: { error: 'booking_state_conflict' },
    });
    await book(service, bookingId, { payment_method_id: 'pm_card_visa' });
    expect(await book(service, bookingId, { payment_method_id: 'pm_card_visa' })).toMatchObject({
      status: 422,
      body: { error: 'booking_already_paid' },
    });
    expect(service.service.ledger(bookingId).payments.filter((payment) => payment.kind === 'authorization')).toHaveLength(1);
  });
});

describe('alternate dialect: modifications', () => {
  async function datesWhere(service: Service, stay: PricedStay, wanted: 'cheaper' | 'dearer' | 'sold_out') {
    for (let days = 1; days < 150; days += 1) {
      const answer = await callApi<{ data: { available: boolean; total_price_cents: number } }>(
        service,
        'POST',
        `/packages/${stay.packageId}/availability`,
        service.keys.testKey,
        {
          check_in: shift(stay.checkIn, days),
          check_out: shift(stay.checkOut, days),
          adults: stay.adults,
          property_id: stay.propertyId,
        },
      );
      const { available, total_price_cents: total } = answer.body.data;
      const fits = wanted === 'sold_out' ? !available : available && (wanted === 'cheaper' ? total < stay.total : total > stay.total);
      if (fits) return { check_in: shift(stay.checkIn, days), check_out: shift(stay.checkOut, days), total };
    }
    throw new Error(`no ${wanted} dates`);
  }

  test('dearer dates: preview "charge"; confirm 201 payment_required; ChangePending refuses cancel and changes; paying the link page applies it, Paid', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await paidBooking(service, { startInDays: 150 });
    const dates = await datesWhere(service, stay, 'dearer');
    const changes = { booking: { dates: { check_in: dates.check_in, check_out: dates.check_out } } };
    const preview = await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes });
    expect(preview).toMatchObject({
      status: 200,
      body: {
        data: {
          booking_id: bookingId,
          status: 'preview',
          price_summary: {
            net_price_diff: dates.total - stay.total,
            direction: 'charge',
            payment_required: true,
            payment_amount: dates.total - stay.total,
            refund_amount: 0,
            currency: stay.currency,
            tax_included: true,
          },
        },
      },
    });

    const confirm = await callApi<{ payment_link: string; modification_reference: string }>(
      service,
      'POST',
      `/bookings/${bookingId}/modification`,
      service.keys.liveKey,
      { changes },
    );
    expect(confirm).toMatchObject({
      status: 201,
      body: {
        status: 'payment_required',
        payment_link: expect.stringContaining('/sandbox/pay/modification/MOD'),
        modification_reference: expect.stringMatching(/^MOD/),
      },
    });
    expect(await get(service, bookingId)).toMatchObject({ body: { data: { status: 'ChangePending' } } });
    expect(await cancel(service, bookingId)).toMatchObject({ status: 422, body: { error: 'change_awaiting_payment' } });
    expect(await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes })).toMatchObject({
      status: 422,
      body: { error: 'change_awaiting_payment' },
    });
    expect(await callApi(service, 'POST', `/bookings/${bookingId}/modification`, service.keys.liveKey, { changes })).toMatchObject({
      status: 422,
      body: { error: 'change_awaiting_payment' },
    });
    expect(service.service.ledger(bookingId).booking?.check_in).toBe(stay.checkIn);

    expect(await (await fetch(confirm.body.payment_link, { method: 'POST' })).text()).toContain('is paid');
    expect(await get(service, bookingId)).toMatchObject({ body: { data: { status: 'Paid' } } });
    expect(service.service.ledger(bookingId).booking).toMatchObject({ check_in: dates.check_in, total_minor: dates.total, status: 'Paid' });
    expect(service.service.ledger(bookingId).payments.at(-1)).toMatchObject({ kind: 'charge', amount_minor: dates.total - stay.total });
  });

  test('cheaper dates: preview "credit"; confirm 201 completed with the booking Paid, refunded', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await paidBooking(service, { startInDays: 150 });
    const dates = await datesWhere(service, stay, 'cheaper');
    const changes = { booking: { dates: { check_in: dates.check_in, check_out: dates.check_out } } };
    const preview = await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes });
    expect(preview.body).toMatchObject({
      data: {
        price_summary: {
          net_price_diff: dates.total - stay.total,
          direction: 'credit',
          payment_required: false,
          payment_amount: 0,
          refund_amount: stay.total - dates.total,
        },
      },
    });
    const confirm = await callApi<{ booking: unknown }>(service, 'POST', `/bookings/${bookingId}/modification`, service.keys.liveKey, {
      changes,
    });
    expect(confirm).toMatchObject({ status: 201, body: { status: 'completed' } });
    expect(confirm.body.booking).toEqual({ id: bookingId, status: 'Paid' });
    expect(service.service.ledger(bookingId).payments.at(-1)).toMatchObject({ kind: 'refund', amount_minor: stay.total - dates.total });
  });

  test('a room change at the same price is "even"; dates that are sold out are 409 sold_out', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await paidBooking(service);
    const room = await callApi<{ data: { availability_id: number } }>(
      service,
      'POST',
      `/packages/${stay.packageId}/availability`,
      service.keys.testKey,
      { check_in: stay.checkIn, check_out: stay.checkOut, adults: stay.adults, property_id: stay.propertyId },
    );
    const rooms = [{ action: 'update', availability_id: stay.availabilityId, selected_availability_id: room.body.data.availability_id }];
    expect(
      (await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes: { rooms } })).body,
    ).toMatchObject({ data: { price_summary: { net_price_diff: 0, direction: 'even' } } });

    const soldOut = await datesWhere(service, stay, 'sold_out');
    const changes = { booking: { dates: { check_in: soldOut.check_in, check_out: soldOut.check_out } } };
    expect(await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes })).toMatchObject({
      status: 409,
      body: { error: 'sold_out', message: expect.any(String) },
    });
  });
});

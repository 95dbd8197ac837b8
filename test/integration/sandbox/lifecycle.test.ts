import { describe, expect, test } from 'vitest';
import { callApi, mintToken, paidBooking, pendingBooking, useSandbox, waitForStatus } from '../../support/sandbox-helpers';
import type { PricedStay } from '../../support/sandbox-helpers';

const sandbox = useSandbox();
const shift = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);

describe('supplier confirmation', () => {
  test('a supplier that rejects: the booking Fails and the authorization is released, never captured', async () => {
    const service = await sandbox({ controls: { supplierOutcome: 'reject', supplierDelayMs: 30 } });
    const { bookingId } = await pendingBooking(service);
    await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: 'pm_card_visa' });
    await waitForStatus(service, bookingId, 'Failed');
    expect(service.service.ledger(bookingId).payments.map((payment) => payment.kind)).toEqual(['authorization', 'release']);
  });
});

describe('cancel (POST /bookings/{id}/cancel)', () => {
  test('a Paid booking is Cancelled with its reason, and refunded', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await paidBooking(service);
    const answer = await callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, {
      cancellation_reason: 'Traveler changed plans',
    });
    expect(answer).toMatchObject({ status: 200, body: { success: expect.any(String), id: bookingId, status: 'Cancelled' } });
    expect((await callApi(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey)).body).toMatchObject({
      data: { status: 'Cancelled' },
    });
    expect(service.service.ledger(bookingId).payments.at(-1)).toMatchObject({ kind: 'refund', amount_minor: stay.total });
  });

  test('a Pending hold can be cancelled; cancelling twice is 409 already_cancelled', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    expect(
      (await callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, { cancellation_reason: 'No longer needed' }))
        .body,
    ).toMatchObject({ status: 'Cancelled' });
    expect(
      await callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, { cancellation_reason: 'again' }),
    ).toMatchObject({ status: 409, body: { error: 'already_cancelled' } });
    expect(
      await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: 'pm_card_visa' }),
    ).toMatchObject({ status: 409, body: { error: 'invalid_state' } });
  });

  test('a booking still Confirming is Cancelled and its authorization released, never captured', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 60_000 } });
    const { bookingId } = await pendingBooking(service);
    await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: 'pm_card_visa' });
    expect(
      (await callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, { cancellation_reason: 'Wrong dates' })).body,
    ).toMatchObject({ status: 'Cancelled' });
    expect(service.service.ledger(bookingId).payments.map((payment) => payment.kind)).toEqual(['authorization', 'release']);
  });

  test('a reason is required', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    expect(await callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, {})).toMatchObject({
      status: 422,
      body: { error: 'validation_failed', details: [{ field: 'cancellation_reason' }] },
    });
  });
});

describe('modification: preview, then confirm', () => {
  async function datesWhere(service: Awaited<ReturnType<typeof sandbox>>, stay: PricedStay, cheaper: boolean) {
    // Walk forward until the same stay costs less (or more) than it does now.
    for (let days = 1; days < 120; days += 1) {
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
      if (
        answer.body.data.available &&
        (cheaper ? answer.body.data.total_price_cents < stay.total : answer.body.data.total_price_cents > stay.total)
      ) {
        return { check_in: shift(stay.checkIn, days), check_out: shift(stay.checkOut, days), total: answer.body.data.total_price_cents };
      }
    }
    throw new Error('no such dates');
  }

  test('cheaper dates: the preview explains the refund; confirm completes at once, Paid, refunded', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await paidBooking(service, { startInDays: 150 });
    const dates = await datesWhere(service, stay, true);
    const changes = { booking: { dates: { check_in: dates.check_in, check_out: dates.check_out } } };
    const preview = await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes });
    const refund = stay.total - dates.total;
    expect(preview.body).toEqual({
      data: {
        booking_id: bookingId,
        status: 'preview',
        price_summary: { net_price_diff: -refund, direction: 'refund', payment_required: false, payment_amount: 0, refund_amount: refund },
      },
    });
    expect(service.service.ledger(bookingId).booking?.check_in).toBe(stay.checkIn);

    const confirm = await callApi(service, 'POST', `/bookings/${bookingId}/modification`, service.keys.liveKey, { changes });
    expect(confirm.body).toEqual({ status: 'completed', booking: { id: bookingId, status: 'Paid' } });
    const ledger = service.service.ledger(bookingId);
    expect(ledger.booking).toMatchObject({
      check_in: dates.check_in,
      check_out: dates.check_out,
      total_minor: dates.total,
      status: 'Paid',
    });
    expect(ledger.payments.at(-1)).toMatchObject({ kind: 'refund', amount_minor: refund });
  });

  test('dearer dates: confirm answers payment_required with a link and a reference; paying on that page applies the change', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await paidBooking(service, { startInDays: 150 });
    const dates = await datesWhere(service, stay, false);
    const changes = { booking: { dates: { check_in: dates.check_in, check_out: dates.check_out } } };
    const preview = await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes });
    expect(preview.body).toMatchObject({
      data: { price_summary: { direction: 'charge', payment_required: true, payment_amount: dates.total - stay.total, refund_amount: 0 } },
    });

    const confirm = await callApi<{ status: string; payment_link: string; modification_reference: string }>(
      service,
      'POST',
      `/bookings/${bookingId}/modification`,
      service.keys.liveKey,
      { changes },
    );
    expect(confirm.body).toEqual({
      status: 'payment_required',
      payment_link: expect.stringMatching(new RegExp(`^${service.url}/sandbox/pay/modification/MOD`)),
      modification_reference: expect.stringMatching(/^MOD/),
    });
    expect(service.service.ledger(bookingId).booking?.check_in).toBe(stay.checkIn);
    expect(await callApi(service, 'POST', `/bookings/${bookingId}/modification`, service.keys.liveKey, { changes })).toMatchObject({
      status: 409,
      body: { error: 'modification_pending' },
    });

    // The page is the link's alone: the reference without the link's secret, or with another one, is not found and pays nothing.
    const bare = `${service.url}/sandbox/pay/modification/${confirm.body.modification_reference}`;
    const forged = new URL(confirm.body.payment_link);
    forged.searchParams.set('secret', `${forged.searchParams.get('secret') ?? ''}x`);
    for (const url of [bare, `${bare}?secret=`, forged.href]) {
      expect((await fetch(url)).status, url).toBe(404);
      expect((await fetch(url, { method: 'POST' })).status, url).toBe(404);
    }
    expect(service.service.ledger(bookingId).booking?.check_in).toBe(stay.checkIn);

    expect(await (await fetch(confirm.body.payment_link)).text()).toContain(`Pay for change ${confirm.body.modification_reference}`);
    const paid = await fetch(confirm.body.payment_link, { method: 'POST' });
    expect(await paid.text()).toContain('is paid');
    expect(service.service.ledger(bookingId).booking).toMatchObject({ check_in: dates.check_in, total_minor: dates.total, status: 'Paid' });
    expect(service.service.ledger(bookingId).payments.at(-1)).toMatchObject({
      kind: 'charge',
      amount_minor: dates.total - stay.total,
      modification_reference: confirm.body.modification_reference,
    });
  });

  test('a room change to an offer of the same price completes with direction "none"', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await paidBooking(service);
    const room = await callApi<{ data: { availability_id: number; total_price_cents: number } }>(
      service,
      'POST',
      `/packages/${stay.packageId}/availability`,
      service.keys.testKey,
      { check_in: stay.checkIn, check_out: stay.checkOut, adults: stay.adults, property_id: stay.propertyId },
    );
    const changes = {
      rooms: [{ action: 'update', availability_id: stay.availabilityId, selected_availability_id: room.body.data.availability_id }],
    };
    const preview = await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.liveKey, { changes });
    expect(preview.body).toMatchObject({
      data: { price_summary: { net_price_diff: 0, direction: 'none', payment_required: false, payment_amount: 0, refund_amount: 0 } },
    });
    expect((await callApi(service, 'POST', `/bookings/${bookingId}/modification`, service.keys.liveKey, { changes })).body).toEqual({
      status: 'completed',
      booking: { id: bookingId, status: 'Paid' },
    });
  });

  test('a room change to another property of the package, priced for the booking dates', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await paidBooking(service, { packageId: 6, propertyId: 601 });
    for (const propertyId of [602, 603, 604]) {
      const room = await callApi<{ data: { available: boolean; availability_id: number; total_price_cents: number } }>(
        service,
        'POST',
        '/packages/6/availability',
        service.keys.testKey,
        { check_in: stay.checkIn, check_out: stay.checkOut, adults: stay.adults, property_id: propertyId },
      );
      if (!room.body.data.available) continue;
      const changes = {
        rooms: [{ action: 'update', availability_id: stay.availabilityId, selected_availability_id: room.body.data.availability_id }],
      };
      const preview = await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes });
      expect(preview.body).toMatchObject({ data: { price_summary: { net_price_diff: room.body.data.total_price_cents - stay.total } } });
      return;
    }
    throw new Error('no other property available');
  });

  test('a modification needs a Paid booking, rooms of that booking, and a live key to confirm', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await pendingBooking(service);
    const changes = { booking: { dates: { check_in: shift(stay.checkIn, 1), check_out: shift(stay.checkOut, 1) } } };
    expect(await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes })).toMatchObject({
      status: 409,
      body: { error: 'invalid_state' },
    });
    const paid = await paidBooking(service);
    expect(await callApi(service, 'POST', `/bookings/${paid.bookingId}/modification`, service.keys.testKey, { changes })).toMatchObject({
      status: 403,
      body: { error: 'live_key_required' },
    });
    const wrongRoom = { rooms: [{ action: 'update', availability_id: 999999, selected_availability_id: paid.stay.availabilityId }] };
    expect(
      await callApi(service, 'POST', `/bookings/${paid.bookingId}/modification/preview`, service.keys.testKey, { changes: wrongRoom }),
    ).toMatchObject({ status: 422 });
    expect(
      await callApi(service, 'POST', `/bookings/${paid.bookingId}/modification/preview`, service.keys.testKey, { changes: {} }),
    ).toMatchObject({ status: 422, body: { error: 'validation_failed' } });
    expect(await mintToken(service, stay)).toMatchObject({ status: 200 });
  });
});

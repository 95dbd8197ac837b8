import { describe, expect, test } from 'vitest';
import {
  callApi,
  itemsFor,
  mintToken,
  paidBooking,
  pendingBooking,
  prebookBody,
  priceAvailableStay,
  useSandbox,
} from '../../support/sandbox-helpers';

// The alternate dialect's error codes, HTTP statuses and success bodies (docs/service-behaviour.md, "The alternate dialect").
const sandbox = useSandbox({ dialect: 'alternate' });
const nextDay = (date: string) => new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);

describe('alternate dialect: errors', () => {
  test('keys: none or unknown is 401 invalid_api_key; a test key on a live operation is 403 insufficient_key_scope', async () => {
    const service = await sandbox();
    for (const key of [null, 'sk_live_unknown'])
      expect(await callApi(service, 'GET', '/packages?title=x', key)).toMatchObject({
        status: 401,
        body: { error: 'invalid_api_key', message: expect.any(String) },
      });
    const { bookingId } = await paidBooking(service);
    for (const [method, path, body] of [
      ['POST', '/bookings/prebook', {}],
      ['GET', `/bookings/${bookingId}`, undefined],
      ['POST', `/bookings/${bookingId}/cancel`, { cancellation_reason: 'x' }],
    ] as const) {
      expect(await callApi(service, method, path, service.keys.testKey, body)).toMatchObject({
        status: 403,
        body: { error: 'insufficient_key_scope' },
      });
    }
    expect(await mintToken(service, await priceAvailableStay(service), service.keys.testKey)).toMatchObject({
      status: 403,
      body: { error: 'insufficient_key_scope' },
    });
  });

  test('unknown ids and paths are 404 resource_not_found; another organization’s booking too', async () => {
    const service = await sandbox();
    const other = service.createOrganization('Other Agency');
    const { bookingId } = await pendingBooking(service);
    expect(await callApi(service, 'GET', '/bookings/999999', service.keys.liveKey)).toMatchObject({
      status: 404,
      body: { error: 'resource_not_found' },
    });
    expect(await callApi(service, 'GET', `/bookings/${bookingId}`, other.liveKey)).toMatchObject({
      status: 404,
      body: { error: 'resource_not_found' },
    });
    expect(
      await callApi(service, 'POST', '/packages/4242/availability', service.keys.testKey, {
        check_in: '2031-01-01',
        check_out: '2031-01-03',
        adults: 2,
        property_id: 101,
      }),
    ).toMatchObject({ status: 404, body: { error: 'resource_not_found' } });
    expect(await callApi(service, 'GET', '/nothing-here', service.keys.liveKey)).toMatchObject({
      status: 404,
      body: { error: 'resource_not_found' },
    });
  });

  test('invalid fields are 400 invalid_request with errors [{ path, reason }], never 422 validation_failed', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await pendingBooking(service);
    const missing = await callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, {});
    expect(missing).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_request',
        message: expect.any(String),
        errors: [{ path: 'cancellation_reason', reason: expect.any(String) }],
      },
    });
    expect(missing.body).not.toHaveProperty('details');
    const token = (await mintToken(service, await priceAvailableStay(service))).body.data.prebook_token;
    const email = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, {
      ...prebookBody(stay, token),
      holder: { name: 'Ana', surname: 'Silva', email: 'nope' },
    });
    expect(email).toMatchObject({ status: 400, body: { error: 'invalid_request', errors: [{ path: 'holder.email' }] } });
    expect(
      await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: 'pm_card_visa', amount: 1 }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, '{"package_id": ')).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', errors: [{ path: '(body)' }] },
    });
  });

  test('a raw card number is 400 card_data_not_allowed', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    expect(
      await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: '4242424242424242' }),
    ).toMatchObject({ status: 400, body: { error: 'card_data_not_allowed' } });
    expect(service.service.ledger(bookingId).payments).toEqual([]);
  });

  test('a used token is 422 prebook_token_consumed, even for the very same request: no replay, no second hold', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service);
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    const first = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token));
    expect(first.status).toBe(201);
    expect(await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token))).toMatchObject({
      status: 422,
      body: { error: 'prebook_token_consumed' },
    });
    expect(service.service.ledger((first.body.id as number) + 1).booking).toBeUndefined();
  });

  test('an expired token is 422 prebook_token_expired', async () => {
    const service = await sandbox({ controls: { tokenLifetimeMs: 30 } });
    const stay = await priceAvailableStay(service);
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token))).toMatchObject({
      status: 422,
      body: { error: 'prebook_token_expired' },
    });
  });

  test.each([
    ['another property', (body: ReturnType<typeof prebookBody>) => ({ ...body, inventory_item_id: body.inventory_item_id + 1 })],
    ['other dates', (body: ReturnType<typeof prebookBody>) => ({ ...body, check_out: nextDay(body.check_out) })],
    [
      'other items',
      (body: ReturnType<typeof prebookBody>) => ({
        ...body,
        items: body.items.map((item) => ({ ...item, paxes: item.paxes.map((pax) => ({ age: pax.age + 1 })) })),
      }),
    ],
  ])('a prebook for %s than the token is 409 prebook_selection_mismatch, and the token stays usable', async (_name, change) => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service);
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    expect(await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, change(prebookBody(stay, token)))).toMatchObject({
      status: 409,
      body: { error: 'prebook_selection_mismatch' },
    });
    expect((await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token))).status).toBe(201);
  });

  test('training faults: 503 temporarily_unavailable; 429 too_many_requests with Retry-After', async () => {
    const service = await sandbox({ controls: { errorRate: 1 } });
    expect(await callApi(service, 'GET', '/packages?title=rome', service.keys.testKey)).toMatchObject({
      status: 503,
      body: { error: 'temporarily_unavailable' },
    });
    service.controls.update({ errorRate: 0, rateLimitRate: 1, retryAfterSeconds: 4 });
    const limited = await callApi(service, 'GET', '/packages?title=rome', service.keys.testKey);
    expect(limited).toMatchObject({ status: 429, body: { error: 'too_many_requests', retry_after_seconds: 4 } });
    expect(limited.headers.get('retry-after')).toBe('4');
  });

  test('wrong method 405 method_not_supported; oversized body 413 request_too_large', async () => {
    const service = await sandbox();
    expect(await callApi(service, 'DELETE', '/bookings/100001', service.keys.liveKey)).toMatchObject({
      status: 405,
      body: { error: 'method_not_supported' },
    });
    expect(await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, { holder: 'x'.repeat(70 * 1024) })).toMatchObject({
      status: 413,
      body: { error: 'request_too_large' },
    });
  });
});

describe('alternate dialect: success answers', () => {
  test('201 for what creates (token, prebook, book, modification confirm); 200 for the rest; a request_id and other unknown fields on every body', async () => {
    const service = await sandbox();
    const search = await callApi<{ data: unknown[]; meta: unknown }>(service, 'GET', '/packages?title=lisbon', service.keys.testKey);
    expect(search).toMatchObject({
      status: 200,
      body: {
        request_id: expect.any(String),
        meta: { count: 1 },
        data: [
          {
            id: 1,
            title: 'Lisbon City Break',
            currency: 'EUR',
            properties: expect.arrayContaining([{ id: 101, name: 'Hotel Alfama Palace', kind: 'hotel' }]),
          },
        ],
      },
    });

    const stay = await priceAvailableStay(service);
    const pricing = await callApi(service, 'POST', `/packages/${stay.packageId}/availability`, service.keys.testKey, {
      check_in: stay.checkIn,
      check_out: stay.checkOut,
      adults: stay.adults,
      property_id: stay.propertyId,
    });
    expect(pricing).toMatchObject({
      status: 200,
      body: {
        request_id: expect.any(String),
        data: {
          available: true,
          total_price_cents: stay.total,
          currency: 'EUR',
          availability_id: expect.any(Number),
          meta: { nights: 3, adults: 2 },
        },
      },
    });

    const before = Date.now();
    const token = await mintToken(service, stay);
    expect(token).toMatchObject({
      status: 201,
      body: { request_id: expect.any(String), data: { available: true, prebook_token: expect.any(String), meta: expect.any(Object) } },
    });
    // ISO 8601 UTC to the second; the token lives 10 minutes.
    expect(token.body.data.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(token.body.data.expires_at) - before).toBeGreaterThan(9.9 * 60_000);
    expect(Date.parse(token.body.data.expires_at) - before).toBeLessThan(10.1 * 60_000);

    const prebook = await callApi<{ id: number }>(
      service,
      'POST',
      '/bookings/prebook',
      service.keys.liveKey,
      prebookBody(stay, token.body.data.prebook_token),
    );
    expect(prebook).toMatchObject({
      status: 201,
      body: {
        success: expect.any(String),
        id: expect.any(Number),
        status: 'Pending',
        request_id: expect.any(String),
        created_at: expect.any(String),
        links: { self: expect.any(String) },
      },
    });
    const bookingId = prebook.body.id;
    expect(Number.isInteger(bookingId)).toBe(true);

    const booked = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, {
      payment_method_id: 'pm_card_visa',
    });
    expect(booked).toMatchObject({ status: 201, body: { request_id: expect.any(String), authorized_amount_cents: stay.total } });
    const read = await callApi(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey);
    expect(read.status).toBe(200);

    const room = await callApi<{ data: { availability_id: number } }>(
      service,
      'POST',
      `/packages/${stay.packageId}/availability`,
      service.keys.testKey,
      { check_in: stay.checkIn, check_out: stay.checkOut, adults: stay.adults, property_id: stay.propertyId },
    );
    const changes = {
      rooms: [
        { action: 'update', availability_id: itemsFor(stay)[0]?.availability_id, selected_availability_id: room.body.data.availability_id },
      ],
    };
    await new Promise((resolve) => setTimeout(resolve, 80));
    const preview = await callApi(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes });
    expect(preview).toMatchObject({
      status: 200,
      body: {
        request_id: expect.any(String),
        data: { meta: expect.any(Object), price_summary: { net_price_diff: 0, currency: 'EUR', tax_included: true } },
      },
    });
    const confirm = await callApi(service, 'POST', `/bookings/${bookingId}/modification`, service.keys.liveKey, { changes });
    expect(confirm).toMatchObject({
      status: 201,
      body: { status: 'completed', booking: { id: bookingId, status: 'Paid' }, request_id: expect.any(String) },
    });

    const cancelled = await callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, {
      cancellation_reason: 'Changed plans',
    });
    expect(cancelled).toMatchObject({
      status: 200,
      body: { success: expect.any(String), id: bookingId, status: 'Cancelled', request_id: expect.any(String) },
    });
  });
});

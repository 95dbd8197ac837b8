import { describe, expect, test } from 'vitest';
import { callApi, itemsFor, mintToken, prebookBody, priceAvailableStay, useSandbox } from '../../support/sandbox-helpers';

const sandbox = useSandbox();

describe('prebook token (availability with mode "prebook")', () => {
  test('a live key gets a single-use token and its expiry, 15 minutes by default', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service);
    const before = Date.now();
    const answer = await mintToken(service, stay);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ available: true, prebook_token: expect.stringMatching(/^pbt_/), expires_at: expect.any(String) });
    const lifetime = Date.parse(answer.body.data.expires_at) - before;
    expect(lifetime).toBeGreaterThan(14.9 * 60_000);
    expect(lifetime).toBeLessThan(15.1 * 60_000);
  });

  test('a test key is refused with 403 live_key_required', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service);
    expect(await mintToken(service, stay, service.keys.testKey)).toMatchObject({ status: 403, body: { error: 'live_key_required' } });
  });

  test('the paxes must match the priced adults', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service, { adults: 2 });
    const answer = await callApi(service, 'POST', `/packages/${stay.packageId}/availability`, service.keys.liveKey, {
      check_in: stay.checkIn,
      check_out: stay.checkOut,
      adults: 2,
      property_id: stay.propertyId,
      mode: 'prebook',
      items: [{ availability_id: stay.availabilityId, paxes: [{ age: 40 }] }],
    });
    expect(answer).toMatchObject({
      status: 422,
      body: { error: 'pax_count_mismatch', message: expect.stringContaining('priced for 2 adults') },
    });
  });
});

describe('prebook (POST /bookings/prebook)', () => {
  test('creates a Pending booking and returns its id', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service);
    const token = await mintToken(service, stay);
    const answer = await callApi(
      service,
      'POST',
      '/bookings/prebook',
      service.keys.liveKey,
      prebookBody(stay, token.body.data.prebook_token),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: expect.any(String), id: expect.any(Number), status: 'Pending' });
    const fetched = await callApi(service, 'GET', `/bookings/${answer.body.id as number}`, service.keys.liveKey);
    expect(fetched.body).toEqual({
      data: {
        id: answer.body.id,
        status: 'Pending',
        booking_reference: null,
        check_in: stay.checkIn,
        check_out: stay.checkOut,
        total_price_cents: stay.total,
        currency: stay.currency,
        items: itemsFor(stay),
      },
    });
  });

  test('a token makes one hold only: another request with it is 409 token_used and creates nothing', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service);
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    const first = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token));
    const other = { ...prebookBody(stay, token), holder: { name: 'Bea', surname: 'Other', email: 'bea@example.com' } };
    const second = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, other);
    expect(second).toMatchObject({ status: 409, body: { error: 'token_used' } });
    expect(service.service.ledger((first.body.id as number) + 1).booking).toBeUndefined();
  });

  test('the same prebook sent again (its answer was lost) returns the hold it made, and makes no second one', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service);
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    const first = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token));
    const again = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token));
    expect(again).toMatchObject({ status: 201, body: { id: first.body.id, status: 'Pending' } });
    expect(service.service.ledger((first.body.id as number) + 1).booking).toBeUndefined();
  });

  test('items that list the same offer twice are refused with 422 duplicate_offer, naming the entry', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service, { adults: 2 });
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    const item = { availability_id: stay.availabilityId, paxes: [{ age: 30 }, { age: 31 }] };
    const answer = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, {
      ...prebookBody(stay, token),
      items: [item, item],
    });
    expect(answer).toMatchObject({
      status: 422,
      body: { error: 'duplicate_offer', message: expect.stringContaining('items[1] books offer') },
    });
    // Refused before anything was made: the token still makes its one hold.
    const held = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token));
    expect(held.status).toBe(201);
  });

  test('an expired token is 410 token_expired', async () => {
    const service = await sandbox({ controls: { tokenLifetimeMs: 30 } });
    const stay = await priceAvailableStay(service);
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    await new Promise((resolve) => setTimeout(resolve, 60));
    const answer = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token));
    expect(answer).toMatchObject({
      status: 410,
      body: { error: 'token_expired', message: expect.stringContaining('price the stay again') },
    });
  });

  test.each([
    [
      'another property',
      (body: ReturnType<typeof prebookBody>) => ({ ...body, inventory_item_id: body.inventory_item_id + 1 }),
      'token_property_mismatch',
    ],
    ['another package', (body: ReturnType<typeof prebookBody>) => ({ ...body, package_id: 2 }), 'token_property_mismatch'],
    [
      'other dates',
      (body: ReturnType<typeof prebookBody>) => ({
        ...body,
        check_out: new Date(Date.parse(body.check_out) + 86_400_000).toISOString().slice(0, 10),
      }),
      'token_dates_mismatch',
    ],
    [
      'other pax ages',
      (body: ReturnType<typeof prebookBody>) => ({
        ...body,
        items: body.items.map((item) => ({ ...item, paxes: item.paxes.map((pax) => ({ age: pax.age + 1 })) })),
      }),
      'token_items_mismatch',
    ],
    [
      'another offer',
      (body: ReturnType<typeof prebookBody>) => ({
        ...body,
        items: body.items.map((item) => ({ ...item, availability_id: item.availability_id + 1000 })),
      }),
      'token_items_mismatch',
    ],
  ])('a prebook for %s than the token was made for is 422 %s, and the token stays usable', async (_name, change, code) => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service);
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    const refused = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, change(prebookBody(stay, token)));
    expect(refused).toMatchObject({ status: 422, body: { error: code } });
    const retried = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, prebookBody(stay, token));
    expect(retried.status).toBe(201);
  });

  test('another organization cannot use the token: 422 token_invalid', async () => {
    const service = await sandbox();
    const other = service.createOrganization('Other Agency');
    const stay = await priceAvailableStay(service);
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    const answer = await callApi(service, 'POST', '/bookings/prebook', other.liveKey, prebookBody(stay, token));
    expect(answer).toMatchObject({ status: 422, body: { error: 'token_invalid' } });
  });

  test('the holder is checked: a bad e-mail is 422 validation_failed naming the field', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service);
    const token = (await mintToken(service, stay)).body.data.prebook_token;
    const answer = await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, {
      ...prebookBody(stay, token),
      holder: { name: 'Ana', surname: 'Silva', email: 'not-an-email' },
    });
    expect(answer).toMatchObject({ status: 422, body: { error: 'validation_failed', details: [{ field: 'holder.email' }] } });
  });
});

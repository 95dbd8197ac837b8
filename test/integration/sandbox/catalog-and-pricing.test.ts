import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../../electron/sandbox/catalog';
import { callApi, daysFromNow, priceAvailableStay, useSandbox } from '../../support/sandbox-helpers';

const sandbox = useSandbox();
type Search = { data: { id: number; title: string; properties: { id: number; name: string }[] }[] };
type Pricing = { data: { available: boolean; total_price_cents?: number; currency: string; availability_id?: number } };

describe('search packages (GET /packages?title=)', () => {
  test('finds by any word, in any order, ignoring case and accents; answers { data: [Package] }', async () => {
    const service = await sandbox();
    const answer = await callApi<Search>(service, 'GET', '/packages?title=%20RIVIERA%20cote', service.keys.testKey);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        {
          id: 7,
          title: 'Côte d’Azur Riviera Escape',
          properties: [
            { id: 701, name: 'Nice Promenade Hotel' },
            { id: 702, name: 'Cannes Croisette Palace' },
            { id: 703, name: 'Antibes Old Town Inn' },
          ],
        },
      ],
    });
    const zurich = await callApi<Search>(service, 'GET', '/packages?title=zurich', service.keys.testKey);
    expect(zurich.body.data.map((entry) => entry.title)).toEqual(['Zürich Lakeside & Alps']);
    const none = await callApi<Search>(service, 'GET', '/packages?title=atlantis', service.keys.testKey);
    expect(none.body).toEqual({ data: [] });
  });

  test('the catalog is worth training on: 40+ packages of 1–5 properties, several currencies including JPY', async () => {
    const service = await sandbox();
    const all = await callApi<Search>(service, 'GET', '/packages?title=', service.keys.testKey);
    expect(all.body.data.length).toBeGreaterThanOrEqual(40);
    for (const entry of all.body.data) expect(entry.properties.length).toBeGreaterThanOrEqual(1);
    for (const entry of all.body.data) expect(entry.properties.length).toBeLessThanOrEqual(5);
    expect(new Set(CATALOG.map((entry) => entry.currency))).toEqual(new Set(['EUR', 'CHF', 'GBP', 'USD', 'JPY', 'AUD']));
  });
});

describe('price a stay (POST /packages/{id}/availability, no mode)', () => {
  test('answers available, the total in minor units, the currency and an availability_id, with a test key', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service, { packageId: 1, nights: 3, adults: 2 });
    expect(stay.currency).toBe('EUR');
    expect(Number.isInteger(stay.total)).toBe(true);
    expect(stay.availabilityId).toBeGreaterThan(0);
  });

  test('JPY prices are whole yen with no minor unit', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service, { packageId: 35 });
    expect(stay.currency).toBe('JPY');
    expect(stay.total % 100).toBe(0);
    expect(stay.total).toBeGreaterThan(10_000);
  });

  test('the price grows with nights and with adults', async () => {
    const service = await sandbox();
    const stay = await priceAvailableStay(service, { packageId: 25, nights: 2, adults: 1, startInDays: 100 });
    const price = async (checkOut: string, adults: number) =>
      (
        await callApi<Pricing>(service, 'POST', '/packages/25/availability', service.keys.testKey, {
          check_in: stay.checkIn,
          check_out: checkOut,
          adults,
          property_id: stay.propertyId,
        })
      ).body.data.total_price_cents as number;
    const oneNight = new Date(Date.parse(stay.checkIn) + 86_400_000).toISOString().slice(0, 10);
    expect(await price(oneNight, 1)).toBeLessThan(stay.total);
    expect(await price(stay.checkOut, 2)).toBeGreaterThan(stay.total);
  });

  test('some dates are sold out: available false, no offer', async () => {
    const service = await sandbox();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, day) =>
        callApi<Pricing>(service, 'POST', '/packages/1/availability', service.keys.testKey, {
          check_in: daysFromNow(30 + day),
          check_out: daysFromNow(37 + day),
          adults: 2,
          property_id: 101,
        }),
      ),
    );
    const soldOut = answers.filter((answer) => !answer.body.data.available);
    expect(soldOut.length).toBeGreaterThan(0);
    expect(soldOut[0]?.body).toEqual({ data: { available: false, currency: 'EUR' } });
  });

  test.each([
    [{ check_in: daysFromNow(10), check_out: daysFromNow(10), adults: 2, property_id: 101 }, 422, 'validation_failed'],
    [{ check_in: daysFromNow(-3), check_out: daysFromNow(2), adults: 2, property_id: 101 }, 422, 'validation_failed'],
    [{ check_in: '2027-02-30', check_out: '2027-03-02', adults: 2, property_id: 101 }, 422, 'validation_failed'],
    [{ check_in: daysFromNow(10), check_out: daysFromNow(12), adults: 0, property_id: 101 }, 422, 'validation_failed'],
    [{ check_in: daysFromNow(10), check_out: daysFromNow(12), adults: 2, property_id: 999 }, 422, 'validation_failed'],
    [{ check_in: daysFromNow(10), check_out: daysFromNow(12), adults: 2 }, 422, 'validation_failed'],
  ])('refuses %j with %i %s', async (body, status, code) => {
    const service = await sandbox();
    const answer = await callApi(service, 'POST', '/packages/1/availability', service.keys.testKey, body);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ error: code, message: expect.any(String) });
  });

  test('an unknown package is 404 not_found', async () => {
    const service = await sandbox();
    const answer = await callApi(service, 'POST', '/packages/4242/availability', service.keys.testKey, {
      check_in: daysFromNow(10),
      check_out: daysFromNow(12),
      adults: 2,
      property_id: 101,
    });
    expect(answer).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });
});

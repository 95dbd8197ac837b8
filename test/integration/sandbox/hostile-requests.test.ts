import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { callApi, mintToken, pendingBooking, prebookBody, priceAvailableStay, useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';
import type { Dialect } from '../../../electron/sandbox/sandbox';

const sandbox = useSandbox();
const tempDir = useTempDir();

/** Everything a request could change, as one comparable value. */
function snapshot(db: DatabaseSync): string {
  return ['bookings', 'payments', 'payment_intents', 'prebook_tokens', 'modifications', 'offers', 'organizations', 'api_keys']
    .map((table) => JSON.stringify(db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()))
    .join('\n');
}

describe.each<Dialect>(['standard', 'alternate'])('hostile and malformed requests (%s dialect)', (dialect) => {
  test('thousands of them: never a 5xx, never a crash, and a refused request changes nothing', { timeout: 120_000 }, async () => {
    const dataFile = join(tempDir(), 'service.db');
    const service = await sandbox({ dataFile, dialect, controls: { tokenLifetimeMs: 60_000 } });
    const other = service.createOrganization('Other Agency');
    const mine = await pendingBooking(service);
    const theirs = await pendingBooking(service);
    // theirs belongs to the same org; make a booking of the other organization too.
    const stay = await priceAvailableStay(service, { packageId: 3 });
    const usedToken = (await mintToken(service, stay)).body.data.prebook_token;
    const validPrebook = prebookBody(stay, usedToken);
    await callApi(service, 'POST', '/bookings/prebook', service.keys.liveKey, validPrebook);
    const reader = new DatabaseSync(dataFile, { readOnly: true });

    const keys = fc.constantFrom<string | null>(
      null,
      '',
      'Bearer',
      service.keys.testKey,
      service.keys.liveKey,
      other.liveKey,
      other.testKey,
      'sk_live_forged',
      `${service.keys.liveKey}x`,
      `Basic ${service.keys.liveKey}`,
    );
    const ids = fc.oneof(
      fc.constantFrom(mine.bookingId, theirs.bookingId, 0, -1, 2 ** 53, 99999999999),
      fc.integer(),
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
    );
    const paths = fc.oneof(
      fc.constant('/packages'),
      ids.map((id) => `/packages/${id}/availability`),
      fc.constant('/bookings/prebook'),
      ids.map((id) => `/bookings/${id}`),
      fc
        .tuple(ids, fc.constantFrom('book', 'cancel', 'modification', 'modification/preview', 'x'))
        .map(([id, action]) => `/bookings/${id}/${action}`),
      fc.string({ maxLength: 40 }).map((text) => `/${encodeURIComponent(text)}`),
    );
    const mutate = <T extends Record<string, unknown>>(base: T) =>
      fc.tuple(fc.constantFrom(...Object.keys(base)), fc.anything({ maxDepth: 3 })).map(([field, value]) => ({ ...base, [field]: value }));
    const bodies = fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc.anything({ maxDepth: 3 }).map((value) => (JSON.stringify(value) as string | undefined) ?? 'null'),
      fc.string({ maxLength: 200 }),
      fc.constantFrom('{', '{"a":', '\u0000', '[]', 'null', '1e999', '{"__proto__":{"admin":true}}', 'x'.repeat(70_000)),
      mutate(validPrebook).map((body) => JSON.stringify(body)),
      fc.constant(JSON.stringify(validPrebook)),
      mutate({ payment_method_id: 'pm_card_visa', client_reference: 'ref' }).map((body) => JSON.stringify(body)),
      mutate({
        check_in: stay.checkIn,
        check_out: stay.checkOut,
        adults: 2,
        property_id: stay.propertyId,
        mode: 'prebook',
        items: validPrebook.items,
      }).map((body) => JSON.stringify(body)),
      mutate({ changes: { booking: { dates: { check_in: stay.checkIn, check_out: stay.checkOut } } } }).map((body) => JSON.stringify(body)),
    );
    const requests = fc.record({ method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), path: paths, key: keys, body: bodies });

    let sent = 0;
    await fc.assert(
      fc.asyncProperty(requests, async ({ method, path, key, body }) => {
        const before = snapshot(reader);
        const response = await fetch(`${service.url}/api/partner/v1${path}?title=${encodeURIComponent(body.slice(0, 50))}`, {
          method,
          headers: key === null ? {} : { Authorization: `Bearer ${key}` },
          ...(method === 'GET' ? {} : { body }),
        });
        sent += 1;
        const text = await response.text();
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(JSON.parse(text)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
          if (response.status !== 402) expect(snapshot(reader)).toBe(before);
        }
      }),
      { numRuns: 2500 },
    );
    expect(sent).toBe(2500);
    // The replayed token never made a second hold.
    expect((reader.prepare('SELECT count(*) AS n FROM bookings WHERE package_id = 3').get() as { n: number }).n).toBe(1);
    reader.close();
    expect((await callApi(service, 'GET', '/packages?title=rome', service.keys.testKey)).status).toBe(200);
  });
});

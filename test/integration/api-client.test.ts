import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createApiClient, logServiceCall } from '../../electron/core/api/client';
import { ServiceError } from '../../electron/core/api/service-errors';
import { isServiceReachable } from '../../electron/core/connectivity';
import { FAST_RETRY } from '../support/engine-helpers';
import { useSandbox } from '../support/sandbox-helpers';

const sandbox = useSandbox();
const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A loopback server that answers every request with the given status and body, counting requests. */
async function scriptedServer(answer: (count: number) => { status: number; body: unknown; headers?: Record<string, string> }) {
  let count = 0;
  const server = createServer((request, response) => {
    count += 1;
    const { status, body, headers } = answer(count);
    request.resume();
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => count };
}

const KEY = 'sk_live_secretKeyNeverShown9999';
/** A key saved for the service at `baseUrl`, as the keychain and the settings give it. */
const savedFor = (baseUrl: string, secret = KEY) => ({ secret, origin: new URL(baseUrl).origin });
const client = (baseUrl: string) => createApiClient({ baseUrl, key: async () => savedFor(baseUrl), retry: FAST_RETRY });

describe('the service client', () => {
  test('fail twice, then succeed: a read is retried and its answer parsed', async () => {
    const server = await scriptedServer((count) =>
      count <= 2
        ? { status: 503, body: { error: 'service_unavailable' } }
        : { status: 200, body: { data: [{ id: 1, title: 'Rome', properties: [], extra: 'kept' }] } },
    );
    const answer = await client(server.url).search('rome');
    expect(answer.data[0]).toEqual({ id: 1, title: 'Rome', properties: [], extra: 'kept' });
    expect(server.requests()).toBe(3);
  });

  test('a busy service (429) is asked again as its Retry-After says, past the tries other failures get, until 30 s from its first send', async () => {
    const busyUntil = (last: number, retryAfter: string) =>
      scriptedServer((count) =>
        count <= last
          ? { status: 429, body: { error: 'rate_limited' }, headers: { 'Retry-After': retryAfter } }
          : { status: 200, body: { data: [] } },
      );
    const waits: number[] = [];
    const patient = (url: string) =>
      createApiClient({ baseUrl: url, key: async () => savedFor(url), sleep: async (ms) => void waits.push(ms) });
    // Half the calls refused: nine refusals in a row is rare, and still no error for the agent.
    const nineTimes = await busyUntil(9, '2');
    expect((await patient(nineTimes.url).search('rome')).data).toEqual([]);
    expect(nineTimes.requests()).toBe(10);
    expect(waits).toEqual(Array(9).fill(2_000));

    waits.length = 0;
    const always = await busyUntil(Infinity, '2');
    await expect(patient(always.url).search('rome')).rejects.toMatchObject({ kind: 'rate_limit', status: 429 });
    // Fifteen waits of 2 s would end just past 30 s, with the requests' own time counted.
    expect(waits).toEqual(Array(14).fill(2_000));
    expect(always.requests()).toBe(15);

    // "Retry-After: 0" is not taken as "ask again at once, for ever": the waits grow as for any failure.
    waits.length = 0;
    await expect(patient((await busyUntil(Infinity, '0')).url).search('rome')).rejects.toMatchObject({ kind: 'rate_limit' });
    expect(waits.length).toBeLessThan(10);
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(30_000);
  });

  test('a write is sent once, even when it fails with 503', async () => {
    const server = await scriptedServer(() => ({ status: 503, body: { error: 'service_unavailable' } }));
    await expect(client(server.url).cancel(5, 'x')).rejects.toMatchObject({ kind: 'server', status: 503, mayHaveReachedService: true });
    expect(server.requests()).toBe(1);
  });

  test('a write turned away as busy (429) is sent once by the client: whether it goes again is the engine’s to decide', async () => {
    const server = await scriptedServer(() => ({ status: 429, body: { error: 'rate_limited' }, headers: { 'Retry-After': '0' } }));
    await expect(client(server.url).cancel(5, 'x')).rejects.toMatchObject({
      kind: 'rate_limit',
      status: 429,
      mayHaveReachedService: false,
    });
    expect(server.requests()).toBe(1);
  });

  test('a 503 asking to come back in an hour is not waited for: the read fails at once, after one try', async () => {
    const server = await scriptedServer(() => ({
      status: 503,
      body: { error: 'service_unavailable' },
      headers: { 'Retry-After': '3600' },
    }));
    const waits: number[] = [];
    const patient = createApiClient({
      baseUrl: server.url,
      key: async () => savedFor(server.url),
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(patient.search('rome')).rejects.toMatchObject({ kind: 'server', status: 503 });
    expect(waits).toEqual([]);
    expect(server.requests()).toBe(1);
  });

  test('a missing required field is a clear error naming it', async () => {
    const server = await scriptedServer(() => ({ status: 200, body: { data: { id: 7, booking_reference: 'X' } } }));
    await expect(client(server.url).getBooking(7)).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('data.status'),
    });
  });

  test('an unknown error code still shows the code and the HTTP status', async () => {
    const server = await scriptedServer(() => ({ status: 418, body: { error: 'teapot_overheated', message: 'short and stout' } }));
    const error = (await client(server.url)
      .search('x')
      .catch((caught: unknown) => caught)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      kind: 'invalid_request',
      status: 418,
      serviceCode: 'teapot_overheated',
      body: { message: 'short and stout' },
    });
    expect(error.message).toBe(
      'The booking service refused some of the details. (service code teapot_overheated, HTTP 418) The service says: “short and stout”',
    );
  });

  test('the service’s own message is shown after Packdesk’s words, but never one that carries a card number', async () => {
    const server = await scriptedServer((count) =>
      count === 1
        ? { status: 422, body: { error: 'booking_state_conflict', message: 'Booking 7 is ChangePending; pay the open change first.' } }
        : { status: 422, body: { error: 'x', message: 'card 4242 4242 4242 4242 refused' } },
    );
    const first = (await client(server.url)
      .cancel(7, 'ill')
      .catch((caught: unknown) => caught)) as ServiceError;
    expect(first.message).toBe(
      'The booking service refused some of the details. (service code booking_state_conflict, HTTP 422) The service says: “Booking 7 is ChangePending; pay the open change first.”',
    );
    const second = (await client(server.url)
      .cancel(7, 'ill')
      .catch((caught: unknown) => caught)) as ServiceError;
    expect(second.message).not.toContain('4242');
  });

  test('the online check carries the profile’s key, for a service that wants one on every path', async () => {
    let authorization: string | undefined;
    const server = createServer((request, response) => {
      authorization = request.headers.authorization;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await isServiceReachable({ baseUrl, key: savedFor(baseUrl, 'sk_test_probeKey1234') })).toBe(true);
    expect(authorization).toBe('Bearer sk_test_probeKey1234');
  });

  test('a refused connection did not reach the service; the key appears in no error', async () => {
    const server = await scriptedServer(() => ({ status: 200, body: {} }));
    const url = server.url;
    servers.splice(0).forEach((entry) => entry.close());
    const error = (await client(url)
      .prebook({
        package_id: 1,
        inventory_item_id: 101,
        prebook_token: 't',
        check_in: '2030-01-01',
        check_out: '2030-01-02',
        holder: { name: 'a', surname: 'b', email: 'a@b.co' },
        items: [],
      })
      .catch((caught: unknown) => caught)) as ServiceError;
    expect(error).toMatchObject({ kind: 'connection', mayHaveReachedService: false });
    expect(JSON.stringify({ ...Object.fromEntries(Object.entries(error)), message: error.message, hint: error.hint })).not.toContain(KEY);
  });

  test('the test key is used where the spec allows it, the live key where it needs one', async () => {
    const service = await sandbox();
    const used: string[] = [];
    const api = createApiClient({
      baseUrl: service.url,
      retry: FAST_RETRY,
      key: async (kind) => {
        used.push(kind);
        return savedFor(service.url, kind === 'test' ? service.keys.testKey : service.keys.liveKey);
      },
    });
    await api.search('rome');
    await api.getBooking(123456).catch(() => undefined);
    expect(used).toEqual(['test', 'live']);
  });

  test('the log gets a line for each write and each failure, with no query, key or body; a read that went well says nothing', async () => {
    const server = await scriptedServer((count) =>
      count === 1
        ? { status: 200, body: { data: [] } }
        : { status: 402, body: { error: 'payment_requires_action', payment_intent_id: 'pi_1', client_secret: 'pi_1_secret_x' } },
    );
    const lines: string[] = [];
    const api = createApiClient({ baseUrl: server.url, key: async () => savedFor(server.url), retry: FAST_RETRY, onCall: logServiceCall });
    const info = vi.spyOn(console, 'info').mockImplementation((line: string) => void lines.push(`info ${line}`));
    const warn = vi.spyOn(console, 'warn').mockImplementation((line: string) => void lines.push(`warn ${line}`));
    try {
      await api.search('ana.silva@example.com');
      await api.book(100001, { payment_method_id: 'pm_card_threeDSecure2Required' });
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
    expect(lines).toEqual([
      expect.stringMatching(/^warn \[service\] POST \/bookings\/100001\/book → 402 payment_requires_action in \d+ ms$/),
    ]);
  });

  test('a profile with no live key is told to add one', async () => {
    const service = await sandbox();
    const api = createApiClient({
      baseUrl: service.url,
      key: async (kind) => (kind === 'test' ? savedFor(service.url, service.keys.testKey) : null),
    });
    await expect(api.getBooking(1)).rejects.toMatchObject({
      code: 'live_key_missing',
      hint: 'Add the key to the profile in Settings, then try again.',
    });
  });
});

describe('the search words', () => {
  test.each(['4242424242424242', 'lisbon 4242 4242 4242 4242', '5555-5555-5555-4444 beach', '４２４２ ４２４２ ４２４２ ４２４２'])(
    '%s: a card number is refused before anything is sent, since the words go out in the address',
    async (title) => {
      const server = await scriptedServer(() => ({ status: 200, body: { data: [] } }));
      await expect(client(server.url).search(title)).rejects.toMatchObject({
        code: 'card_number_in_text',
        message: 'The search words look like they hold a card number, so nothing was searched: Packdesk never sends a card number.',
        hint: 'Clear the search box and type a place or a theme; take the card only in the payment step.',
      });
      expect(server.requests()).toBe(0);
    },
  );

  test('words with numbers that are not a card number go as typed', async () => {
    const server = await scriptedServer(() => ({ status: 200, body: { data: [] } }));
    await client(server.url).search('lisbon 2031 4 nights');
    expect(server.requests()).toBe(1);
  });
});

describe('a key goes only to the origin it was saved for', () => {
  /** A loopback server that records the Authorization header of every request it gets. */
  async function capturingServer() {
    const authorizations: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      authorizations.push(request.headers.authorization);
      request.resume();
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, authorizations };
  }

  test('a client at another origin than its key was saved for sends nothing, on every call, and says why', async () => {
    const home = await capturingServer();
    const elsewhere = await capturingServer();
    const api = createApiClient({ baseUrl: elsewhere.url, key: async () => savedFor(home.url), retry: FAST_RETRY });
    const calls = [
      () => api.search('rome'),
      () => api.price(1, { check_in: '2031-05-01', check_out: '2031-05-04', adults: 2, property_id: 1 }),
      () =>
        api.prebook({
          package_id: 1,
          inventory_item_id: 1,
          prebook_token: 't',
          check_in: '2031-05-01',
          check_out: '2031-05-04',
          holder: { name: 'a', surname: 'b', email: 'a@b.co' },
          items: [{ availability_id: 1, paxes: [{ age: 30 }] }],
        }),
      () => api.book(7, { payment_method_id: 'pm_card_visa' }),
      () => api.getBooking(7),
      () => api.cancel(7, 'ill'),
      () => api.confirmModification(7, { booking: { dates: { check_in: '2031-05-02', check_out: '2031-05-05' } } }),
    ];
    for (const call of calls) {
      await expect(call()).rejects.toMatchObject({
        code: 'key_origin_mismatch',
        message: `This profile’s key was saved for ${new URL(home.url).host}, not for ${new URL(elsewhere.url).host}, so it was not sent and nothing was done.`,
        hint: expect.stringContaining('add the keys it gave you for its new address in Settings'),
      });
    }
    expect(elsewhere.authorizations).toEqual([]);

    // At the origin it was saved for, the same key goes as before; one with no recorded origin goes nowhere.
    await createApiClient({ baseUrl: `${home.url}/v2`, key: async () => savedFor(home.url) }).search('rome');
    expect(home.authorizations).toEqual([`Bearer ${KEY}`]);
    await expect(
      createApiClient({ baseUrl: home.url, key: async () => ({ secret: KEY, origin: null }) }).search('rome'),
    ).rejects.toMatchObject({ code: 'key_origin_mismatch' });
    expect(home.authorizations).toHaveLength(1);
  });

  test('the online check at another origin asks without the key', async () => {
    const home = await capturingServer();
    const elsewhere = await capturingServer();
    expect(await isServiceReachable({ baseUrl: elsewhere.url, key: savedFor(home.url) })).toBe(true);
    expect(elsewhere.authorizations).toEqual([undefined]);
  });
});

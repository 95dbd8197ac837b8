import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startSandbox } from '../../../electron/sandbox/sandbox';
import { callApi, paidBooking, pendingBooking, useSandbox, waitForStatus } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const sandbox = useSandbox();
const tempDir = useTempDir();

describe('authentication and keys', () => {
  test('no key, a malformed header or an unknown key is 401 unauthorized', async () => {
    const service = await sandbox();
    for (const key of [null, 'sk_live_unknown']) {
      expect(await callApi(service, 'GET', '/packages?title=x', key)).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    }
    const raw = await fetch(`${service.url}/api/partner/v1/packages?title=x`, { headers: { Authorization: service.keys.testKey } });
    expect(raw.status).toBe(401);
  });

  test('a test key does search, pricing and modification preview; every other operation needs a live key', async () => {
    const service = await sandbox();
    const { bookingId } = await paidBooking(service);
    const test = service.keys.testKey;
    expect((await callApi(service, 'GET', '/packages?title=rome', test)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/bookings/prebook', {}],
      ['POST', `/bookings/${bookingId}/book`, { payment_method_id: 'pm_card_visa' }],
      ['GET', `/bookings/${bookingId}`, undefined],
      ['POST', `/bookings/${bookingId}/cancel`, { cancellation_reason: 'x' }],
      [
        'POST',
        `/bookings/${bookingId}/modification`,
        { changes: { rooms: [{ action: 'update', availability_id: 1, selected_availability_id: 2 }] } },
      ],
    ] as const) {
      expect(await callApi(service, method, path, test, body)).toMatchObject({ status: 403, body: { error: 'live_key_required' } });
    }
    expect((await callApi(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey)).body).toMatchObject({
      data: { status: 'Paid' },
    });
  });

  test('another organization’s booking is 404 not_found, exactly like a missing one, for every operation', async () => {
    const service = await sandbox();
    const other = service.createOrganization('Other Agency');
    const { bookingId } = await pendingBooking(service);
    const missing = await callApi(service, 'GET', '/bookings/999999', other.liveKey);
    const foreign = await callApi(service, 'GET', `/bookings/${bookingId}`, other.liveKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ ...missing.body, message: missing.body.message?.toString().replace('999999', String(bookingId)) });
    for (const [path, body] of [
      [`/bookings/${bookingId}/book`, { payment_method_id: 'pm_card_visa' }],
      [`/bookings/${bookingId}/cancel`, { cancellation_reason: 'x' }],
      [
        `/bookings/${bookingId}/modification/preview`,
        { changes: { booking: { dates: { check_in: '2030-01-01', check_out: '2030-01-03' } } } },
      ],
    ] as const) {
      expect(await callApi(service, 'POST', path, other.liveKey, body)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    }
    expect(service.service.ledger(bookingId).booking?.status).toBe('Pending');
  });
});

describe('a page on another site (DNS rebinding)', () => {
  /** A request as a browser sends it after a hostile name was pointed at 127.0.0.1: that name in Host. */
  function requestNaming(service: { url: string }, host: string | null, path: string, headers: Record<string, string> = {}) {
    const { port } = new URL(service.url);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(port),
          path,
          method: 'GET',
          headers: { ...headers, ...(host === null ? {} : { Host: host }) },
          setHost: false,
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  test('a request naming another server is refused before any work, whatever it carries', async () => {
    const service = await sandbox();
    const { port } = new URL(service.url);
    const { bookingId } = await paidBooking(service);
    for (const host of [
      `rebind.attacker.example:${port}`,
      'rebind.attacker.example',
      `127.0.0.1:${Number(port) + 1}`,
      `127.0.0.2:${port}`,
    ]) {
      const booking = await requestNaming(service, host, `/api/partner/v1/bookings/${bookingId}`, {
        Authorization: `Bearer ${service.keys.liveKey}`,
      });
      expect([host, booking.status]).toEqual([host, 421]);
      expect(booking.body).not.toContain('booking_reference');
      const controls = await requestNaming(service, host, '/sandbox/controls', { Authorization: `Bearer ${service.adminKey}` });
      expect([host, controls.status]).toEqual([host, 421]);
      expect(JSON.parse(controls.body)).toMatchObject({ error: 'misdirected_request', message: expect.stringContaining(service.url) });
    }
    // No Host at all: Node's own server refuses it.
    expect((await requestNaming(service, null, `/api/partner/v1/bookings/${bookingId}`)).status).toBe(400);
  });

  test('its own address and localhost, with its port, are answered', async () => {
    const service = await sandbox();
    const { port, host } = new URL(service.url);
    for (const name of [host, `localhost:${port}`, `LOCALHOST:${port}`]) {
      expect((await requestNaming(service, name, '/sandbox/health')).status).toBe(200);
    }
  });
});

describe('scripted faults', () => {
  test('wait for a caller with a key: a request without one neither triggers nor uses them up', async () => {
    const service = await sandbox();
    service.controls.queueFaults([{ kind: 'error', status: 502, path: '/packages' }]);
    expect(await callApi(service, 'GET', '/packages?title=rome', null)).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    expect(await callApi(service, 'GET', '/packages?title=rome', 'sk_test_guessed')).toMatchObject({ status: 401 });
    expect(service.controls.pendingFaults()).toBe(1);
    expect((await callApi(service, 'GET', '/packages?title=rome', service.keys.testKey)).status).toBe(502);
    expect(service.controls.pendingFaults()).toBe(0);
  });

  test('a stranger is told who may call before any training slowness', async () => {
    const service = await sandbox({ controls: { latencyMs: 3_000 } });
    const started = performance.now();
    expect((await callApi(service, 'GET', '/packages?title=rome', null)).status).toBe(401);
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});

describe('bad input', () => {
  test('bad JSON is 400, an oversized body is 413, a wrong method is 405, an unknown path is 404', async () => {
    const service = await sandbox();
    const key = service.keys.liveKey;
    expect(await callApi(service, 'POST', '/bookings/prebook', key, '{"package_id": ')).toMatchObject({
      status: 400,
      body: { error: 'invalid_json' },
    });
    expect(await callApi(service, 'POST', '/bookings/prebook', key, { holder: 'x'.repeat(70 * 1024) })).toMatchObject({
      status: 413,
      body: { error: 'payload_too_large' },
    });
    expect(await callApi(service, 'DELETE', '/bookings/100001', key)).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
    expect(await callApi(service, 'GET', '/nothing-here', key)).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  test('a malformed HTTP request gets 400 and the service keeps serving', async () => {
    const service = await sandbox();
    const { port } = new URL(service.url);
    const net = await import('node:net');
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('GARBAGE \x00\x01 HTTP/9.9\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(reply).toContain('400 Bad Request');
    expect((await callApi(service, 'GET', '/packages?title=rome', service.keys.testKey)).status).toBe(200);
  });
});

describe('training faults', () => {
  test('an error share answers 503 before any work; a rate-limit share answers 429 with Retry-After', async () => {
    const service = await sandbox({ controls: { errorRate: 1 } });
    expect(await callApi(service, 'GET', '/packages?title=rome', service.keys.testKey)).toMatchObject({
      status: 503,
      body: { error: 'service_unavailable' },
    });
    service.controls.update({ errorRate: 0, rateLimitRate: 1, retryAfterSeconds: 7 });
    const limited = await callApi(service, 'GET', '/packages?title=rome', service.keys.testKey);
    expect(limited).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect(limited.headers.get('retry-after')).toBe('7');
  });

  test('a dropped response: the booking is made but the caller hears nothing', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    service.controls.queueFaults([{ kind: 'drop_after_commit', path: '/book$' }]);
    await expect(
      callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: 'pm_card_visa' }),
    ).rejects.toThrow();
    expect((await callApi(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey)).body).toMatchObject({
      data: { status: expect.stringMatching(/Confirming|Paid/), booking_reference: expect.any(String) },
    });
  });

  test('scripted faults, "fail twice, then succeed", over HTTP with the admin key', async () => {
    const service = await sandbox();
    const admin = { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' };
    expect((await fetch(`${service.url}/sandbox/faults`, { method: 'POST', body: '[]' })).status).toBe(401);
    const queued = await fetch(`${service.url}/sandbox/faults`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify([
        { kind: 'error', status: 502, path: '/packages' },
        { kind: 'error', status: 500, path: '/packages' },
      ]),
    });
    expect(await queued.json()).toEqual({ data: { queued: 2 } });
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      statuses.push((await callApi(service, 'GET', '/packages?title=rome', service.keys.testKey)).status);
    expect(statuses).toEqual([502, 500, 200]);
    const controls = await fetch(`${service.url}/sandbox/controls`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ latencyMs: 5, supplierOutcome: 'reject' }),
    });
    expect(await controls.json()).toMatchObject({ data: { latencyMs: 5, supplierOutcome: 'reject', errorRate: 0 } });
    const refused = await fetch(`${service.url}/sandbox/controls`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ errorRate: 3 }),
    });
    expect(refused.status).toBe(422);
  });
});

describe('persistence', () => {
  test('bookings survive a restart, and a booking confirming when the service stopped becomes Paid after it', async () => {
    const dataFile = join(tempDir(), 'service.db');
    const first = await startSandbox({ dataFile, controls: { supplierDelayMs: 300 } });
    const { bookingId } = await pendingBooking(first);
    await callApi(first, 'POST', `/bookings/${bookingId}/book`, first.keys.liveKey, { payment_method_id: 'pm_card_visa' });
    const keys = first.keys;
    await first.close();

    const second = await startSandbox({ dataFile });
    try {
      expect(second.keys).toEqual(keys);
      await waitForStatus(second, bookingId, 'Paid');
      expect(second.service.ledger(bookingId).payments.map((payment) => payment.kind)).toEqual(['authorization', 'capture']);
    } finally {
      await second.close();
    }
  });

  test('the database runs WAL', async () => {
    const dataFile = join(tempDir(), 'service.db');
    const service = await sandbox({ dataFile });
    await pendingBooking(service);
    const { DatabaseSync } = await import('node:sqlite');
    const reader = new DatabaseSync(dataFile, { readOnly: true });
    expect(reader.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(reader.prepare('SELECT count(*) AS n FROM bookings').get()).toEqual({ n: 1 });
    reader.close();
  });
});

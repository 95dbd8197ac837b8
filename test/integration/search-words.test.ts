/** The package search's words go out in the request's address: a card number typed there never leaves. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { createCore } from '../../electron/core/core';
import { createDispatcher } from '../../electron/core/dispatch';
import { useTestKeychain } from '../support/keychain';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir();
const testKeychain = useTestKeychain();
const closing: (() => unknown)[] = [];
afterEach(() => closing.splice(0).forEach((close) => close()));

test('a card number typed as search words is refused in words, and no request leaves for the service', async () => {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => server.close());
  const core = createCore({
    dataDir: tempDir(),
    secrets: testKeychain().store,
    version: 'test',
    builtInService: () => null,
    connectivityIntervalMs: 60_000,
  });
  closing.push(() => core.close());
  const profile = await core.profiles.create({
    name: 'Agency test',
    kind: 'test',
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keys: { test: 'sk_test_51TestKeyAbCdWXyz' },
  });
  await core.profiles.activate(profile.id);
  const dispatch = createDispatcher(core.handlers);

  for (const title of ['4242 4242 4242 4242', 'lisbon 4242-4242-4242-4242', '４２４２４２４２４２４２４２４２']) {
    expect(await dispatch('packages:search', { title })).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringContaining(
          'The search looks like it holds a card number, which Packdesk never stores or sends. Take the card only in the payment step; remove the number from the search.',
        ),
        hint: expect.any(String),
      },
    });
  }
  expect(paths).toEqual([]);
  expect(await dispatch('packages:search', { title: 'lisbon' })).toEqual({ ok: true, value: [] });
  expect(paths).toEqual(['/api/partner/v1/packages?title=lisbon']);
});

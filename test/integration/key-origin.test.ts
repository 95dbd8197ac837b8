/**
 * A key goes only to the origin it was saved for. A live profile moved to another address (a
 * phishing e-mail's "our API moved") is asked about by main, loses its keys, and the new address
 * never sees them, however the agent then uses the app. Real HTTP on loopback, the real keyring.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import keytar from 'keytar';
import { afterEach, describe, expect, test } from 'vitest';
import type { AgentQuestion } from '../../electron/core/agent-questions';
import { AppError } from '../../electron/core/app-error';
import { createCore } from '../../electron/core/core';
import { createDispatcher } from '../../electron/core/dispatch';
import type { SecretStore } from '../../electron/core/secrets';
import { asBuiltInService } from '../../electron/main/built-in-service';
import type { Sandbox } from '../../electron/sandbox/sandbox';
import type { Envelope } from '../../shared/errors';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc';
import { FAST_RETRY, HOLDER } from '../support/engine-helpers';
import { useTestKeychain } from '../support/keychain';
import { daysFromNow, useSandbox } from '../support/sandbox-helpers';
import { useTempDir } from '../support/temp-dir';

const sandbox = useSandbox();
const tempDir = useTempDir();
const testKeychain = useTestKeychain();
const closing: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/**
 * The phishing server, on loopback: it passes every request on to the real service, so the app
 * works as if nothing had happened, and keeps the Authorization header of each one.
 */
async function capturingProxy(service: Sandbox) {
  const requests: { method: string; path: string; authorization: string | null }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization ?? null });
      const body = Buffer.concat(chunks);
      void fetch(`${service.url}${request.url ?? ''}`, {
        method: request.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries({ authorization: request.headers.authorization, 'content-type': request.headers['content-type'] }).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        ),
        ...(body.length ? { body } : {}),
      })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
          response.end(await answer.text());
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** A counter on the real keyring whose agent answers main's questions from `answers` (true goes ahead). */
function startCounter(service: Sandbox, answers: boolean[], secrets: SecretStore = testKeychain().store) {
  const asked: AgentQuestion[] = [];
  const core = createCore({
    dataDir: tempDir(),
    secrets,
    version: 'test',
    builtInService: () => asBuiltInService(service),
    connectivityIntervalMs: 100,
    reconcilerTickMs: 20,
    retry: FAST_RETRY,
    askAgent: async (question) => {
      asked.push(question);
      return answers.shift() ?? false;
    },
    // The live card window: the traveler's card typed in Stripe's frame becomes a payment method.
    paymentWindows: {
      collectCard: async () => ({ kind: 'payment_method', paymentMethodId: 'pm_card_visa' }),
      authenticate: async () => ({ kind: 'closed' }),
    },
  });
  closing.push(() => core.close());
  const dispatch = createDispatcher(core.handlers);
  /** A call as the renderer makes it; the answer's value, or its error as `{ error }`. */
  const call = async <C extends ChannelName>(channel: C, input: ChannelInput<C>) =>
    (await dispatch(channel, input)) as Envelope<ChannelOutput<C>>;
  return { core, call, asked };
}

const valueOf = <T>(envelope: Envelope<T>): T => {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.value;
};

/** Search, price, hold and prebook, as the agent does at the counter: a Pending booking. */
async function holdAStay(call: ReturnType<typeof startCounter>['call'], startInDays: number) {
  const [found] = valueOf(await call('packages:search', { title: 'lisbon' }));
  const property = found?.properties[0];
  if (!found || !property) throw new Error('no package found');
  for (let day = startInDays; day < startInDays + 60; day += 1) {
    const quote = valueOf(
      await call('bookings:price', {
        packageId: found.id,
        packageTitle: found.title,
        propertyId: property.id,
        propertyName: property.name,
        checkIn: daysFromNow(day),
        checkOut: daysFromNow(day + 3),
        adults: 2,
      }),
    );
    if (!quote.available) continue;
    const hold = valueOf(await call('bookings:hold', { quote, paxAges: [30, 31] }));
    return valueOf(await call('bookings:prebook', { holdId: hold.holdId, holder: HOLDER }));
  }
  throw new Error('no available stay');
}

async function liveProfileAt(call: ReturnType<typeof startCounter>['call'], baseUrl: string, keys: { testKey: string; liveKey: string }) {
  const profile = valueOf(
    await call('profiles:create', {
      name: 'Sunway live',
      kind: 'live',
      baseUrl,
      keys: { test: keys.testKey, live: keys.liveKey, publishable: 'pk_live_51PubKeyIjKl4321' },
    }),
  );
  valueOf(await call('profiles:activate', { id: profile.id }));
  return profile;
}

describe('a live profile moved to another address', () => {
  test('after the move is confirmed, not one request to the new address carries a key saved for the old one', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 60_000 } });
    const agency = service.createOrganization('Sunway Travel');
    const { core, call, asked } = startCounter(service, [true]);
    const profile = await liveProfileAt(call, service.url, agency);

    // A day at the counter on the real address: one booking paid (its supplier slow, so it is followed), one held.
    const paid = await holdAStay(call, 60);
    valueOf(await call('payments:pay', { bookingId: paid.id }));
    const held = await holdAStay(call, 90);

    // "Our API moved": the agent changes the address, and confirms main's question.
    const phisher = await capturingProxy(service);
    const moved = valueOf(await call('profiles:update', { id: profile.id, name: profile.name, baseUrl: phisher.url }));
    expect(asked).toEqual([
      expect.objectContaining({
        message: `Move “Sunway live” from ${new URL(service.url).host} to ${new URL(phisher.url).host}?`,
        detail: expect.stringContaining(
          `Its keys (Service test key, Service live key, Stripe publishable key) were given for ${new URL(service.url).host}: they are deleted from the keychain now and never sent to ${new URL(phisher.url).host}.`,
        ),
      }),
    ]);
    expect(Object.values(moved.keys).map((key) => key.state)).toEqual(['missing', 'missing', 'missing']);

    // The agent goes on as before: searches, prices, pays the held booking, refreshes and cancels the paid one.
    const keysGone = (envelope: Envelope<unknown>) =>
      expect(envelope).toMatchObject({ ok: false, error: { code: expect.stringMatching(/key_missing$/) } });
    keysGone(await call('packages:search', { title: 'lisbon' }));
    keysGone(
      await call('bookings:price', {
        packageId: paid.packageId,
        packageTitle: paid.packageTitle,
        propertyId: paid.propertyId,
        propertyName: paid.propertyName,
        checkIn: daysFromNow(120),
        checkOut: daysFromNow(123),
        adults: 2,
      }),
    );
    keysGone(await call('payments:pay', { bookingId: held.id }));
    keysGone(await call('bookings:refresh', { bookingId: paid.id }));
    keysGone(await call('bookings:cancel', { bookingId: paid.id, reason: 'Traveler ill', confirmed: true }));
    keysGone(await call('bookings:preview-change', { bookingId: paid.id, dates: { checkIn: daysFromNow(61), checkOut: daysFromNow(64) } }));
    // The online check and the tracker following the paid booking run meanwhile.
    await core.connectivity.refresh();
    await new Promise((resolve) => setTimeout(resolve, 500));

    // Then the keys the new address gave: they go there, and nothing else ever does.
    const newKeys = service.createOrganization('Moved service');
    valueOf(await call('keys:set', { profileId: profile.id, slot: 'test', value: newKeys.testKey }));
    valueOf(await call('keys:set', { profileId: profile.id, slot: 'live', value: newKeys.liveKey }));
    expect(valueOf(await call('packages:search', { title: 'lisbon' })).length).toBeGreaterThan(0);
    await core.connectivity.refresh();

    const carrying = (key: string) => phisher.requests.filter((request) => request.authorization?.includes(key)).length;
    expect(phisher.requests.length).toBeGreaterThan(0);
    expect({ testKey: carrying(agency.testKey), liveKey: carrying(agency.liveKey) }).toEqual({ testKey: 0, liveKey: 0 });
    expect(
      phisher.requests.filter(
        (request) =>
          request.authorization !== null &&
          request.authorization !== `Bearer ${newKeys.testKey}` &&
          request.authorization !== `Bearer ${newKeys.liveKey}`,
      ),
    ).toEqual([]);
    expect(carrying(newKeys.testKey)).toBeGreaterThan(0);
  });

  test('declined, nothing changes: the address, the keys in the keyring and where they go', async () => {
    const service = await sandbox();
    const agency = service.createOrganization('Sunway Travel');
    const { service: keychainService, store } = testKeychain();
    const { core, call, asked } = startCounter(service, [false], store);
    const profile = await liveProfileAt(call, service.url, agency);
    const phisher = await capturingProxy(service);

    expect(await call('profiles:update', { id: profile.id, name: 'Sunway (moved)', baseUrl: `${phisher.url}/v2` })).toEqual({
      ok: false,
      error: {
        code: 'address_change_declined',
        message: `The address of “Sunway live” was not changed: the move was not confirmed. Its keys stay saved for ${new URL(service.url).host}.`,
        hint: expect.stringContaining('only if your provider confirmed the new one'),
      },
    });
    expect(asked).toHaveLength(1);
    expect(core.profiles.find(profile.id)).toMatchObject({ name: 'Sunway live', baseUrl: service.url });
    expect((await keytar.findCredentials(keychainService)).map((entry) => entry.password).sort()).toEqual(
      [agency.liveKey, agency.testKey, 'pk_live_51PubKeyIjKl4321'].sort(),
    );
    expect(await core.profiles.keyFor(profile.id, 'live')).toEqual({ secret: agency.liveKey, origin: new URL(service.url).origin });
    expect(valueOf(await call('packages:search', { title: 'lisbon' })).length).toBeGreaterThan(0);
    await core.connectivity.refresh();
    expect(phisher.requests).toEqual([]);
  });

  test('a new name or a new path at the same origin asks nothing and keeps the keys', async () => {
    const service = await sandbox();
    const agency = service.createOrganization('Sunway Travel');
    const { call, asked } = startCounter(service, []);
    const profile = await liveProfileAt(call, service.url, agency);
    const renamed = valueOf(await call('profiles:update', { id: profile.id, name: 'Sunway', baseUrl: `${service.url}/` }));
    expect(renamed.keys.live).toEqual({ state: 'set', lastFour: agency.liveKey.slice(-4) });
    expect(asked).toEqual([]);
    expect(valueOf(await call('packages:search', { title: 'lisbon' })).length).toBeGreaterThan(0);
  });

  test('a move whose old keys cannot be deleted is not made', async () => {
    const service = await sandbox();
    const agency = service.createOrganization('Sunway Travel');
    const { store } = testKeychain();
    // A keychain that lets the keys be read but, locked meanwhile, not deleted.
    let keychainAnswers = true;
    const flaky: SecretStore = {
      ...store,
      remove: async (account) => {
        if (!keychainAnswers) throw new AppError('keychain_unavailable', 'The system keychain could not be reached.', 'Unlock it.');
        await store.remove(account);
      },
    };
    const { core, call } = startCounter(service, [true], flaky);
    const profile = await liveProfileAt(call, service.url, agency);
    keychainAnswers = false;
    expect(await call('profiles:update', { id: profile.id, name: profile.name, baseUrl: 'https://api.moved.example' })).toMatchObject({
      ok: false,
      error: { code: 'keychain_unavailable' },
    });
    expect(core.profiles.find(profile.id).baseUrl).toBe(service.url);
    expect(await core.profiles.keyFor(profile.id, 'live')).toEqual({ secret: agency.liveKey, origin: new URL(service.url).origin });
  });
});

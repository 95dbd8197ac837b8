import keytar from 'keytar';
import { describe, expect, test } from 'vitest';
import { AppError } from '../../electron/core/app-error';
import { createCore } from '../../electron/core/core';
import { createDispatcher } from '../../electron/core/dispatch';
import type { SecretStore } from '../../electron/core/secrets';
import { useTestKeychain } from '../support/keychain';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir();
const testKeychain = useTestKeychain();

function startCore(secrets: SecretStore, dataDir = tempDir()) {
  return createCore({ dataDir, secrets, version: 'test', builtInService: () => null, connectivityIntervalMs: 60_000 });
}

describe('profiles through the IPC dispatcher', () => {
  test('a fresh install lists one active Training profile whose keys are provided', async () => {
    const core = startCore(testKeychain().store);
    const dispatch = createDispatcher(core.handlers);
    const result = await dispatch('profiles:list', {});
    expect(result).toEqual({
      ok: true,
      value: {
        activeProfileId: 1,
        profiles: [
          expect.objectContaining({
            id: 1,
            name: 'Training',
            kind: 'training',
            builtIn: true,
            keys: expect.objectContaining({ live: expect.objectContaining({ state: 'provided' }) }),
          }),
        ],
      },
    });
    core.close();
  });

  test('keys are saved in the keychain, shown by their last four, replaced and removed', async () => {
    const { store, service } = testKeychain();
    const core = startCore(store);
    const dispatch = createDispatcher(core.handlers);
    const created = await dispatch('profiles:create', {
      name: 'Agency live',
      kind: 'live',
      baseUrl: 'https://api.example.test/',
      keys: { live: 'sk_live_abcdefgh1111', publishable: 'pk_live_abcdefgh2222' },
    });
    expect(created).toMatchObject({
      ok: true,
      value: {
        name: 'Agency live',
        baseUrl: 'https://api.example.test',
        keys: { live: { state: 'set', lastFour: '1111' }, publishable: { state: 'set', lastFour: '2222' }, test: { state: 'missing' } },
      },
    });
    const id = (created as { value: { id: number } }).value.id;
    expect(await keytar.getPassword(service, `profile-${id}:live`)).toBe('sk_live_abcdefgh1111');

    expect(await dispatch('keys:set', { profileId: id, slot: 'live', value: ' sk_live_replaced9999 ' })).toEqual({
      ok: true,
      value: { state: 'set', lastFour: '9999' },
    });
    expect(await keytar.getPassword(service, `profile-${id}:live`)).toBe('sk_live_replaced9999');

    expect(await dispatch('keys:delete', { profileId: id, slot: 'live' })).toEqual({ ok: true, value: { state: 'missing' } });
    expect(await keytar.getPassword(service, `profile-${id}:live`)).toBeNull();

    // No response of any channel carries a key.
    const everything = JSON.stringify(await Promise.all([dispatch('profiles:list', {}), dispatch('app:status', {})]));
    expect(everything).not.toMatch(/sk_live_|pk_live_abcd/);
    core.close();
  });

  test('removing the active profile deletes its keys and makes Training active again', async () => {
    const { store, service } = testKeychain();
    const core = startCore(store);
    const dispatch = createDispatcher(core.handlers);
    const created = await dispatch('profiles:create', {
      name: 'Old agency',
      kind: 'test',
      baseUrl: 'https://api.example.test',
      keys: { test: 'sk_test_abcdefgh3333' },
    });
    const id = (created as { value: { id: number } }).value.id;
    await dispatch('profiles:activate', { id });
    expect(await dispatch('profiles:delete', { id })).toEqual({ ok: true, value: { deletedId: id, activeProfileId: 1 } });
    expect(await keytar.findCredentials(service)).toEqual([]);
    core.close();
  });

  test('settings survive a restart', async () => {
    const dataDir = tempDir();
    const { store } = testKeychain();
    const first = startCore(store, dataDir);
    const created = await first.profiles.create({ name: 'Kept', kind: 'test', baseUrl: 'https://api.example.test', keys: {} });
    await first.profiles.activate(created.id);
    first.close();
    const second = startCore(store, dataDir);
    expect(second.profiles.active().name).toBe('Kept');
    second.close();
  });

  test.each([
    [{ name: 'X', kind: 'live', baseUrl: 'http://api.example.test', keys: {} }, 'invalid_base_url'],
    [{ name: 'Training', kind: 'test', baseUrl: 'https://api.example.test', keys: {} }, 'profile_name_taken'],
    [{ name: 'X', kind: 'test', baseUrl: 'https://api.example.test', keys: { test: 'sk_live_abcdefgh' } }, 'key_prefix_mismatch'],
    [{ name: 'X', kind: 'training', baseUrl: 'https://api.example.test', keys: {} }, 'invalid_input'],
    [{ name: '', kind: 'test', baseUrl: 'https://api.example.test', keys: {} }, 'invalid_input'],
    [{ name: 'X', kind: 'test', baseUrl: 'https://api.example.test', keys: {}, extra: 1 }, 'invalid_input'],
  ])('refuses %j with %s and saves nothing', async (input, code) => {
    const { store, service } = testKeychain();
    const core = startCore(store);
    const result = await createDispatcher(core.handlers)('profiles:create', input);
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect((await core.profiles.list()).profiles).toHaveLength(1);
    expect(await keytar.findCredentials(service)).toEqual([]);
    core.close();
  });

  test('the Training profile cannot be edited or removed', async () => {
    const core = startCore(testKeychain().store);
    const dispatch = createDispatcher(core.handlers);
    expect(await dispatch('profiles:delete', { id: 1 })).toMatchObject({ ok: false, error: { code: 'builtin_profile_locked' } });
    expect(await dispatch('keys:set', { profileId: 1, slot: 'live', value: 'sk_live_abcdefgh' })).toMatchObject({
      ok: false,
      error: { code: 'builtin_profile_locked' },
    });
    core.close();
  });

  test('when the keychain refuses a key, the new profile is not kept', async () => {
    const failingKeychain: SecretStore = {
      read: async () => null,
      write: async () => {
        throw new AppError('keychain_unavailable', 'The system keychain could not be reached, so no key was read or saved.', 'Unlock it.');
      },
      remove: async () => undefined,
      check: async () => undefined,
    };
    const core = startCore(failingKeychain);
    const result = await createDispatcher(core.handlers)('profiles:create', {
      name: 'X',
      kind: 'live',
      baseUrl: 'https://api.example.test',
      keys: { live: 'sk_live_abcdefgh' },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    expect((await core.profiles.list()).profiles.map((profile) => profile.name)).toEqual(['Training']);
    core.close();
  });
});

describe('a profile read again and again (the agency feed asks its rules for every booking it applies)', () => {
  test('follows every change of its rules and name at once, and cannot be changed in place by a caller', async () => {
    const core = startCore(testKeychain().store);
    const dispatch = createDispatcher(core.handlers);
    const before = core.profiles.find(1).statusRules;
    expect(before.final).not.toContain('Archived');

    await dispatch('profiles:set-status-rules', { profileId: 1, rules: { ...before, final: [...before.final, 'Archived'] } });
    expect(core.profiles.find(1).statusRules.final).toContain('Archived');
    expect(core.profiles.learnStatus(1, 'notCancellable', 'Archived', true)).toBe(true);
    expect(core.profiles.find(1).statusRules.notCancellable).toContain('Archived');
    await dispatch('profiles:set-change-approval', { profileId: 1, aboveMinor: 5_000 });
    expect(core.profiles.find(1).changeApprovalAboveMinor).toBe(5_000);

    // What one caller holds is what the next one reads: a change in place would be everyone's.
    const held = core.profiles.find(1);
    expect(() => held.statusRules.final.push('Gone')).toThrow(TypeError);
    expect(() => Object.assign(held, { name: 'Renamed' })).toThrow(TypeError);
    expect(core.profiles.find(1).name).toBe('Training');
    core.close();
  });
});

describe('the dispatcher', () => {
  test('refuses an undeclared channel and input of the wrong shape before any work', async () => {
    const core = startCore(testKeychain().store);
    const dispatch = createDispatcher(core.handlers);
    expect(await dispatch('shell:exec', {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(await dispatch('__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(await dispatch('profiles:activate', { id: '1; DROP TABLE profiles' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await dispatch('profiles:activate', null)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatch('profiles:activate', { id: 42 })).toMatchObject({ ok: false, error: { code: 'profile_not_found' } });
    core.close();
  });

  test('an unexpected failure reaches the agent as a calm generic message, and is reported', async () => {
    const core = startCore(testKeychain().store);
    const reported: string[] = [];
    const dispatch = createDispatcher(
      { ...core.handlers, 'profiles:list': async () => Promise.reject(new Error('SQLITE_IOERR')) },
      (channel) => reported.push(channel),
    );
    expect(await dispatch('profiles:list', {})).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: 'Packdesk hit an unexpected problem and did not finish this step.',
        hint: expect.stringContaining('Try again'),
      },
    });
    expect(reported).toEqual(['profiles:list']);
    core.close();
  });
});

import { join } from 'node:path';
import keytar from 'keytar';
import { describe, expect, test } from 'vitest';
import { runInFreshProcess } from '../support/fresh-process';
import { useTestKeychain } from '../support/keychain';

const testKeychain = useTestKeychain();

describe('keys in the system keychain', () => {
  test('are stored, replaced and deleted in the real Secret Service', async () => {
    const { store, service } = testKeychain();
    await store.write('profile-2:live', 'sk_live_first1234');
    await store.write('profile-2:live', 'sk_live_second5678');
    expect(await keytar.getPassword(service, 'profile-2:live')).toBe('sk_live_second5678');
    expect(await store.read('profile-2:live')).toBe('sk_live_second5678');
    await store.remove('profile-2:live');
    expect(await keytar.getPassword(service, 'profile-2:live')).toBeNull();
    await expect(store.check()).resolves.toBeUndefined();
  });

  test('with no keyring reachable, say what to install and store nothing anywhere', async () => {
    // A process of its own, whose session bus does not exist, as on a server with no desktop.
    const { stdout } = await runInFreshProcess(join(import.meta.dirname, '../support/keychain-without-bus.ts'), {
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    });
    const outcome = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { code: string; message: string; hint: string };
    expect(outcome.code).toBe('keychain_unavailable');
    expect(outcome.message).toBe('The system keychain could not be reached, so no key was read or saved.');
    expect(outcome.hint).toContain('gnome-keyring');
    expect(outcome.hint).toContain('never stores keys in plain text');
  });

  test('a counter whose keychain library cannot load still starts, in training, and says what to install', async () => {
    // keytar fails to load as it does without libsecret; the rest of Packdesk must not need it to start.
    const missingLibrary = `export async function load(url, context, next) {
      if (url.includes('/node_modules/keytar/')) throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory');
      return next(url, context);
    }`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(missingLibrary)}`)});`;
    const { stdout } = await runInFreshProcess(join(import.meta.dirname, '../support/keychain-library-missing.ts'), {
      NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(register)}`,
    });
    const outcome = JSON.parse(stdout.trim().split('\n').at(-1) as string) as {
      status: { keychain: string; keychainHint: string | null };
      activeKind: string;
    };
    expect(outcome.activeKind).toBe('training');
    expect(outcome.status.keychain).toBe('unavailable');
    expect(outcome.status.keychainHint).toContain('The system keychain could not be reached');
    expect(outcome.status.keychainHint).toContain('gnome-keyring');
  });
});

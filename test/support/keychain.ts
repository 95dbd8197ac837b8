import { randomUUID } from 'node:crypto';
import keytar from 'keytar';
import { afterEach } from 'vitest';
import { createKeychainStore } from '../../electron/core/secrets';
import type { SecretStore } from '../../electron/core/secrets';

/** A keychain store on the real Secret Service under a service name of its own, emptied after each test. */
export function useTestKeychain(): () => { store: SecretStore; service: string } {
  const services: string[] = [];
  afterEach(async () => {
    for (const service of services.splice(0)) {
      for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
    }
  });
  return () => {
    const service = `Packdesk-test-${randomUUID()}`;
    services.push(service);
    return { store: createKeychainStore(service), service };
  };
}

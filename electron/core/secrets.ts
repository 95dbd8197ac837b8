import type * as keytarModule from 'keytar';
import { AppError } from './app-error';

type Keytar = typeof keytarModule;

/** Where keys live: the OS keychain, under one service name per installation. */
export interface SecretStore {
  read(account: string): Promise<string | null>;
  write(account: string, secret: string): Promise<void>;
  remove(account: string): Promise<void>;
  /** Resolves when the keychain answers; throws a `keychain_unavailable` AppError when it does not. */
  check(): Promise<void>;
}

/** What to install or unlock, said for the platform the agent is on. */
export function keychainHint(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Unlock the login keychain in Keychain Access, then try again.';
  if (platform === 'win32') return 'Sign in to Windows with your own account so Credential Manager is available, then try again.';
  return 'Install and unlock a Secret Service keyring (GNOME Keyring or KWallet: sudo apt install gnome-keyring), sign in to a desktop session, then try again. Packdesk never stores keys in plain text.';
}

function unavailable(cause: unknown): AppError {
  return new AppError('keychain_unavailable', 'The system keychain could not be reached, so no key was read or saved.', keychainHint(), {
    cause,
  });
}

/**
 * The keytar-backed store. keytar is loaded on first use, not at start: a counter whose keychain
 * library is missing (no libsecret on Linux) still opens, in training, and says what to install
 * when a key is needed. Every keychain failure becomes one clear error; there is no fallback file.
 */
export function createKeychainStore(service: string, loadKeytar: () => Promise<Keytar> = () => import('keytar')): SecretStore {
  let loaded: Promise<Keytar> | null = null;
  const guarded = async <T>(work: (keytar: Keytar) => Promise<T>): Promise<T> => {
    try {
      loaded ??= loadKeytar();
      return await work(await loaded);
    } catch (error) {
      // A failed load is tried again next time: the agent may install the library meanwhile.
      loaded = null;
      throw unavailable(error);
    }
  };
  return {
    read: (account) => guarded((keytar) => keytar.getPassword(service, account)),
    write: (account, secret) => guarded((keytar) => keytar.setPassword(service, account, secret)),
    remove: async (account) => {
      await guarded((keytar) => keytar.deletePassword(service, account));
    },
    check: async () => {
      await guarded((keytar) => keytar.findCredentials(service));
    },
  };
}

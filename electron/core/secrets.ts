import type * as keytarModule from 'keytar';
import { defineMessages } from '../../shared/i18n/messages';
import { AppError } from './app-error';
import type { Text } from './i18n/main-words';

const words = defineMessages({
  unavailable: {
    id: 'error.keychain.unavailable.message',
    defaultMessage: 'The system keychain could not be reached, so no key was read or saved.',
  },
  macHint: { id: 'error.keychain.unavailable.hint.mac', defaultMessage: 'Unlock the login keychain in Keychain Access, then try again.' },
  windowsHint: {
    id: 'error.keychain.unavailable.hint.windows',
    defaultMessage: 'Sign in to Windows with your own account so Credential Manager is available, then try again.',
  },
  linuxHint: {
    id: 'error.keychain.unavailable.hint.linux',
    defaultMessage:
      'Install and unlock a Secret Service keyring (GNOME Keyring or KWallet: sudo apt install gnome-keyring), sign in to a desktop session, then try again. Packdesk never stores keys in plain text.',
  },
});

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
export function keychainHint(platform: NodeJS.Platform = process.platform): Text {
  if (platform === 'darwin') return { message: words.macHint };
  if (platform === 'win32') return { message: words.windowsHint };
  return { message: words.linuxHint };
}

function unavailable(cause: unknown): AppError {
  return new AppError('keychain_unavailable', { message: words.unavailable }, keychainHint(), { cause });
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

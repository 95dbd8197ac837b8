import type { AuditVerdict } from '../../../shared/audit';
import { AppError } from '../app-error';
import type { ConnectivityMonitor } from '../connectivity';
import type { MainWords } from '../i18n/main-words';
import type { SecretStore } from '../secrets';
import type { AreaHandlers } from './handlers';

export interface AppIpcDeps {
  version: string;
  secrets: SecretStore;
  connectivity: ConnectivityMonitor;
  /** The audit chain's latest check; null until one finished. */
  auditVerdict: () => AuditVerdict | null;
  /** Main's words in the counter's language: the keychain's hint is worded in it. */
  words: Pick<MainWords, 'text'>;
}

/** The app's own state: its version, whether it is online, whether the keychain answers, whether the audit holds. */
export function appIpc({ version, secrets, connectivity, auditVerdict, words }: AppIpcDeps): AreaHandlers<'app:status'> {
  async function keychainState(): Promise<{ keychain: 'available' | 'unavailable'; keychainHint: string | null }> {
    try {
      await secrets.check();
      return { keychain: 'available', keychainHint: null };
    } catch (error) {
      if (!(error instanceof AppError)) return { keychain: 'unavailable', keychainHint: null };
      error.localize(words);
      return { keychain: 'unavailable', keychainHint: `${error.message} ${error.hint}` };
    }
  }

  return {
    'app:status': async () => ({ version, online: connectivity.online, ...(await keychainState()), audit: auditVerdict() }),
  };
}

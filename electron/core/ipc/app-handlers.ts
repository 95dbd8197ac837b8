import type { AuditVerdict } from '../../../shared/audit';
import { AppError } from '../app-error';
import type { ConnectivityMonitor } from '../connectivity';
import type { SecretStore } from '../secrets';
import type { AreaHandlers } from './handlers';

export interface AppIpcDeps {
  version: string;
  secrets: SecretStore;
  connectivity: ConnectivityMonitor;
  /** The audit chain's latest check; null until one finished. */
  auditVerdict: () => AuditVerdict | null;
}

/** The app's own state: its version, whether it is online, whether the keychain answers, whether the audit holds. */
export function appIpc({ version, secrets, connectivity, auditVerdict }: AppIpcDeps): AreaHandlers<'app:status'> {
  async function keychainState(): Promise<{ keychain: 'available' | 'unavailable'; keychainHint: string | null }> {
    try {
      await secrets.check();
      return { keychain: 'available', keychainHint: null };
    } catch (error) {
      return { keychain: 'unavailable', keychainHint: error instanceof AppError ? `${error.message} ${error.hint}` : null };
    }
  }

  return {
    'app:status': async () => ({ version, online: connectivity.online, ...(await keychainState()), audit: auditVerdict() }),
  };
}

import { defineMessages } from '../../shared/i18n/messages';
import { AppError } from './app-error';
import { createApiClient, logServiceCall } from './api/client';
import type { ApiClient } from './api/client';
import type { OriginBoundKey } from './api/key-origin';
import type { RetryPolicy } from './api/retry-policy';
import type { ProfileRecord, ProfileService } from './profiles';

const words = defineMessages({
  unavailable: { id: 'error.training.serviceNotRunning.message', defaultMessage: 'The built-in training service is not running.' },
  unavailableHint: { id: 'error.training.serviceNotRunning.hint', defaultMessage: 'Restart Packdesk; if it happens again, check the log.' },
});

export interface ServiceClientsDeps {
  profiles: ProfileService;
  /** The built-in training service's address and keys, once it listens. */
  builtInService: () => {
    url: string;
    testKey: string;
    liveKey: string;
    keysFor?: (profileId: number) => { testKey: string; liveKey: string };
  } | null;
  requestTimeoutMs?: number | undefined;
  retry?: RetryPolicy | undefined;
}

/** Each profile's service: its address, its keys, and one client per profile and address, kept while the app runs. */
export function createServiceClients({ profiles, builtInService, requestTimeoutMs, retry }: ServiceClientsDeps) {
  const baseUrlOf = (profile: ProfileRecord): string | null => (profile.builtIn ? (builtInService()?.url ?? null) : profile.baseUrl);

  /** A training profile's keys, given by the built-in service and so saved for its address. */
  const builtInKey = (profile: ProfileRecord, kind: 'test' | 'live'): OriginBoundKey | null => {
    const service = builtInService();
    if (!service) return null;
    const keys = service.keysFor?.(profile.id) ?? service;
    return { secret: kind === 'test' ? keys.testKey : keys.liveKey, origin: new URL(service.url).origin };
  };

  /** The key the profile searches with (its test key, else its live key), for the online probe. */
  async function searchKeyOf(profile: ProfileRecord): Promise<OriginBoundKey | null> {
    if (profile.builtIn) return builtInKey(profile, 'test');
    return (await profiles.keyFor(profile.id, 'test').catch(() => null)) ?? (await profiles.keyFor(profile.id, 'live').catch(() => null));
  }

  const clients = new Map<string, ApiClient>();
  function clientFor(profile: ProfileRecord): ApiClient {
    const baseUrl = baseUrlOf(profile);
    if (!baseUrl) throw new AppError('training_unavailable', { message: words.unavailable }, { message: words.unavailableHint });
    const cacheKey = `${profile.id}|${baseUrl}`;
    let client = clients.get(cacheKey);
    if (!client) {
      client = createApiClient({
        baseUrl,
        onCall: logServiceCall,
        ...(requestTimeoutMs ? { timeoutMs: requestTimeoutMs } : {}),
        ...(retry ? { retry } : {}),
        key: async (kind) => (profile.builtIn ? builtInKey(profile, kind) : profiles.keyFor(profile.id, kind)),
      });
      clients.set(cacheKey, client);
    }
    return client;
  }

  return { baseUrlOf, searchKeyOf, clientFor };
}

import { AppError } from '../app-error';
import type { ConnectivityMonitor } from '../connectivity';
import type { EventHub } from '../events';
import type { ProfileService } from '../profiles';
import type { SecretStore } from '../secrets';
import type { AreaHandlers } from './handlers';

export interface ProfileIpcDeps {
  version: string;
  profiles: ProfileService;
  secrets: SecretStore;
  connectivity: ConnectivityMonitor;
  events: EventHub;
}

type ProfileChannel =
  | 'app:status'
  | 'profiles:list'
  | 'profiles:create'
  | 'profiles:update'
  | 'profiles:delete'
  | 'profiles:activate'
  | 'profiles:set-status-rules'
  | 'keys:set'
  | 'keys:delete';

/** The app's state, the profiles and their keys. */
export function profileIpc({ version, profiles, secrets, connectivity, events }: ProfileIpcDeps): AreaHandlers<ProfileChannel> {
  async function keychainState(): Promise<{ keychain: 'available' | 'unavailable'; keychainHint: string | null }> {
    try {
      await secrets.check();
      return { keychain: 'available', keychainHint: null };
    } catch (error) {
      return { keychain: 'unavailable', keychainHint: error instanceof AppError ? `${error.message} ${error.hint}` : null };
    }
  }

  return {
    'app:status': async () => ({ version, online: connectivity.online, ...(await keychainState()) }),
    'profiles:list': () => profiles.list(),
    'profiles:create': (input) => profiles.create(input),
    'profiles:update': (input) => profiles.update(input.id, input.name, input.baseUrl),
    'profiles:delete': async (input) => {
      const result = await profiles.remove(input.id);
      events.emit('event:profiles-change', { activeProfileId: result.activeProfileId });
      void connectivity.refresh();
      return result;
    },
    'profiles:activate': async (input) => {
      const profile = await profiles.activate(input.id);
      events.emit('event:profiles-change', { activeProfileId: profile.id });
      const online = await connectivity.refresh();
      events.emit('event:connectivity-change', { profileId: profile.id, online });
      return profile;
    },
    'profiles:set-status-rules': (input) => profiles.setStatusRules(input.profileId, input.rules),
    'keys:set': (input) => profiles.setKey(input.profileId, input.slot, input.value),
    'keys:delete': (input) => profiles.deleteKey(input.profileId, input.slot),
  };
}

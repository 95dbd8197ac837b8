import { join } from 'node:path';
import { AppError } from './app-error';
import { monitorConnectivity } from './connectivity';
import { openDatabase } from './database';
import type { Handlers } from './dispatch';
import { createEventHub } from './events';
import { createPreferences } from './preferences';
import { createProfileService } from './profiles';
import type { ProfileRecord } from './profiles';
import type { SecretStore } from './secrets';
import { settingsMigrations } from './settings-migrations';

export interface CoreOptions {
  /** The app's data folder; the settings database lives in it. */
  dataDir: string;
  secrets: SecretStore;
  version: string;
  /** The address of the built-in training service, once it is listening. */
  builtInServiceUrl: () => string | null;
  connectivityIntervalMs?: number;
}

/** All main-process services, Electron-free: the app and the browser test harness build the same thing. */
export function createCore(options: CoreOptions) {
  const db = openDatabase(join(options.dataDir, 'settings.db'), settingsMigrations);
  const preferences = createPreferences(db);
  const profiles = createProfileService(db, preferences, options.secrets);
  const events = createEventHub();

  const baseUrlOf = (profile: ProfileRecord): string | null =>
    profile.builtIn ? options.builtInServiceUrl() : profile.baseUrl;

  const connectivity = monitorConnectivity(
    () => baseUrlOf(profiles.active()),
    (online) => events.emit('event:connectivity-change', { profileId: profiles.activeProfileId(), online }),
    options.connectivityIntervalMs,
  );

  async function keychainState(): Promise<{ keychain: 'available' | 'unavailable'; keychainHint: string | null }> {
    try {
      await options.secrets.check();
      return { keychain: 'available', keychainHint: null };
    } catch (error) {
      return { keychain: 'unavailable', keychainHint: error instanceof AppError ? `${error.message} ${error.hint}` : null };
    }
  }

  const handlers: Handlers = {
    'app:status': async () => ({ version: options.version, online: connectivity.online, ...(await keychainState()) }),
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
    'keys:set': (input) => profiles.setKey(input.profileId, input.slot, input.value),
    'keys:delete': (input) => profiles.deleteKey(input.profileId, input.slot),
  };

  return {
    handlers,
    events,
    profiles,
    preferences,
    connectivity,
    close(): void {
      connectivity.stop();
      db.close();
    },
  };
}

export type Core = ReturnType<typeof createCore>;

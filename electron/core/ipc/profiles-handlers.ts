import type { ConnectivityMonitor } from '../connectivity';
import type { EventHub } from '../events';
import type { ProfileService } from '../profiles';
import type { AreaHandlers } from './handlers';

export interface ProfilesIpcDeps {
  profiles: ProfileService;
  connectivity: ConnectivityMonitor;
  events: EventHub;
}

type ProfilesChannel =
  | 'profiles:list'
  | 'profiles:create'
  | 'profiles:update'
  | 'profiles:delete'
  | 'profiles:activate'
  | 'profiles:set-status-rules'
  | 'profiles:set-change-approval';

/** The profiles: each one service, its address and its status rules. */
export function profilesIpc({ profiles, connectivity, events }: ProfilesIpcDeps): AreaHandlers<ProfilesChannel> {
  return {
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
    'profiles:set-change-approval': (input) => profiles.setChangeApproval(input.profileId, input.aboveMinor),
  };
}

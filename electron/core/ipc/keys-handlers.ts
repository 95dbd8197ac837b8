import type { ProfileService } from '../profiles';
import type { AreaHandlers } from './handlers';

/** A profile's keys: kept in the system keychain, never sent back to the screens. */
export function keysIpc({ profiles }: { profiles: ProfileService }): AreaHandlers<'keys:set' | 'keys:delete'> {
  return {
    'keys:set': (input) => profiles.setKey(input.profileId, input.slot, input.value),
    'keys:delete': (input) => profiles.deleteKey(input.profileId, input.slot),
  };
}

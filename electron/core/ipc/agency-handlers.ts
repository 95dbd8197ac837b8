import type { AgencyService } from '../agency/agency-service';
import type { ProfileService } from '../profiles';
import type { AreaHandlers } from './handlers';

type AgencyChannel = 'agency:status' | 'agency:settings' | 'agency:connect' | 'agency:disconnect' | 'agency:set-minimum-version';

/** The agency server of a profile: its settings, connecting and disconnecting, and how the link stands. */
export function agencyIpc({ agency, profiles }: { agency: AgencyService; profiles: ProfileService }): AreaHandlers<AgencyChannel> {
  return {
    'agency:status': async () => agency.status(),
    'agency:settings': async ({ profileId }) => agency.settingsOf(profiles.find(profileId).id),
    'agency:connect': async (input) => agency.connect({ ...input, profileId: profiles.find(input.profileId).id }),
    'agency:disconnect': async ({ profileId }) => agency.disconnect(profileId),
    'agency:set-minimum-version': async ({ version }) => agency.setMinimumVersion(version === '' ? null : version),
  };
}

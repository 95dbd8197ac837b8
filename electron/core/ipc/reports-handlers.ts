import { roleAtLeast } from '../../../shared/people';
import type { AgentView } from '../../../shared/people';
import type { Ledger } from '../ledger/ledger';
import type { ProfileService } from '../profiles';
import type { AreaHandlers } from './handlers';

export interface ReportsIpcDeps {
  ledger: Ledger;
  profiles: ProfileService;
  /** The agent signed in (null: nobody, or the screen is locked). */
  acting: () => AgentView | null;
  /** Whether people are set up at this counter: until then nobody is asked who they are. */
  peopleSetUp: () => boolean;
}

/** The counter's reports, read from the figures the ledger keeps with each change (offline too). */
export function reportsIpc({ ledger, profiles, acting, peopleSetUp }: ReportsIpcDeps): AreaHandlers<'reports:today'> {
  /** Each agent's takings are for a supervisor to compare; an agent sees the counter's day. Training and a counter without people show them. */
  const seesAgents = (profileId: number) => {
    if (!peopleSetUp() || profiles.find(profileId).kind === 'training') return true;
    const agent = acting();
    return agent !== null && roleAtLeast(agent.role, 'supervisor');
  };
  return {
    'reports:today': async ({ profileId, day }) =>
      ledger.today(profileId, day ?? new Date().toISOString().slice(0, 10), seesAgents(profileId)),
  };
}

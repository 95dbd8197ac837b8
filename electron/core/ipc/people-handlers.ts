import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';
import type { Access } from '../people/access';
import type { AgentDirectory } from '../people/agents';
import type { Approvals } from '../people/approvals';
import type { AreaHandlers } from './handlers';

const words = defineMessages({
  administratorFirst: {
    id: 'error.people.administratorFirst.message',
    defaultMessage: 'The first person added to Packdesk is its administrator.',
  },
  administratorFirstHint: {
    id: 'error.people.administratorFirst.hint',
    defaultMessage: 'Add yourself as the administrator; you can then add agents and supervisors.',
  },
});

type PeopleChannel =
  | 'people:list'
  | 'people:session'
  | 'people:sign-in'
  | 'people:sign-out'
  | 'people:lock'
  | 'people:set-role'
  | 'people:set-idle-lock'
  | 'people:add'
  | 'people:unlock'
  | 'people:reset-pin'
  | 'people:approve';

/** The people at the counter: who may sign in, who is signed in. Who may call each is decided before, in `access`. */
export function peopleIpc({
  agents,
  access,
  approvals,
}: {
  agents: AgentDirectory;
  access: Access;
  approvals: Approvals;
}): AreaHandlers<PeopleChannel> {
  return {
    'people:list': async () => ({ agents: agents.list() }),
    'people:session': async () => access.session(),
    'people:sign-in': ({ agentId, pin }) => access.signIn(agentId, pin),
    'people:sign-out': async () => access.signOut(),
    'people:lock': async () => access.lock(),
    'people:set-role': async ({ agentId, role }) => agents.setRole(agentId, role),
    'people:set-idle-lock': async ({ minutes }) => access.setIdleLockMinutes(minutes),
    'people:add': async ({ name, role, pin }) => {
      const first = !agents.hasAdministrator();
      if (first && role !== 'administrator')
        throw new AppError('administrator_first', { message: words.administratorFirst }, { message: words.administratorFirstHint });
      const agent = await agents.create(name, role, pin);
      // The first administrator just typed their PIN: they are at the counter, signed in.
      if (first) access.signInCreated(agent);
      return agent;
    },
    'people:unlock': async ({ agentId }) => agents.unlock(agentId),
    'people:reset-pin': ({ agentId, pin }) => agents.resetPin(agentId, pin),
    'people:approve': ({ agentId, pin, channel, target }) => approvals.approve(agentId, pin, channel, target),
  };
}

import { randomUUID } from 'node:crypto';
import type { AgencyConnectionSettings } from '../../../electron/core/agency/agency-connection';
import { AGENCY_ADMINS_ROLE } from '../../../electron/core/agency/agency-people-schema';
import { connectToAgency } from '../../../electron/core/agency/connect-to-agency';
import type { Core } from '../../../electron/core/core';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { Role } from '../../../shared/people';
import { asAdmin, queryAgency } from '../../support/agency-server';
import { waitUntil } from '../../support/engine-helpers';
import type { Counter } from './counters-helpers';

/** The agency's tables made (by its owner, as the first counter of the README does), so a role can be granted its admins' role. */
export async function agencySetUp(settings: AgencyConnectionSettings): Promise<void> {
  const pool = await connectToAgency(settings, { counterId: randomUUID(), name: 'Set-up' });
  await pool.end();
}

/** The README's one line for the back office counter's user. */
export async function grantAgencyAdmins(role: string): Promise<void> {
  await asAdmin(process.env.PACKDESK_TEST_PG_URL as string, (admin) => admin.query(`GRANT ${AGENCY_ADMINS_ROLE} TO ${role}`));
}

/** Calls a channel as the renderer does (every check and the audit on the way); throws the refusal's words. */
export function channelsOf(core: Core) {
  const dispatch = createDispatcher(core.handlers);
  return async <T>(channel: string, input: unknown): Promise<T> => {
    const answer = await dispatch(channel, input);
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    return answer.value as T;
  };
}

/** Each agent a counter can sign in, by name and role, in name order. */
export const agentsAt = (counter: Counter): [string, Role][] => counter.core.agents.list().map((agent) => [agent.name, agent.role]);

/** Waits until the counter's copy of the agents is `expected` (pulled in at its next pass). */
export async function agentsReach(counter: Counter, expected: [string, Role][], timeoutMs = 15_000): Promise<void> {
  await waitUntil(
    () => agentsAt(counter),
    (found) => JSON.stringify(found) === JSON.stringify(expected),
    timeoutMs,
  ).catch(() => {
    throw new Error(`${counter.name} has ${JSON.stringify(agentsAt(counter))}, not ${JSON.stringify(expected)}`);
  });
}

/** The agency's agents, every column a counter could want to change. */
export const agencyAgents = (settings: AgencyConnectionSettings) =>
  queryAgency<Record<string, unknown>>(settings, 'SELECT * FROM agency_agents ORDER BY revision');

/** The agency's audit, every counter's chain, as it holds it. */
export const agencyAudit = (settings: AgencyConnectionSettings) =>
  queryAgency<{ counter_id: string; sequence: string; prev_hash: string; hash: string; action: string; what: string }>(
    settings,
    'SELECT * FROM agency_audit ORDER BY counter_id, sequence',
  );

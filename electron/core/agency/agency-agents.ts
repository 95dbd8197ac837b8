import type { Pool } from 'pg';
import { z } from 'zod';
import { agentNameSchema, roleSchema } from '../../../shared/people';
import type { Role } from '../../../shared/people';
import { PIN_HASH_PATTERN } from './agency-people-schema';

/** An agent as the agency defines them for every counter: never a lock or a count of wrong PINs, which stay at each counter. */
export interface AgencyAgent {
  agentId: string;
  name: string;
  role: Role;
  /** The scrypt hash `people/pin-hash.ts` made; the PIN itself never leaves the counter it was typed at. */
  pinHash: string;
  /** The agency's order of definitions: a copy holding a higher one is newer. */
  revision: number;
}

/** An agent row this counter will not take (a malformed row, from a broken or hostile server). */
export interface UnreadableAgent {
  revision: number;
  problem: { kind: 'unreadable' };
}

export type PulledAgent = AgencyAgent | UnreadableAgent;

export const isUnreadableAgent = (entry: PulledAgent): entry is UnreadableAgent => 'problem' in entry;

const agencyAgentSchema = z.strictObject({
  agentId: z.uuid(),
  // The same rules as an agent added at a counter; a name not already trimmed is not one a counter sent (the schema trims).
  name: z
    .string()
    .refine((name) => name === name.trim())
    .pipe(agentNameSchema),
  role: roleSchema,
  pinHash: z.string().regex(new RegExp(PIN_HASH_PATTERN)),
  revision: z.number().int().positive(),
});

/** Whether this counter's user is one of the agency's administrators (a member of `packdesk_agency_admins`). */
export async function mayDefineAgents(pool: Pool): Promise<boolean> {
  const found = await pool.query<{ may: boolean }>('SELECT agency_may_define_agents() AS may');
  return found.rows[0]?.may === true;
}

/** Defines (or changes) an agent for the whole agency; the revision the agency gave it. Refused (42501) to a counter that may not. */
export async function defineAgent(pool: Pool, counterId: string, agent: Omit<AgencyAgent, 'revision'>): Promise<number> {
  const given = await pool.query<{ revision: string }>('SELECT agency_define_agent($1, $2, $3, $4, $5) AS revision', [
    counterId,
    agent.agentId,
    agent.name,
    agent.role,
    agent.pinHash,
  ]);
  return Number(given.rows[0]?.revision);
}

/**
 * The agency's agents defined after `afterRevision`, in its order, each checked: a row that is not an
 * agent as a counter defines one is set aside (named by its revision), and the pull goes on past it.
 */
export async function pullAgents(pool: Pool, afterRevision: number, limit = 500): Promise<PulledAgent[]> {
  const found = await pool.query<{ agent_id: unknown; name: unknown; role: unknown; pin_hash: unknown; revision: string }>(
    'SELECT agent_id, name, role, pin_hash, revision FROM agency_agents WHERE revision > $1 ORDER BY revision LIMIT $2',
    [afterRevision, limit],
  );
  return found.rows.map((row) => {
    const revision = Number(row.revision);
    const parsed = agencyAgentSchema.safeParse({
      agentId: row.agent_id,
      name: row.name,
      role: row.role,
      pinHash: row.pin_hash,
      revision,
    });
    return parsed.success ? parsed.data : { revision, problem: { kind: 'unreadable' as const } };
  });
}

import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { AgentSetAsideReason } from '../../../shared/agency';
import type { Role } from '../../../shared/people';
import type { AgencyAgent } from '../agency/agency-agents';
import { transaction } from '../database';

/** An agent added or changed at this counter that the agency has not taken yet; `agentId` is null until it first has. */
export interface UnsentAgent {
  localId: number;
  agentId: string | null;
  name: string;
  role: Role;
  pinHash: string;
}

/** A pulled agent this counter did not take, and why. */
export interface AgentSetAside {
  revision: number;
  problem: AgentSetAsideReason;
}

const CURSOR_KEY = 'agency_agents_pulled';

type LocalRow = { id: number; agency_revision: number; pin_hash: string; agency_agent_id: string | null };

/**
 * This counter's copy of the agency's agents, in the settings database beside the agents added here:
 * sign-in reads that one table, so it works offline. A pulled agent replaces the name, role and PIN
 * hash of its copy; the wrong tries and locks stay this counter's own (a new PIN lifts them, as a
 * reset here does). An agent added here before the counter joined, under a name the agency already
 * has, becomes that agency agent: the agency defines its people once.
 */
export function createAgencyAgentCopy(db: DatabaseSync) {
  const byAgencyId = db.prepare('SELECT id, agency_revision, pin_hash, agency_agent_id FROM agents WHERE agency_agent_id = ?');
  const byName = db.prepare('SELECT id, agency_revision, pin_hash, agency_agent_id FROM agents WHERE name = ?');
  const update = db.prepare(
    'UPDATE agents SET agency_agent_id = ?, name = ?, role = ?, pin_hash = ?, agency_revision = ?, agency_unsent = 0 WHERE id = ?',
  );
  const forgetTries = db.prepare('UPDATE agents SET failed_tries = 0, lockouts = 0, locked_until = NULL WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO agents (name, role, pin_hash, created_at, agency_agent_id, agency_revision, agency_unsent) VALUES (?, ?, ?, ?, ?, ?, 0)',
  );
  const cursorRead = db.prepare('SELECT value FROM preferences WHERE key = ?');
  const cursorWrite = db.prepare(
    'INSERT INTO preferences (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );

  /** Takes one pulled agent into the table; the reason when it cannot. */
  function take(agent: AgencyAgent): AgentSetAsideReason | null {
    const copy = (byAgencyId.get(agent.agentId) as LocalRow | undefined) ?? (byName.get(agent.name) as LocalRow | undefined);
    // An id given here but never taken by the agency (a push refused for this very name) does not hold the copy back.
    if (copy && copy.agency_agent_id !== null && copy.agency_agent_id !== agent.agentId && copy.agency_revision > 0) {
      return { kind: 'name-of-another-agency-agent', name: agent.name };
    }
    if (copy && copy.agency_agent_id === agent.agentId && copy.agency_revision >= agent.revision) return null;
    const clash = byName.get(agent.name) as LocalRow | undefined;
    if (clash && copy && clash.id !== copy.id) return { kind: 'name-taken-here', name: agent.name };
    if (!copy) {
      insert.run(agent.name, agent.role, agent.pinHash, new Date().toISOString(), agent.agentId, agent.revision);
      return null;
    }
    update.run(agent.agentId, agent.name, agent.role, agent.pinHash, agent.revision, copy.id);
    if (copy.pin_hash !== agent.pinHash) forgetTries.run(copy.id);
    return null;
  }

  return {
    /** Agents added or changed here since the agency last took them, oldest first. */
    unsent(): UnsentAgent[] {
      const rows = db.prepare('SELECT id, agency_agent_id, name, role, pin_hash FROM agents WHERE agency_unsent = 1 ORDER BY id').all() as {
        id: number;
        agency_agent_id: string | null;
        name: string;
        role: Role;
        pin_hash: string;
      }[];
      return rows.map((row) => ({ localId: row.id, agentId: row.agency_agent_id, name: row.name, role: row.role, pinHash: row.pin_hash }));
    },

    /** The agency id an agent is sent under, kept before the first send: one sent again after a crash or a change is the same agent. */
    agencyIdOf(agent: UnsentAgent): string {
      if (agent.agentId !== null) return agent.agentId;
      db.prepare('UPDATE agents SET agency_agent_id = ? WHERE id = ? AND agency_agent_id IS NULL').run(randomUUID(), agent.localId);
      return (db.prepare('SELECT agency_agent_id FROM agents WHERE id = ?').get(agent.localId) as { agency_agent_id: string })
        .agency_agent_id;
    },

    /** The agency took the agent as sent; a change made here meanwhile keeps it unsent. */
    sent(agent: UnsentAgent, revision: number): void {
      db.prepare(
        `UPDATE agents SET agency_revision = max(agency_revision, ?), agency_unsent = 0
         WHERE id = ? AND name = ? AND role = ? AND pin_hash = ?`,
      ).run(revision, agent.localId, agent.name, agent.role, agent.pinHash);
    },

    /** The agency revision this counter has taken in, for the agency it is in now (0 after joining another one). */
    pulledThrough(counterId: string): number {
      const stored = (cursorRead.get(CURSOR_KEY) as { value: string } | undefined)?.value;
      const cursor = stored ? (JSON.parse(stored) as { counterId?: unknown; revision?: unknown }) : null;
      return cursor?.counterId === counterId && typeof cursor.revision === 'number' ? cursor.revision : 0;
    },

    /** Takes a batch of pulled agents and moves the cursor past it, in one transaction; what it set aside. */
    take(counterId: string, agents: readonly AgencyAgent[], throughRevision: number): AgentSetAside[] {
      return transaction(db, () => {
        const setAside: AgentSetAside[] = [];
        for (const agent of agents) {
          const problem = take(agent);
          if (problem !== null) setAside.push({ revision: agent.revision, problem });
        }
        cursorWrite.run(CURSOR_KEY, JSON.stringify({ counterId, revision: throughRevision }));
        return setAside;
      });
    },
  };
}

export type AgencyAgentCopy = ReturnType<typeof createAgencyAgentCopy>;

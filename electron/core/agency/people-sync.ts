import type { Pool } from 'pg';
import type { AgencyPeopleProblem, AgencyPeopleStatus } from '../../../shared/agency';
import type { ChainedAuditEntry } from '../audit/audit-chain';
import type { AgencyAgentCopy, AgentSetAside } from '../people/agency-agent-copy';
import { isConnectionFailure } from './agency-connection';
import { defineAgent, isUnreadableAgent, mayDefineAgents, pullAgents } from './agency-agents';
import type { AgencyAgent } from './agency-agents';
import { auditHeldByAgency, pushAuditEntries } from './agency-audit';
import { passRunner } from './pass-runner';

/** The counter's side of its people: its copy of the agents, and its audit chain. */
export interface PeoplePorts {
  agents: AgencyAgentCopy;
  audit: {
    chainAfter(sequence: number, limit: number): ChainedAuditEntry[];
    lastSequence(): number;
  };
}

export interface PeopleSyncOptions {
  pool: Pool;
  counterId: string;
  ports: PeoplePorts;
  /** A pass this often (and at `wake`): agents and audit entries are not urgent, and a pass costs three small queries. */
  everyMs: number;
  onStatus: (status: AgencyPeopleStatus) => void;
  onError?: (error: unknown) => void;
  batchSize?: number;
}

/** A PostgreSQL refusal (22023: the server would not take what was sent; 23505: a name another agent has). */
const codeOf = (error: unknown): unknown => (error instanceof Error ? (error as { code?: unknown }).code : undefined);

/**
 * Keeps this counter's people in step with the agency: agents added or changed here go to the agency
 * when this counter's user may define them, the agency's agents come into this counter's copy (a row
 * it cannot read is set aside and named, never fatal), and this counter's audit entries follow its
 * chain to the agency from the last one the agency holds (offline, they wait in `audit.db`).
 */
export function startPeopleSync(options: PeopleSyncOptions) {
  const { pool, counterId, ports } = options;
  const batchSize = options.batchSize ?? 200;
  let status: AgencyPeopleStatus = { definesAgents: false, agentsSetAside: [], auditUnsent: 0, problem: null };
  const setAside = new Map<number, AgentSetAside>();
  let idleWaiters: (() => void)[] = [];
  /** The last sequence of this counter's audit the agency was seen to hold. */
  let agencyHolds = 0;

  async function pushAgents(): Promise<AgencyPeopleProblem | null> {
    let problem: AgencyPeopleProblem | null = null;
    for (const agent of ports.agents.unsent()) {
      const agentId = ports.agents.agencyIdOf(agent);
      try {
        ports.agents.sent(agent, await defineAgent(pool, counterId, { ...agent, agentId }));
      } catch (error) {
        // One agent the agency will not take (a name another agent has there) does not hold back the others.
        if (codeOf(error) !== '23505' && codeOf(error) !== '22023') throw error;
        problem = { kind: 'agent-refused', name: agent.name, why: codeOf(error) === '23505' ? 'name-taken' : 'not-an-agent' };
      }
    }
    return problem;
  }

  async function pullAgentsIn(): Promise<void> {
    for (;;) {
      const page = await pullAgents(pool, ports.agents.pulledThrough(counterId), batchSize);
      const last = page.at(-1);
      if (!last) return;
      const readable: AgencyAgent[] = [];
      for (const entry of page) {
        if (isUnreadableAgent(entry)) setAside.set(entry.revision, entry);
        else readable.push(entry);
      }
      for (const entry of ports.agents.take(counterId, readable, last.revision)) setAside.set(entry.revision, entry);
      if (page.length < batchSize) return;
    }
  }

  async function pushAudit(): Promise<number> {
    const held = await auditHeldByAgency(pool, counterId);
    agencyHolds = held.sequence;
    for (;;) {
      const next = ports.audit.chainAfter(agencyHolds, batchSize);
      if (next.length === 0) return ports.audit.lastSequence() - agencyHolds;
      agencyHolds = await pushAuditEntries(pool, counterId, next);
    }
  }

  async function pass(): Promise<void> {
    const waiters = idleWaiters;
    idleWaiters = [];
    const next = { ...status };
    try {
      next.definesAgents = await mayDefineAgents(pool);
      const agentProblem: AgencyPeopleProblem | null = next.definesAgents
        ? await pushAgents()
        : ports.agents.unsent().length > 0
          ? { kind: 'not-an-administrator' }
          : null;
      await pullAgentsIn();
      next.agentsSetAside = [...setAside.values()].map(({ revision, problem }) => ({ revision, problem }));
      try {
        next.auditUnsent = await pushAudit();
        next.problem = agentProblem;
      } catch (error) {
        if (isConnectionFailure(error) || codeOf(error) !== '22023') throw error;
        // The agency holds another chain under this counter's id (an audit replaced here): said, and the agency's copy kept.
        next.auditUnsent = ports.audit.lastSequence() - agencyHolds;
        next.problem = { kind: 'audit-diverged', detail: (error as Error).message };
      }
    } catch (error) {
      if (!isConnectionFailure(error)) options.onError?.(error);
      next.auditUnsent = ports.audit.lastSequence() - agencyHolds;
    }
    if (JSON.stringify(next) !== JSON.stringify(status)) {
      status = next;
      if (!runner.stopped()) options.onStatus(status);
    }
    for (const resolve of waiters) resolve();
  }

  const runner = passRunner(pass);
  const { wake } = runner;

  const timer = setInterval(wake, options.everyMs);
  timer.unref();
  wake();

  return {
    status: (): AgencyPeopleStatus => status,
    wake,
    /** Resolves after a whole pass that started after this call (tests, a clean quit). */
    passed: (): Promise<void> =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake();
      }),
    async stop(): Promise<void> {
      clearInterval(timer);
      await runner.stop();
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

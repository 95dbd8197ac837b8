import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { describe, expect, test } from 'vitest';
import { pushAuditEntries } from '../../../electron/core/agency/agency-audit';
import { defineAgent } from '../../../electron/core/agency/agency-agents';
import { connectToAgency } from '../../../electron/core/agency/connect-to-agency';
import { sha256 } from '../../../electron/core/audit/audit-chain';
import type { ChainedAuditEntry } from '../../../electron/core/audit/audit-chain';
import { hashPin } from '../../../electron/core/people/pin-hash';
import type { AgentView } from '../../../shared/people';
import { queryAgency } from '../../support/agency-server';
import { waitUntil } from '../../support/engine-helpers';
import { useCounterRoles } from './agency-roles';
import { useCounters } from './counters-helpers';
import type { Counter } from './counters-helpers';
import { agencyAgents, agencyAudit, agencySetUp, agentsAt, agentsReach, channelsOf, grantAgencyAdmins } from './people-helpers';

const ADMIN_PIN = 'back-office-8641';

/** A PostgreSQL error code from a refused query (42501: insufficient privilege, 22023: a value the server will not take). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : (error as Error).message;
  }
  return 'accepted';
}

/** An entry a counter hashed itself after `previous`, under `sequence`: consistent in itself, as audit/audit-chain.ts hashes one. */
function chainedAfter(previous: ChainedAuditEntry, sequence: number): ChainedAuditEntry {
  const entry = { ...previous, sequence, what: `Entry ${sequence}, made up`, words: null, prevHash: previous.hash };
  const { at, counter, agentId, agentName, approverId, approverName, action, outcome, what } = entry;
  const fields = [sequence, at, counter, agentId, agentName, approverId, approverName, action, outcome, what];
  return { ...entry, hash: sha256(`${previous.hash}\n${JSON.stringify(fields)}`) };
}

describe('only the agency’s administrators define its agents, and each counter writes only its own audit', () => {
  const counterRole = useCounterRoles();
  const counters = useCounters();

  /** The back office (its user an agency administrator) and two desks on their own users, all holding the back office's agents. */
  async function agencyWithPeople(): Promise<{ backOffice: Counter; desks: [Counter, Counter] }> {
    await agencySetUp(counters.agency.settings());
    const backOfficeRole = await counterRole('backoffice');
    await grantAgencyAdmins(backOfficeRole);
    const backOffice = await counters.start('Back office', { user: backOfficeRole });
    const desks: [Counter, Counter] = [
      await counters.start('Desk 2', { user: await counterRole('desk2') }),
      await counters.start('Desk 3', { user: await counterRole('desk3') }),
    ];
    const atBackOffice = channelsOf(backOffice.core);
    await atBackOffice('people:add', { name: 'Rita Sousa', role: 'administrator', pin: ADMIN_PIN });
    await atBackOffice('people:add', { name: 'Bea Costa', role: 'agent', pin: 'desk-agent-3097' });
    for (const desk of desks)
      await agentsReach(desk, [
        ['Bea Costa', 'agent'],
        ['Rita Sousa', 'administrator'],
      ]);
    return { backOffice, desks };
  }

  test('a counter without the admins’ role (an administrator signed in there, or its user at the server directly) changes 0 agents and 0 audit entries of anyone', async () => {
    const { backOffice, desks } = await agencyWithPeople();
    const [desk2, desk3] = desks;
    const settings = counters.agency.settings();
    for (const counter of [backOffice, ...desks]) await counter.core.agency.peopleShared();
    const agentsBefore = await agencyAgents(settings);
    const auditBefore = await agencyAudit(settings);
    expect(agentsBefore).toHaveLength(2);

    // An agency administrator signed in at Desk 2 adds an agent and gives Bea a PIN: both stay at Desk 2, and it says so.
    const atDesk2 = channelsOf(desk2.core);
    const ritaAtDesk2 = desk2.core.agents.list().find((agent) => agent.name === 'Rita Sousa') as AgentView;
    const beaAtDesk2 = desk2.core.agents.list().find((agent) => agent.name === 'Bea Costa') as AgentView;
    await atDesk2('people:sign-in', { agentId: ritaAtDesk2.id, pin: ADMIN_PIN });
    await atDesk2('people:add', { name: 'Mallory', role: 'administrator', pin: 'mallory-0001' });
    await atDesk2('people:reset-pin', { agentId: beaAtDesk2.id, pin: 'mallory-0002' });
    await desk2.core.agency.peopleShared();
    expect(desk2.core.agency.status().people).toMatchObject({
      definesAgents: false,
      problem: { kind: 'not-an-administrator' },
    });

    // Its user at the server, as a hostile counter would use it.
    const evilId = randomUUID();
    const evil: Pool = await connectToAgency({ ...settings, user: await counterRole('desk4') }, { counterId: evilId, name: 'Desk 4' });
    try {
      const hash = await hashPin('mallory-0003');
      const beaAgencyId = String(agentsBefore.find((row) => row.name === 'Bea Costa')?.agent_id);
      const backOfficeId = backOffice.core.agency.ledger.membership()?.counterId as string;
      expect(
        await refusal(defineAgent(evil, evilId, { agentId: randomUUID(), name: 'Mallory', role: 'administrator', pinHash: hash })),
      ).toBe('42501');
      expect(
        await refusal(defineAgent(evil, evilId, { agentId: beaAgencyId, name: 'Bea Costa', role: 'administrator', pinHash: hash })),
      ).toBe('42501');
      for (const sql of [
        `INSERT INTO agency_agents VALUES ('${randomUUID()}', 'Mallory', 'administrator', '${hash}', 999, '${evilId}', current_user)`,
        `UPDATE agency_agents SET role = 'administrator', pin_hash = '${hash}'`,
        `DELETE FROM agency_agents`,
        `SELECT nextval('agency_agent_revisions')`,
        `UPDATE agency_audit SET what = 'nothing happened'`,
        `DELETE FROM agency_audit`,
        `TRUNCATE agency_audit`,
        `INSERT INTO agency_audit (counter_id, sequence, at, counter, action, outcome, what, prev_hash, hash)
           VALUES ('${backOfficeId}', 999, 'now', 'Back office', 'agent.add', 'done', 'forged', '', '')`,
      ]) {
        expect(await refusal(evil.query(sql)), sql).toBe('42501');
      }
      // Another counter's chain: refused whoever's entries they are.
      const backOfficeEntries = backOffice.core.audit.log.chainAfter(0, 1_000);
      expect(await refusal(pushAuditEntries(evil, backOfficeId, backOfficeEntries))).toBe('42501');
      // Its own chain: an entry whose hash is not of its fields, an entry out of its place, its own past rewritten.
      const [first, second] = backOfficeEntries;
      if (!first || !second) throw new Error('the back office has fewer than two audit entries');
      expect(await refusal(pushAuditEntries(evil, evilId, [{ ...first, what: 'Added nobody' }]))).toBe('22023');
      // Its words are chained as its English is: other words under the same hash, or none, are refused too.
      expect(first.words).toContain('audit.what.agent.add');
      const otherWords = first.words?.replace('Rita Sousa', 'Mallory') ?? null;
      expect(await refusal(pushAuditEntries(evil, evilId, [{ ...first, words: otherWords }]))).toBe('22023');
      expect(await refusal(pushAuditEntries(evil, evilId, [{ ...first, words: null }]))).toBe('22023');
      expect(await refusal(pushAuditEntries(evil, evilId, [second]))).toBe('22023');
      expect(await pushAuditEntries(evil, evilId, [first])).toBe(1);
      expect(await pushAuditEntries(evil, evilId, [first])).toBe(1);
      expect(await refusal(pushAuditEntries(evil, evilId, [{ ...second, sequence: 1, prevHash: '' }]))).toBe('22023');
      // Entries it hashes itself, each consistent: one that leaves a gap is refused, the next in its place is taken.
      expect(await refusal(pushAuditEntries(evil, evilId, [chainedAfter(first, 3)]))).toBe('22023');
      expect(await pushAuditEntries(evil, evilId, [chainedAfter(first, 2)])).toBe(2);
    } finally {
      await evil.end();
    }

    for (const counter of [backOffice, ...desks]) await counter.core.agency.peopleShared();
    expect(await agencyAgents(settings)).toEqual(agentsBefore);
    // Every entry the agency held is as it was; the hostile counter's chain is its one entry of its own.
    const auditAfter = await agencyAudit(settings);
    for (const before of auditBefore) expect(auditAfter).toContainEqual(before);
    expect(auditAfter.filter((row) => row.counter_id === evilId).map((row) => Number(row.sequence))).toEqual([1, 2]);
    for (const counter of [backOffice, desk3])
      expect(agentsAt(counter), counter.name).toEqual([
        ['Bea Costa', 'agent'],
        ['Rita Sousa', 'administrator'],
      ]);
    expect(agentsAt(desk2)).toContainEqual(['Mallory', 'administrator']);
  });

  test('an agent row the server hands out malformed is set aside and named at every counter; the agents after it still arrive', async () => {
    const { backOffice, desks } = await agencyWithPeople();
    const settings = counters.agency.settings();
    // Whoever can write the agency's tables (a compromised server): a PIN kept in plain text, a name no counter would send.
    await queryAgency(
      settings,
      `INSERT INTO agency_agents (agent_id, name, role, pin_hash, revision, defined_at_counter, defined_by)
       SELECT gen_random_uuid(), planted.name, 'administrator', planted.pin, nextval('agency_agent_revisions'), counter_id, current_user
       FROM (SELECT counter_id FROM agency_counters LIMIT 1) AS c, (VALUES ('Eve', '1234'), ('  Eve Two', 'scrypt$15$8$3$AAAA$AAAA')) AS planted (name, pin)`,
    );
    await channelsOf(backOffice.core)('people:add', { name: 'Dina Reis', role: 'supervisor', pin: 'supervisor-7781' });
    for (const desk of desks) {
      await agentsReach(desk, [
        ['Bea Costa', 'agent'],
        ['Dina Reis', 'supervisor'],
        ['Rita Sousa', 'administrator'],
      ]);
      const people = await waitUntil(
        () => desk.core.agency.status().people,
        (status) => (status?.agentsSetAside.length ?? 0) === 2,
      );
      expect(people?.agentsSetAside.map((entry) => entry.problem)).toEqual([{ kind: 'unreadable' }, { kind: 'unreadable' }]);
    }
  });
});

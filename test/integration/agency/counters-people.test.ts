import { describe, expect, test } from 'vitest';
import type { AgentView, PeopleSession } from '../../../shared/people';
import { queryAgency } from '../../support/agency-server';
import { waitUntil } from '../../support/engine-helpers';
import { useCounterRoles } from './agency-roles';
import { useCounters } from './counters-helpers';
import type { Counter } from './counters-helpers';
import { agencyAudit, agencySetUp, agentsAt, agentsReach, channelsOf, grantAgencyAdmins } from './people-helpers';

const ADMIN_PIN = 'back-office-8641';
const AGENT_PIN = 'desk-agent-3097';
const NEW_PIN = 'desk-agent-5520';

/** The counter's audit as its own file holds it: each entry's sequence and hash, oldest first. */
const chainAt = (counter: Counter) => counter.core.audit.log.chainAfter(0, 10_000).map((entry) => [entry.sequence, entry.hash]);

describe('people shared by the agency', () => {
  const counterRole = useCounterRoles();
  const counters = useCounters();

  test('agents defined at the back office reach three counters; one cut off from the agency still signs them in, and every audit reaches the agency chained', async () => {
    await agencySetUp(counters.agency.settings());
    const backOfficeRole = await counterRole('backoffice');
    await grantAgencyAdmins(backOfficeRole);
    const backOffice = await counters.start('Back office', { user: backOfficeRole });
    const desks = [
      await counters.start('Desk 1', { user: await counterRole('desk1') }),
      await counters.start('Desk 2', { user: await counterRole('desk2') }),
      await counters.start('Desk 3', { user: await counterRole('desk3'), throughProxy: true }),
    ];
    const [desk1, desk2, desk3] = desks as [Counter, Counter, Counter];
    const settings = counters.agency.settings();

    // A fresh counter in an agency with no agents yet: nobody is asked to sign in.
    expect(desk1.core.access.session()).toMatchObject({ agent: null, signInRequired: false, administratorExists: false });

    const atBackOffice = channelsOf(backOffice.core);
    await atBackOffice('people:add', { name: 'Rita Sousa', role: 'administrator', pin: ADMIN_PIN });
    const bea = await atBackOffice<AgentView>('people:add', { name: 'Bea Costa', role: 'agent', pin: AGENT_PIN });
    await atBackOffice('people:add', { name: 'Caio Lima', role: 'supervisor', pin: 'supervisor-7781' });
    const everyone: [string, AgentView['role']][] = [
      ['Bea Costa', 'agent'],
      ['Caio Lima', 'supervisor'],
      ['Rita Sousa', 'administrator'],
    ];
    for (const desk of desks) await agentsReach(desk, everyone);
    // The copies are the agency's, not changes made at the desks: nothing waits there to be sent, nothing is said.
    await desk1.core.agency.peopleShared();
    expect(desk1.core.agency.status().people).toEqual({ definesAgents: false, agentsSetAside: [], auditUnsent: 0, problem: null });
    await waitUntil(
      () => backOffice.core.agency.status().people,
      (people) => people?.definesAgents === true && people.problem === null,
    );

    // A new PIN given at the back office reaches the desks: the old one no longer signs Bea in there.
    await atBackOffice('people:reset-pin', { agentId: bea.id, pin: NEW_PIN });
    const beaAt = (desk: Counter) => desk.core.agents.list().find((agent) => agent.name === 'Bea Costa') as AgentView;
    const signIn = (desk: Counter, pin: string) => channelsOf(desk.core)<PeopleSession>('people:sign-in', { agentId: beaAt(desk).id, pin });
    await backOffice.core.agency.peopleShared();
    await desk1.core.agency.peopleShared();
    await expect(signIn(desk1, AGENT_PIN)).rejects.toThrow(/wrong_pin/);
    expect((await signIn(desk1, NEW_PIN)).agent?.name).toBe('Bea Costa');

    // Desk 3 cut off from the agency: Bea signs in from its own copy; a wrong PIN counts there only.
    await desk3.core.agency.peopleShared();
    expect(beaAt(desk3).failedTries).toBe(0);
    desk3.proxy?.cut('reset');
    await waitUntil(
      () => desk3.core.agency.status().link.kind,
      (kind) => kind === 'unreachable',
    );
    await expect(signIn(desk3, 'not-her-pin-1')).rejects.toThrow(/wrong_pin: That is not Bea Costa’s PIN. 4 tries remain/);
    expect((await signIn(desk3, NEW_PIN)).agent?.name).toBe('Bea Costa');
    expect(beaAt(desk2).failedTries).toBe(0);
    expect(agentsAt(desk3)).toEqual(everyone);
    const offlineEntries = desk3.core.audit.log.lastSequence();
    expect(offlineEntries).toBeGreaterThan(0);
    expect(desk3.core.agency.status().people?.auditUnsent).toBeGreaterThan(0);

    // Healed: what Desk 3 recorded offline follows its chain to the agency.
    desk3.proxy?.heal();
    const all = [backOffice, ...desks];
    for (const counter of all) await counter.core.agency.peopleShared();
    const held = await agencyAudit(settings);
    for (const counter of all) {
      const counterId = counter.core.agency.ledger.membership()?.counterId;
      const chain = held.filter((row) => row.counter_id === counterId);
      expect(
        chain.map((row) => [Number(row.sequence), row.hash]),
        counter.name,
      ).toEqual(chainAt(counter));
      expect(chain.every((row, n) => row.prev_hash === (n === 0 ? '' : chain[n - 1]?.hash))).toBe(true);
      expect(await counter.core.audit.log.verify()).toMatchObject({ ok: true });
    }
    expect(chainAt(desk3).length).toBe(offlineEntries);
    expect(held.filter((row) => row.action === 'agent.sign-in').length).toBeGreaterThanOrEqual(3);
    expect(desk3.core.agency.status().people?.auditUnsent).toBe(0);
    // The agency holds PIN hashes and audit words, never a PIN.
    const everyRow = await queryAgency<{ row: string }>(
      settings,
      'SELECT row_to_json(a)::text AS row FROM agency_agents a UNION ALL SELECT row_to_json(e)::text FROM agency_audit e',
    );
    for (const pin of [ADMIN_PIN, AGENT_PIN, NEW_PIN, 'supervisor-7781', 'not-her-pin-1'])
      expect(everyRow.filter(({ row }) => row.includes(pin))).toEqual([]);
  });

  test('an agent added at the back office reaches the agency at once, not at its next poll a minute later', async () => {
    await agencySetUp(counters.agency.settings());
    const backOfficeRole = await counterRole('backoffice');
    await grantAgencyAdmins(backOfficeRole);
    const backOffice = await counters.start('Back office', { user: backOfficeRole, timings: { pollEveryMs: 60_000 } });
    await backOffice.core.agency.peopleShared();
    await channelsOf(backOffice.core)('people:add', { name: 'Rita Sousa', role: 'administrator', pin: ADMIN_PIN });
    const settings = counters.agency.settings();
    const rows = await waitUntil(
      () => queryAgency<{ name: string; role: string }>(settings, 'SELECT name, role FROM agency_agents'),
      (found) => found.length > 0,
    );
    expect(rows).toEqual([{ name: 'Rita Sousa', role: 'administrator' }]);
    const entries = await waitUntil(
      () => queryAgency<{ what: string; words: string | null }>(settings, 'SELECT what, words FROM agency_audit ORDER BY sequence'),
      (found) => found.length > 0,
    );
    // Its words too, as the counter chained them: the agency reads the line in any language.
    const [chained] = backOffice.core.audit.log.chainAfter(0, 1);
    expect(chained?.words).toContain('audit.what.agent.add');
    expect(entries).toEqual([{ what: 'Added administrator “Rita Sousa”', words: chained?.words }]);
  });
});

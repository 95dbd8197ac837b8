/** The agency's agents in a counter's real settings file: what is sent, what is taken, what stays this counter's own. */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { AgencyAgent } from '../../../electron/core/agency/agency-agents';
import { openDatabase } from '../../../electron/core/database';
import { createAgencyAgentCopy } from '../../../electron/core/people/agency-agent-copy';
import { createAgentDirectory } from '../../../electron/core/people/agents';
import { hashPin } from '../../../electron/core/people/pin-hash';
import { settingsMigrations } from '../../../electron/core/settings-migrations';
import { useTempDir } from '../../support/temp-dir';

const tempDir = useTempDir();
const COUNTER = randomUUID();

function counterFiles() {
  const db = openDatabase(join(tempDir(), 'settings.db'), settingsMigrations);
  return { db, agents: createAgentDirectory(db), copy: createAgencyAgentCopy(db) };
}

const unsentNames = (copy: ReturnType<typeof createAgencyAgentCopy>) => copy.unsent().map((agent) => [agent.name, agent.role]);

describe('a counter’s copy of the agency’s agents', () => {
  test(
    'an agent added, given a new PIN or a new role here waits to be sent; the agency’s own copy does not',
    { timeout: 60_000 },
    async () => {
      const { db, agents, copy } = counterFiles();
      const rita = await agents.create('Rita Sousa', 'administrator', 'admin-pin-2741');
      expect(unsentNames(copy)).toEqual([['Rita Sousa', 'administrator']]);
      const [unsent] = copy.unsent();
      if (!unsent) throw new Error('nothing to send');
      const agentId = copy.agencyIdOf(unsent);
      expect(copy.agencyIdOf(unsent)).toBe(agentId);
      copy.sent(unsent, 7);
      expect(unsentNames(copy)).toEqual([]);

      // A role changed here (no screen does it yet: any change of the row counts), then a new PIN.
      db.prepare("UPDATE agents SET role = 'supervisor' WHERE id = ?").run(rita.id);
      expect(unsentNames(copy)).toEqual([['Rita Sousa', 'supervisor']]);
      const [changed] = copy.unsent();
      if (!changed) throw new Error('nothing to send');
      await agents.resetPin(rita.id, 'admin-pin-9999');
      // Sent as it was before the new PIN: the agency has not got the PIN yet, so it stays to be sent.
      copy.sent(changed, 8);
      expect(unsentNames(copy)).toEqual([['Rita Sousa', 'supervisor']]);
      expect(copy.unsent()[0]?.agentId).toBe(agentId);

      // The agency's agents taken in: none of them is to be sent back.
      const bea: AgencyAgent = {
        agentId: randomUUID(),
        name: 'Bea Costa',
        role: 'agent',
        pinHash: await hashPin('desk-agent-3097'),
        revision: 9,
      };
      expect(copy.take(COUNTER, [bea], 9)).toEqual([]);
      expect(unsentNames(copy)).toEqual([['Rita Sousa', 'supervisor']]);
      expect(copy.pulledThrough(COUNTER)).toBe(9);
      expect(copy.pulledThrough(randomUUID())).toBe(0);
    },
  );

  test(
    'a new PIN from the agency lifts this counter’s lock; an older definition is ignored; a name taken here by another agency agent is set aside',
    { timeout: 60_000 },
    async () => {
      const { agents, copy } = counterFiles();
      const bea: AgencyAgent = {
        agentId: randomUUID(),
        name: 'Bea Costa',
        role: 'agent',
        pinHash: await hashPin('desk-agent-3097'),
        revision: 3,
      };
      copy.take(COUNTER, [bea], 3);
      const local = agents.list()[0];
      if (!local) throw new Error('Bea was not taken');
      for (let n = 0; n < 5; n += 1) await agents.verify(local.id, 'wrong-pin-0000').catch(() => undefined);
      expect(agents.find(local.id).lockedUntil).not.toBeNull();

      // The same definition again, or an older one: nothing changes, the lock stays.
      copy.take(COUNTER, [{ ...bea, role: 'administrator', revision: 2 }], 3);
      expect(agents.find(local.id)).toMatchObject({ role: 'agent', lockedUntil: expect.any(String) });

      const newPin = await hashPin('desk-agent-5520');
      copy.take(COUNTER, [{ ...bea, role: 'supervisor', pinHash: newPin, revision: 5 }], 5);
      expect(agents.find(local.id)).toMatchObject({ name: 'Bea Costa', role: 'supervisor', lockedUntil: null, failedTries: 0 });
      expect((await agents.verify(local.id, 'desk-agent-5520')).name).toBe('Bea Costa');

      // An agent added here before joining, under a name the agency has: the agency's definition is taken.
      const caio = await agents.create('Caio Lima', 'administrator', 'caio-pin-1111');
      const agencyCaio: AgencyAgent = { agentId: randomUUID(), name: 'caio lima', role: 'agent', pinHash: newPin, revision: 6 };
      expect(copy.take(COUNTER, [agencyCaio], 6)).toEqual([]);
      expect(agents.find(caio.id)).toMatchObject({ name: 'caio lima', role: 'agent' });
      expect(unsentNames(copy)).toEqual([]);

      // Another agency agent under Bea's name: set aside, Bea kept.
      const impostor: AgencyAgent = { ...bea, agentId: randomUUID(), role: 'administrator', revision: 7 };
      expect(copy.take(COUNTER, [impostor], 7)).toEqual([
        { revision: 7, problem: { kind: 'name-of-another-agency-agent', name: 'Bea Costa' } },
      ]);
      expect(agents.find(local.id).role).toBe('supervisor');
      expect(copy.pulledThrough(COUNTER)).toBe(7);
    },
  );
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { AuditEntry } from '../../../shared/audit';
import { useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';

const core = useCore();
const sandbox = useSandbox();

const ADMIN_PIN = 'admin-pin-2741';
const AGENT_PIN = 'agent-pin-9036';

describe('people in the audit', () => {
  test('adding agents, signing in (a wrong PIN too), a shift change and an unlock are recorded with who was signed in, never a PIN', async () => {
    const service = await sandbox();
    const { core: counter, dataDir } = await core(service);
    const dispatch = createDispatcher(counter.handlers);
    const call = async <T>(channel: string, input: unknown): Promise<T> => {
      const answer = await dispatch(channel, input);
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value as T;
    };

    const admin = await call<{ id: number }>('people:add', { name: 'Ana Reis', role: 'administrator', pin: ADMIN_PIN });
    const agent = await call<{ id: number }>('people:add', { name: 'Bea Costa', role: 'agent', pin: AGENT_PIN });
    expect((await dispatch('people:sign-in', { agentId: agent.id, pin: 'wrong-pin-0000' })).ok).toBe(false);
    await call('people:sign-in', { agentId: agent.id, pin: AGENT_PIN });
    await call('profiles:activate', { id: 1 });
    await call('people:sign-in', { agentId: admin.id, pin: ADMIN_PIN });
    await call('people:unlock', { agentId: agent.id });
    await call('people:sign-out', {});
    // The audit is a supervisor's to read: one signs in for it (and that is recorded too).
    await call('people:sign-in', { agentId: admin.id, pin: ADMIN_PIN });

    const entries = (await call<AuditEntry[]>('audit:list', {})).reverse();
    expect(entries.map((entry) => [entry.action, entry.outcome, entry.who?.name ?? null, entry.what])).toEqual([
      ['agent.add', 'done', null, 'Added administrator “Ana Reis”'],
      ['agent.add', 'done', 'Ana Reis', 'Added agent “Bea Costa”'],
      // A sign-in names the agent signing in (refused too: whose PIN was tried).
      ['agent.sign-in', 'refused', 'Bea Costa', expect.stringMatching(/^Agent “Bea Costa” signed in: refused: /)],
      ['agent.sign-in', 'done', 'Bea Costa', 'Agent “Bea Costa” signed in'],
      ['profile.activate', 'done', 'Bea Costa', 'Switched the counter to profile “Training”'],
      ['agent.sign-in', 'done', 'Ana Reis', 'Agent “Ana Reis” signed in'],
      ['agent.unlock', 'done', 'Ana Reis', 'Unlocked agent “Bea Costa”'],
      ['agent.sign-out', 'done', 'Ana Reis', 'Signed out'],
      ['agent.sign-in', 'done', 'Ana Reis', 'Agent “Ana Reis” signed in'],
    ]);
    expect(await call('audit:verify', {})).toMatchObject({ ok: true, entries: 9 });

    counter.close();
    for (const file of readdirSync(dataDir)) {
      const bytes = readFileSync(join(dataDir, file)).toString('latin1');
      for (const pin of [ADMIN_PIN, AGENT_PIN, 'wrong-pin-0000']) expect(bytes, `${file} holds a PIN`).not.toContain(pin);
    }
  });
});

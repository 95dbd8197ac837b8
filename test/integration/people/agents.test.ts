/** Agents in a real settings file: the PIN kept only as its scrypt hash, the lock after 5 wrong PINs growing each time, and who may lift it. */
import { scryptSync } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../../electron/core/database';
import { createDispatcher } from '../../../electron/core/dispatch';
import { createAgentDirectory } from '../../../electron/core/people/agents';
import { settingsMigrations } from '../../../electron/core/settings-migrations';
import { useCore } from '../../support/engine-helpers';
import { useTempDir } from '../../support/temp-dir';

const tempDir = useTempDir();
const core = useCore();

/** A settings file of today's schema, and a clock the test moves by hand. */
function directoryWithClock() {
  const db = openDatabase(join(tempDir(), 'settings.db'), settingsMigrations);
  const clock = { now: new Date('2026-11-27T10:00:00.000Z') };
  const agents = createAgentDirectory(db, () => clock.now);
  const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
  return { db, agents, clock, later };
}

const MINUTE = 60_000;

describe('a PIN', () => {
  test(
    'is kept only as a salted scrypt hash: never itself, and the same PIN of two agents hashes differently',
    { timeout: 60_000 },
    async () => {
      const { db, agents } = directoryWithClock();
      await agents.create('Ana', 'agent', '1234');
      await agents.create('Bo', 'supervisor', '1234');
      const rows = db.prepare('SELECT name, pin_hash FROM agents ORDER BY id').all() as { name: string; pin_hash: string }[];
      const [ana, bo] = rows.map((row) => row.pin_hash.split('$')) as [string[], string[]];
      for (const parts of [ana, bo]) {
        expect(parts.slice(0, 4)).toEqual(['scrypt', '15', '8', '3']);
        // The stored hash is scrypt's, with those parameters and the stored salt.
        const salt = Buffer.from(parts[4] as string, 'base64');
        expect(salt).toHaveLength(16);
        const expected = scryptSync('1234', salt, 32, { N: 2 ** 15, r: 8, p: 3, maxmem: 64 * 2 ** 20 }).toString('base64');
        expect(parts[5]).toBe(expected);
      }
      expect(ana[4]).not.toBe(bo[4]);
      expect(ana[5]).not.toBe(bo[5]);
      expect(JSON.stringify(rows)).not.toContain('1234');
      // What the screens get has no hash in it.
      const listed = agents.list();
      expect(listed.map((agent) => Object.keys(agent).sort())).toEqual([
        ['failedTries', 'id', 'lockedUntil', 'name', 'role'],
        ['failedTries', 'id', 'lockedUntil', 'name', 'role'],
      ]);
      expect(JSON.stringify(listed)).not.toMatch(/scrypt|1234/);
      expect(await agents.verify(1, '1234')).toMatchObject({ name: 'Ana', role: 'agent' });
    },
  );
});

describe('wrong PINs', () => {
  test(
    'say how many tries remain; the fifth locks for a minute, the next lock in a row two, then four; a sign-in starts again at one',
    { timeout: 300_000 },
    async () => {
      const { agents, clock, later } = directoryWithClock();
      const { id } = await agents.create('Ana', 'agent', '1234');
      /** A wrong PIN's refusal (a wrong PIN never signs in). */
      const wrong = async (): Promise<unknown> => {
        try {
          await agents.verify(id, '9999');
        } catch (error) {
          return error;
        }
        throw new Error('a wrong PIN signed in');
      };

      for (const remaining of [4, 3, 2, 1]) {
        expect(await wrong()).toMatchObject({
          code: 'wrong_pin',
          message: `That is not Ana’s PIN. ${remaining} ${remaining === 1 ? 'try remains' : 'tries remain'} before Ana is locked.`,
        });
      }
      /** Five wrong PINs in a row, and the lock they bring, in milliseconds from now. */
      async function lockAfterFive(): Promise<number> {
        for (let i = 0; i < 4; i += 1) await wrong();
        const locked = await wrong();
        expect(locked).toMatchObject({
          code: 'agent_locked',
          message: expect.stringMatching(/^Ana is locked until \d{4}-\d\d-\d\d \d\d:\d\d after 5 wrong PINs\.$/),
        });
        return Date.parse(agents.find(id).lockedUntil ?? '') - clock.now.getTime();
      }

      expect(await wrong()).toMatchObject({ code: 'agent_locked' });
      expect(Date.parse(agents.find(id).lockedUntil ?? '') - clock.now.getTime()).toBe(MINUTE);
      // While locked even the right PIN is refused, and no try is counted.
      later(MINUTE - 1);
      await expect(agents.verify(id, '1234')).rejects.toMatchObject({ code: 'agent_locked' });
      later(1);
      expect(agents.find(id).lockedUntil).toBeNull();

      expect(await lockAfterFive()).toBe(2 * MINUTE);
      later(2 * MINUTE);
      expect(await lockAfterFive()).toBe(4 * MINUTE);
      later(4 * MINUTE);
      expect(await agents.verify(id, '1234')).toMatchObject({ name: 'Ana', lockedUntil: null, failedTries: 0 });
      expect(await lockAfterFive()).toBe(MINUTE);
    },
  );
});

describe('a locked agent or a forgotten PIN', () => {
  test('is unlocked or given a new PIN by an administrator only, through the channels', { timeout: 300_000 }, async () => {
    const { core: counter } = await core(null, { start: false });
    const dispatch = createDispatcher(counter.handlers);
    // The first administrator is signed in as they are added.
    expect(await dispatch('people:add', { name: 'Rita', role: 'administrator', pin: 'admin-pass' })).toMatchObject({ ok: true });
    expect(await dispatch('people:session', {})).toMatchObject({ ok: true, value: { agent: { name: 'Rita', role: 'administrator' } } });
    const bo = await dispatch('people:add', { name: 'Bo', role: 'agent', pin: '1111' });
    const cy = await dispatch('people:add', { name: 'Cy', role: 'supervisor', pin: '2222' });
    if (!bo.ok || !cy.ok) throw new Error('agents not added');
    const boId = (bo.value as { id: number }).id;
    const cyId = (cy.value as { id: number }).id;

    for (let i = 0; i < 4; i += 1)
      expect(await dispatch('people:sign-in', { agentId: boId, pin: '0000' })).toMatchObject({ error: { code: 'wrong_pin' } });
    expect(await dispatch('people:sign-in', { agentId: boId, pin: '0000' })).toMatchObject({ error: { code: 'agent_locked' } });
    // A wrong PIN left the administrator signed in; now a supervisor takes the counter.
    expect(await dispatch('people:sign-in', { agentId: cyId, pin: '2222' })).toMatchObject({ ok: true, value: { agent: { name: 'Cy' } } });
    for (const [channel, input] of [
      ['people:unlock', { agentId: boId }],
      ['people:reset-pin', { agentId: boId, pin: '3333' }],
      ['people:add', { name: 'Dee', role: 'agent', pin: '4444' }],
    ] as const) {
      expect(await dispatch(channel, input)).toMatchObject({
        ok: false,
        error: { code: 'role_required', message: expect.stringContaining('needs an administrator; Cy is signed in as a supervisor') },
      });
    }
    await dispatch('people:sign-out', {});
    expect(await dispatch('people:unlock', { agentId: boId })).toMatchObject({ ok: false, error: { code: 'sign_in_required' } });
    expect(await dispatch('people:sign-in', { agentId: boId, pin: '1111' })).toMatchObject({ ok: false, error: { code: 'agent_locked' } });

    expect(await dispatch('people:sign-in', { agentId: 1, pin: 'admin-pass' })).toMatchObject({ ok: true });
    expect(await dispatch('people:unlock', { agentId: boId })).toMatchObject({
      ok: true,
      value: { name: 'Bo', lockedUntil: null, failedTries: 0 },
    });
    expect(await dispatch('people:reset-pin', { agentId: boId, pin: '5555' })).toMatchObject({ ok: true, value: { name: 'Bo' } });
    expect(await dispatch('people:sign-in', { agentId: boId, pin: '1111' })).toMatchObject({ ok: false, error: { code: 'wrong_pin' } });
    expect(await dispatch('people:sign-in', { agentId: boId, pin: '5555' })).toMatchObject({
      ok: true,
      value: { agent: { name: 'Bo', role: 'agent' } },
    });
    const listed = await dispatch('people:list', {});
    expect(JSON.stringify(listed)).not.toMatch(/scrypt|pin_hash|5555|admin-pass/);
  });
});

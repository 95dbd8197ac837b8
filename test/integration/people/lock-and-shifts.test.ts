/** The locked screen, the shift change and the counter's own people settings, through the channels as the screens call them. */
import { describe, expect, test } from 'vitest';
import { createDispatcher } from '../../../electron/core/dispatch';
import { onTestProfile, quoteThroughEngine, useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';

const core = useCore();
const sandbox = useSandbox();

/** A counter on a test profile of the built-in service, with Rita its administrator (signed in) and Bo an agent. */
async function staffedCounter() {
  const service = await sandbox();
  const { core: counter } = await core(service);
  await onTestProfile(counter, service);
  const dispatch = createDispatcher(counter.handlers);
  // Rita, the first, is signed in as she is added.
  expect(await dispatch('people:add', { name: 'Rita', role: 'administrator', pin: '2468' })).toMatchObject({ ok: true });
  const rita = counter.agents.list().find((agent) => agent.name === 'Rita')?.id ?? 0;
  const bo = (await counter.agents.create('Bo', 'agent', '1111')).id;
  return { counter, dispatch, rita, bo };
}

describe('a locked screen', () => {
  test('acts for nobody until the same agent types the PIN; another agent signing in is a shift change', { timeout: 120_000 }, async () => {
    const { counter, dispatch, rita, bo } = await staffedCounter();
    expect(await dispatch('people:sign-in', { agentId: bo, pin: '1111' })).toMatchObject({ ok: true, value: { agent: { name: 'Bo' } } });

    expect(await dispatch('people:lock', {})).toMatchObject({ ok: true, value: { agent: { name: 'Bo' }, locked: true } });
    const quote = await quoteThroughEngine(counter);
    const hold = await dispatch('bookings:hold', { quote, paxAges: [30, 30] });
    expect(hold).toMatchObject({
      ok: false,
      error: { code: 'sign_in_required', message: 'Holding a stay on “Agency Test” needs a signed-in agent. The screen is locked.' },
    });

    // A wrong PIN leaves it locked, and says how many tries remain.
    expect(await dispatch('people:sign-in', { agentId: bo, pin: '0000' })).toMatchObject({
      ok: false,
      error: { code: 'wrong_pin', message: 'That is not Bo’s PIN. 4 tries remain before Bo is locked.' },
    });
    expect(await dispatch('people:session', {})).toMatchObject({ ok: true, value: { locked: true } });

    // Bo unlocks: the same agent, working again.
    expect(await dispatch('people:sign-in', { agentId: bo, pin: '1111' })).toMatchObject({
      ok: true,
      value: { agent: { name: 'Bo' }, locked: false, lastAgentId: bo },
    });
    expect(await dispatch('bookings:hold', { quote, paxAges: [30, 30] })).toEqual({ ok: true, value: expect.anything() });

    // Locked again, Rita signs in: the shift is hers, and the sign-in screen offers her first from now on.
    await dispatch('people:lock', {});
    expect(await dispatch('people:sign-in', { agentId: rita, pin: '2468' })).toMatchObject({
      ok: true,
      value: { agent: { name: 'Rita' }, locked: false, lastAgentId: rita },
    });
    const shifts = counter.audit.log
      .list({ limit: 10 })
      .map((entry) => `${entry.who?.name ?? '-'}: ${entry.what}`)
      .reverse();
    expect(shifts.slice(-5)).toEqual([
      'Bo: Locked the screen',
      'Bo: Agent “Bo” signed in: refused: That is not Bo’s PIN. 4 tries remain before Bo is locked.',
      'Bo: Agent “Bo” signed in',
      'Bo: Locked the screen',
      'Rita: Agent “Rita” signed in',
    ]);
  });

  test('with nobody signed in there is nothing to lock, and training never asks', { timeout: 60_000 }, async () => {
    const { dispatch } = await staffedCounter();
    await dispatch('people:sign-out', {});
    expect(await dispatch('people:lock', {})).toMatchObject({ ok: true, value: { agent: null, locked: false, signInRequired: true } });
    expect(await dispatch('profiles:activate', { id: 1 })).toMatchObject({ ok: true });
    expect(await dispatch('people:session', {})).toMatchObject({ ok: true, value: { signInRequired: false } });
  });
});

describe('an administrator', () => {
  test('changes roles but never leaves the counter without an administrator', { timeout: 60_000 }, async () => {
    const { dispatch, rita, bo } = await staffedCounter();
    expect(await dispatch('people:set-role', { agentId: bo, role: 'supervisor' })).toMatchObject({
      ok: true,
      value: { role: 'supervisor' },
    });
    expect(await dispatch('people:set-role', { agentId: rita, role: 'agent' })).toMatchObject({
      ok: false,
      error: { code: 'last_administrator', message: 'Rita is this counter’s only administrator and stays one.' },
    });
    expect(await dispatch('people:set-role', { agentId: bo, role: 'administrator' })).toMatchObject({ ok: true });
    expect(await dispatch('people:set-role', { agentId: rita, role: 'supervisor' })).toMatchObject({ ok: true });
    // Rita is a supervisor now: setting roles is no longer hers.
    expect(await dispatch('people:set-role', { agentId: bo, role: 'agent' })).toMatchObject({
      ok: false,
      error: { code: 'role_required', hint: 'Ask Bo to sign in and do it.' },
    });
  });

  test('sets the idle lock in whole minutes, kept across a restart of the session', { timeout: 60_000 }, async () => {
    const { dispatch } = await staffedCounter();
    expect(await dispatch('people:session', {})).toMatchObject({ ok: true, value: { idleLockMinutes: 5 } });
    expect(await dispatch('people:set-idle-lock', { minutes: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('At least 1 minute.') },
    });
    expect(await dispatch('people:set-idle-lock', { minutes: 12 })).toMatchObject({ ok: true, value: { idleLockMinutes: 12 } });
    await dispatch('people:sign-out', {});
    expect(await dispatch('people:session', {})).toMatchObject({ ok: true, value: { idleLockMinutes: 12 } });
  });
});

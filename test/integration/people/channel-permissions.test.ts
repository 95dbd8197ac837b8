/**
 * Every channel of shared/ipc.ts called as a compromised renderer would (through the dispatcher,
 * with inputs its schemas accept), against the real core on loopback: no write is reachable on a
 * test profile without a signed-in agent of the right role once an administrator exists, and with
 * no administrator nothing asks for anyone (a fresh install trains with no set-up).
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createDispatcher } from '../../../electron/core/dispatch';
import { channelNames, channels } from '../../../shared/ipc';
import type { ChannelName } from '../../../shared/ipc';
import { approvalChannelSchema, ROLE_ORDER } from '../../../shared/people';
import type { Role } from '../../../shared/people';
import { channelPermissions } from '../../../shared/permissions';
import { heldBooking, onTestProfile, quoteThroughEngine, useCore, waitUntil } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';
import { channelSamples } from './channel-samples';

const sandbox = useSandbox();
const core = useCore();
const tempDir = useTempDir();

/**
 * What anyone at the counter may call, decided here apart from the table: reads, signing in, and
 * the trainer's panel (whose handlers refuse it outside a training profile). Every other channel
 * changes something, and is the test's to find refused.
 */
const OPEN_TO_ANYONE = new Set<ChannelName>([
  'app:status',
  'language:get',
  'profiles:list',
  'packages:search',
  'bookings:price',
  'bookings:refresh',
  'bookings:preview-change',
  'history:list',
  'history:version',
  'history:get',
  'history:attention',
  'history:agents',
  'agency:status',
  'agency:settings',
  'restore:notice',
  'people:list',
  'people:session',
  'people:sign-in',
  'people:sign-out',
  'people:lock',
  'audit:verify',
  // Reading how updates stand, and a look at the feed (which installs nothing), as Help → Check for Updates… does.
  'updates:status',
  'updates:check',
  ...channelNames.filter((name) => name.startsWith('training:')),
]);

const PERMISSION_REFUSALS = ['sign_in_required', 'role_required', 'approval_required'];
const ADMIN_PIN = '2468';

/** Locking and signing out last, so the calls before them still run as the agent signed in. */
const LAST = ['people:lock', 'people:sign-out'] as const;
const inCallOrder = [...channelNames.filter((name) => !(LAST as readonly string[]).includes(name)), ...LAST];

/** The files a refused call must leave as they were: the counter's settings and ledger, and the service's own. */
function snapshot(files: string[]): string {
  return files
    .map((file) => {
      const db = new DatabaseSync(file, { readOnly: true });
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
        name: string;
      }[];
      const content = tables.map(({ name }) => `${name}: ${JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all())}`).join('\n');
      db.close();
      return content;
    })
    .join('\n---\n');
}

/** A counter on a test profile of its own organization at the built-in service, with a Pending booking there. */
async function counterOnTestProfile() {
  const serviceFile = join(tempDir(), 'service.db');
  const service = await sandbox({ dataFile: serviceFile });
  const { core: counter, dataDir } = await core(service);
  const profile = await onTestProfile(counter, service);
  const { booking, quote } = await heldBooking(counter);
  const dispatch = createDispatcher(counter.handlers);
  const files = [join(dataDir, 'settings.db'), join(dataDir, 'ledger.db'), serviceFile];
  let calls = 0;
  const samples = (spareAgentId: number) =>
    channelSamples({
      profileId: profile.id,
      profileName: profile.name,
      baseUrl: profile.baseUrl,
      statusRules: profile.statusRules,
      bookingId: booking.id,
      quote,
      spareAgentId,
      suffix: String((calls += 1)),
    });
  return { counter, dispatch, samples, files, profile, booking };
}

async function addAgent(counter: Core, name: string, role: Role, pin: string): Promise<number> {
  return (await counter.agents.create(name, role, pin)).id;
}

describe('the permission table', () => {
  test('names every channel, and the sample inputs of this test are accepted by every schema', () => {
    expect(Object.keys(channelPermissions).sort()).toEqual([...channelNames].sort());
    const samples = channelSamples({
      profileId: 2,
      profileName: 'Agency Test',
      baseUrl: 'https://api.example.com',
      statusRules: { final: [], confirmed: [], awaitingSupplier: [], notCancellable: [], modifiable: [] },
      bookingId: 1,
      quote: {
        available: true,
        packageId: 1,
        packageTitle: 'Lisbon',
        propertyId: 1,
        propertyName: 'Hotel',
        checkIn: '2027-01-10',
        checkOut: '2027-01-13',
        adults: 2,
        availabilityId: 1,
        totalMinor: 1000,
        currency: 'EUR',
        nights: 3,
        perNightMinor: 333,
      },
      spareAgentId: 1,
      suffix: '1',
    });
    for (const name of channelNames) expect([name, channels[name].input.safeParse(samples[name]).success]).toEqual([name, true]);
    const marked = channelNames.filter((name) => channelPermissions[name].approval);
    expect(marked.sort()).toEqual([...approvalChannelSchema.options].sort());
  });
});

describe('a compromised renderer calling every channel on a test profile', () => {
  test('with no administrator, nothing asks who is working: every channel is reached as before', { timeout: 120_000 }, async () => {
    const { counter, dispatch, samples } = await counterOnTestProfile();
    const inputs = samples(NaN);
    // No agent exists yet, so the samples name agent 1, which is not there.
    inputs['people:sign-in'] = { agentId: 1, pin: 'not-the-pin' };
    inputs['people:unlock'] = { agentId: 1 };
    inputs['people:reset-pin'] = { agentId: 1, pin: '8765' };
    for (const channel of inCallOrder) {
      const result = await dispatch(channel, inputs[channel]);
      const code = result.ok ? null : result.error.code;
      expect([channel, PERMISSION_REFUSALS.includes(code ?? '')]).toEqual([channel, false]);
    }
    // The first person added is an administrator; an agent first is refused by its handler, not by a permission.
    expect(await dispatch('people:add', inputs['people:add'])).toMatchObject({ ok: false, error: { code: 'administrator_first' } });
    expect(counter.agents.hasAdministrator()).toBe(false);
  });

  test(
    'once an administrator exists and nobody is signed in, no channel that changes anything is reached, and nothing is written anywhere',
    { timeout: 120_000 },
    async () => {
      const { counter, dispatch, samples, files, profile } = await counterOnTestProfile();
      expect(await dispatch('people:add', { name: 'Rita', role: 'administrator', pin: ADMIN_PIN })).toMatchObject({ ok: true });
      expect(await dispatch('people:sign-out', {})).toMatchObject({ ok: true, value: { agent: null, signInRequired: true } });
      const inputs = samples(await addAgent(counter, 'Spare', 'agent', '1357'));
      const guarded = inCallOrder.filter((name) => !OPEN_TO_ANYONE.has(name));
      expect(guarded.length).toBeGreaterThan(20);

      const before = snapshot(files);
      for (const channel of guarded) {
        const result = await dispatch(channel, inputs[channel]);
        expect([channel, result]).toEqual([
          channel,
          {
            ok: false,
            error: { code: 'sign_in_required', message: expect.stringContaining('Nobody is signed in'), hint: expect.any(String) },
          },
        ]);
        if (!result.ok) expect(result.error.message).toContain(channelPermissions[channel].does.defaultMessage);
      }
      expect(snapshot(files)).toBe(before);

      for (const channel of inCallOrder.filter((name) => OPEN_TO_ANYONE.has(name))) {
        const result = await dispatch(channel, inputs[channel]);
        expect([channel, result.ok || !PERMISSION_REFUSALS.includes(result.error.code)]).toEqual([channel, true]);
      }
      // The words name the profile and who may do it.
      expect(await dispatch('bookings:cancel', inputs['bookings:cancel'])).toMatchObject({
        error: { message: `Cancelling a booking on “${profile.name}” needs a signed-in agent. Nobody is signed in.` },
      });
    },
  );

  test('signed in, each role reaches what its line in the table allows and is told who may do the rest', { timeout: 300_000 }, async () => {
    const { counter, dispatch, samples } = await counterOnTestProfile();
    await addAgent(counter, 'Rita', 'administrator', ADMIN_PIN);
    const spare = await addAgent(counter, 'Spare', 'agent', '1357');
    const pins: Record<Role, string> = { agent: '1111', supervisor: '2222', administrator: ADMIN_PIN };
    const ids: Record<Role, number> = {
      agent: await addAgent(counter, 'Bo', 'agent', pins.agent),
      supervisor: await addAgent(counter, 'Cy', 'supervisor', pins.supervisor),
      administrator: 1,
    };
    const approved = new Set<ChannelName>();
    for (const role of ROLE_ORDER) {
      expect(await dispatch('people:sign-in', { agentId: ids[role], pin: pins[role] })).toMatchObject({
        ok: true,
        value: { agent: { role } },
      });
      const inputs = samples(spare);
      for (const channel of inCallOrder) {
        const { need } = channelPermissions[channel];
        let result = await dispatch(channel, inputs[channel]);
        const allowed = need === 'anyone' || ROLE_ORDER.indexOf(role) >= ROLE_ORDER.indexOf(need);
        if (!result.ok && result.error.code === 'approval_required') {
          // Only a channel the table marks asks for approval; the supervisor approves, and the call goes through.
          expect([channel, channelPermissions[channel].approval]).toEqual([channel, true]);
          const input = inputs[channel] as { bookingId?: number; profileId?: number; id?: number };
          const target = input.bookingId ?? input.profileId ?? input.id;
          expect(await dispatch('people:approve', { agentId: ids.supervisor, pin: pins.supervisor, channel, target })).toMatchObject({
            ok: true,
          });
          result = await dispatch(channel, inputs[channel]);
          approved.add(channel);
        }
        const code = result.ok ? null : result.error.code;
        if (allowed) expect([role, channel, PERMISSION_REFUSALS.includes(code ?? '')]).toEqual([role, channel, false]);
        else expect([role, channel, code]).toEqual([role, channel, 'role_required']);
      }
    }
    // The marked channels that always ask were approved; a cancel asks only if the booking is Paid by then (the refund test below).
    expect([...approved].filter((name) => name !== 'bookings:cancel').sort()).toEqual([
      'agency:connect',
      'agency:disconnect',
      'bookings:resolve-change',
      'keys:delete',
      'keys:set',
    ]);
    expect(await dispatch('people:sign-in', { agentId: ids.agent, pin: pins.agent })).toMatchObject({ ok: true });
    expect(await dispatch('restore:discard-write', { id: 7 })).toMatchObject({
      ok: false,
      error: {
        code: 'role_required',
        message: 'Discarding a write held since a restore needs a supervisor or an administrator; Bo is signed in as an agent.',
        hint: 'Ask Cy or Rita to sign in and do it.',
      },
    });
  });

  test(
    'on a training profile nobody is asked, but a call that reaches a test profile or the counter still is',
    { timeout: 120_000 },
    async () => {
      const { counter, dispatch, profile, booking } = await counterOnTestProfile();
      await addAgent(counter, 'Rita', 'administrator', ADMIN_PIN);
      const bo = await addAgent(counter, 'Bo', 'agent', '1111');
      // A hold Bo made on the test profile before signing out.
      await dispatch('people:sign-in', { agentId: bo, pin: '1111' });
      const testQuote = await quoteThroughEngine(counter);
      const testHold = await dispatch('bookings:hold', { quote: testQuote, paxAges: Array.from({ length: testQuote.adults }, () => 30) });
      if (!testHold.ok) throw new Error('no hold on the test profile');
      await dispatch('people:sign-out', {});
      expect(await dispatch('profiles:activate', { id: 1 })).toMatchObject({ ok: true });
      expect(await dispatch('people:session', {})).toMatchObject({ ok: true, value: { agent: null, signInRequired: false } });

      // A hold on Training is made with no one signed in.
      const quote = await quoteThroughEngine(counter);
      expect(await dispatch('bookings:hold', { quote, paxAges: Array.from({ length: quote.adults }, () => 30) })).toMatchObject({
        ok: true,
      });
      // The test profile's hold and booking, named while Training is active, are that profile's.
      const holder = { name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' };
      expect(await dispatch('bookings:prebook', { holdId: (testHold.value as { holdId: string }).holdId, holder })).toMatchObject({
        ok: false,
        error: { code: 'sign_in_required' },
      });
      expect(await dispatch('bookings:cancel', { bookingId: booking.id, reason: 'Traveler changed plans', confirmed: true })).toMatchObject(
        {
          ok: false,
          error: { code: 'sign_in_required' },
        },
      );
      expect(await dispatch('profiles:activate', { id: profile.id })).toMatchObject({ ok: false, error: { code: 'sign_in_required' } });
      expect(await dispatch('keys:delete', { profileId: profile.id, slot: 'test' })).toMatchObject({
        ok: false,
        error: { code: 'sign_in_required' },
      });
      expect(await dispatch('people:add', { name: 'Dee', role: 'agent', pin: '4444' })).toMatchObject({
        ok: false,
        error: { code: 'sign_in_required' },
      });
    },
  );

  test(
    'a refund waits for a supervisor’s PIN: refused with nothing sent, approved once for that booking only',
    { timeout: 180_000 },
    async () => {
      const { counter, dispatch, booking, profile } = await counterOnTestProfile();
      await addAgent(counter, 'Rita', 'administrator', ADMIN_PIN);
      const bo = await addAgent(counter, 'Bo', 'agent', '1111');
      const cy = await addAgent(counter, 'Cy', 'supervisor', '2222');
      await dispatch('people:sign-in', { agentId: bo, pin: '1111' });
      expect(await dispatch('payments:pay', { bookingId: booking.id, paymentMethodId: 'pm_card_visa' })).toMatchObject({ ok: true });
      await waitUntil(
        () => counter.ledger.get(booking.id)?.status,
        (status) => status === 'Paid',
      );
      const timeline = counter.ledger.timeline(booking.id);
      const cancel = { bookingId: booking.id, reason: 'Traveler changed plans', confirmed: true };

      expect(await dispatch('bookings:cancel', cancel)).toEqual({
        ok: false,
        error: {
          code: 'approval_required',
          message: `Cancelling a booking on “${profile.name}” needs a supervisor’s approval in the moment. Nothing was sent.`,
          hint: 'Have Cy or Rita type their PIN to approve it, then do it again.',
        },
      });
      const approve = (agentId: number, pin: string, target = booking.id) =>
        dispatch('people:approve', { agentId, pin, channel: 'bookings:cancel', target });
      expect(await approve(bo, '1111')).toMatchObject({ ok: false, error: { code: 'role_required' } });
      expect(await approve(cy, '9999')).toMatchObject({ ok: false, error: { code: 'wrong_pin' } });
      // An approval of another booking's refund does not let this one through.
      expect(await approve(cy, '2222', booking.id + 1)).toMatchObject({ ok: true, value: { approver: { name: 'Cy' } } });
      expect(await dispatch('bookings:cancel', cancel)).toMatchObject({ ok: false, error: { code: 'approval_required' } });
      expect(counter.ledger.get(booking.id)).toMatchObject({ status: 'Paid', inFlight: null });
      expect(counter.ledger.timeline(booking.id)).toEqual(timeline);

      expect(await approve(cy, '2222')).toMatchObject({ ok: true });
      expect(await dispatch('bookings:cancel', cancel)).toMatchObject({ ok: true });
      await waitUntil(
        () => counter.ledger.get(booking.id)?.status,
        (status) => status === 'Cancelled',
      );
      // Spent: the next call of a marked channel on it asks again.
      expect(
        await dispatch('people:approve', { agentId: cy, pin: '2222', channel: 'bookings:resolve-change', target: booking.id }),
      ).toMatchObject({ ok: true });
      expect(await dispatch('bookings:resolve-change', { bookingId: booking.id, outcome: 'paid', note: 'x' })).not.toMatchObject({
        error: { code: 'approval_required' },
      });
      expect(await dispatch('bookings:resolve-change', { bookingId: booking.id, outcome: 'paid', note: 'x' })).toMatchObject({
        error: { code: 'approval_required' },
      });
    },
  );
});

import { describe, expect, test } from 'vitest';
import { createDispatcher } from '../../../electron/core/dispatch';
import { createTrainer } from '../../../electron/core/training/trainer';
import { formatMoney } from '../../../shared/format';
import { channels } from '../../../shared/ipc';
import type { ChannelName } from '../../../shared/ipc';
import type { ScenarioView } from '../../../shared/training';
import { heldBooking, quoteThroughEngine, useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';

const sandbox = useSandbox();
const startCore = useCore();

const on = (scenarios: ScenarioView[]) => scenarios.filter((scenario) => scenario.on).map((scenario) => scenario.id);

describe('the trainer’s scenarios', () => {
  test('a scenario turned on changes what the built-in service does until it is turned off; all back to normal ends every one', async () => {
    const service = await sandbox();
    const { core } = await startCore(service);
    const started = { ...service.controls.current };
    const told: string[][] = [];
    core.events.subscribe((event) => {
      if (event.name === 'event:training-change') told.push(on(event.payload.scenarios));
    });

    const { booking } = await heldBooking(core);
    const declined = await core.handlers['training:set-scenario']({ id: 'card-declined', on: true });
    expect(on(declined.scenarios)).toEqual(['card-declined']);
    await expect(core.payments.pay(booking.id, { paymentMethodId: 'pm_card_visa' })).rejects.toMatchObject({ code: 'card_declined' });

    await core.handlers['training:set-scenario']({ id: 'supplier-slow', on: true });
    expect(service.controls.current).toMatchObject({ cardOutcome: 'decline', supplierDelayMs: 120_000 });
    const normal = await core.handlers['training:all-normal']({});
    expect(on(normal.scenarios)).toEqual([]);
    expect(service.controls.current).toEqual(started);
    await expect(core.payments.pay(booking.id, { paymentMethodId: 'pm_card_visa' })).resolves.toMatchObject({ id: booking.id });
    expect(told).toEqual([['card-declined'], ['supplier-slow', 'card-declined'], []]);
  });

  test('each scenario says when it ends, and ends by itself then, the others staying on', async () => {
    const service = await sandbox();
    let now = Date.parse('2027-03-01T10:00:00Z');
    const timers: { end: () => void; ms: number }[] = [];
    const told: string[][] = [];
    const trainer = createTrainer({
      controls: () => service.controls,
      now: () => now,
      schedule: (end, ms) => {
        timers.push({ end, ms });
        return () => {};
      },
      onChange: (scenarios) => told.push(on(scenarios)),
    });
    trainer.set('busy', true);
    now += 60_000;
    const down = trainer.set('service-down', true).find((scenario) => scenario.id === 'service-down');
    expect(down).toMatchObject({ on: true, endsAt: '2027-03-01T10:06:00.000Z' });
    expect(service.controls.current).toMatchObject({ errorRate: 1, rateLimitRate: 0.5 });
    // The service is down for 5 minutes from now: that is the next end to wait for, sooner than busy's.
    const next = timers.at(-1);
    expect(next?.ms).toBe(5 * 60_000);
    now += 5 * 60_000;
    next?.end();
    expect(service.controls.current).toMatchObject({ errorRate: 0, rateLimitRate: 0.5 });
    expect(told.at(-1)).toEqual(['busy']);
  });

  test.each(['live', 'test'] as const)(
    'nothing of the trainer answers on a %s profile: every channel refuses, and nothing of the training profile changes',
    async (kind) => {
      const service = await sandbox();
      const { core } = await startCore(service);
      const dispatch = createDispatcher(core.handlers);
      await core.payments.pay((await heldBooking(core)).booking.id, { paymentMethodId: 'pm_card_visa' });
      const other = await core.profiles.create({ name: 'Agency', kind, baseUrl: service.url, keys: {} });
      await core.profiles.activate(other.id);
      // Every channel of the trainer, with a valid input: all of them answer only on a training profile.
      const calls: Record<Extract<ChannelName, `training:${string}`>, unknown> = {
        'training:scenarios': {},
        'training:set-scenario': { id: 'service-down', on: true },
        'training:all-normal': {},
        'training:exercises': {},
        'training:start-exercise': { id: 'card-declined' },
        'training:check-exercise': {},
        'training:report': {},
        'training:save-report-pdf': {},
        'training:fresh-day': {},
        'training:add-trainee': { name: 'Smuggled trainee' },
      };
      const trainingChannels = Object.keys(channels).filter((name) => name.startsWith('training:'));
      expect(Object.keys(calls).sort()).toEqual(trainingChannels.sort());
      for (const [channel, input] of Object.entries(calls))
        expect([channel, await dispatch(channel, input)]).toMatchObject([channel, { ok: false, error: { code: 'training_only' } }]);

      // The service was not put through a bad day, no exercise began, no trainee was added, no booking was removed.
      expect(service.controls.current).toMatchObject({ errorRate: 0, cardOutcome: 'as_card' });
      expect((await core.profiles.list()).profiles.map((profile) => profile.name).sort()).toEqual(['Agency', 'Training']);
      expect(core.profiles.active().id).toBe(other.id);
      await core.profiles.activate(1);
      expect((await core.handlers['training:exercises']({})).underWay).toBeNull();
      expect(core.ledger.list({ profileId: 1 }).rows).toHaveLength(1);
    },
  );

  test('a trainee’s training profile cannot be given a key or pointed at another service, and a training profile cannot be made by hand', async () => {
    const service = await sandbox();
    const { core } = await startCore(service);
    const dispatch = createDispatcher(core.handlers);
    const trainee = await core.handlers['training:add-trainee']({ name: 'Ana' });
    for (const [slot, value] of [
      ['live', 'sk_live_abcdefgh1234'],
      ['publishable', 'pk_live_abcdefgh1234'],
      ['test', 'sk_test_abcdefgh1234'],
    ] as const)
      expect(await dispatch('keys:set', { profileId: trainee.id, slot, value })).toMatchObject({
        ok: false,
        error: { code: 'builtin_profile_locked' },
      });
    expect(await dispatch('profiles:update', { id: trainee.id, name: 'Ana', baseUrl: 'https://api.agency.example' })).toMatchObject({
      ok: false,
      error: { code: 'builtin_profile_locked' },
    });
    expect(
      await dispatch('profiles:create', {
        name: 'Live rehearsal',
        kind: 'training',
        baseUrl: 'https://api.agency.example',
        keys: { live: 'sk_live_abcdefgh1234' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // The trainee's profile still books on the built-in service, with the keys it provides.
    expect(core.profiles.find(trainee.id)).toMatchObject({ kind: 'training', builtIn: true, baseUrl: '' });
    const keys = (await core.profiles.list()).profiles.find((profile) => profile.id === trainee.id)?.keys;
    expect(Object.values(keys ?? {}).map((status) => status.state)).toEqual(['provided', 'provided', 'provided']);
  });

  test.each(['standard', 'alternate'] as const)(
    'price rises (%s dialect): the hold is refused, and the agent is told the new price, not a bare refusal; the stay priced again holds',
    async (dialect) => {
      const service = await sandbox({ dialect });
      const { core } = await startCore(service);
      const quote = await quoteThroughEngine(core, 2);
      await core.handlers['training:set-scenario']({ id: 'price-rises', on: true });
      const risen = formatMoney(Math.round(quote.totalMinor * 1.1), quote.currency);
      await expect(core.engine.startHold(quote, [30, 31])).rejects.toMatchObject({
        code: 'price_changed',
        message: `The price of this stay changed after it was quoted: ${risen} instead of ${formatMoney(quote.totalMinor, quote.currency)}. Nothing was held.`,
      });
      const again = await core.engine.price(quote);
      expect(again.available && again.totalMinor).toBe(Math.round(quote.totalMinor * 1.1));
      if (!again.available) return;
      await expect(core.engine.startHold(again, [30, 31])).resolves.toMatchObject({ totalMinor: again.totalMinor });
    },
  );
});

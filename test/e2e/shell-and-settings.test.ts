import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import keytar from 'keytar';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { focusedName } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { PRODUCT_NAME } from '../../shared/i18n/messages';
import { say, sayingFirst } from './words';

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.close();
});

describe('first start', () => {
  test('opens in training mode on the Training profile, with no set-up', async () => {
    const { page } = harness;
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toBe(say('profile.mode.training'));
    await expect.poll(() => page.getByRole('status', { name: say('component.trainingBanner.label') }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('textbox', { name: say('frame.activeProfile') }).inputValue())
      .toBe(say('frame.activeProfile.choice', { name: 'Training', mode: say('profile.mode.training') }));
    await harness.screenshot('shell-training');

    await page.keyboard.press('Control+Comma');
    const training = page
      .getByRole('region', { name: say('settings.profile.card', { name: 'Training' }) })
      .or(page.getByLabel(say('settings.profile.card', { name: 'Training' })));
    await expect.poll(() => training.getByText(say('settings.profile.inUse')).isVisible()).toBe(true);
    await expect.poll(() => training.getByText(say('settings.profile.builtIn')).isVisible()).toBe(true);
    await harness.screenshot('settings-training');
  });
});

describe('the online indicator', () => {
  test('shows Online while the training service answers, and Offline once it stops', async () => {
    const { page } = harness;
    await page.evaluate(() => window.packdesk['profiles:activate']({ id: 1 }));
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe(say('component.connectivity.online'));
    await harness.stopTrainingService();
    await expect.poll(() => page.getByTestId('connectivity').textContent(), { timeout: 5000 }).toBe(say('component.connectivity.offline'));
    await harness.screenshot('shell-offline');
  });
});

describe('profiles and keys', () => {
  test('a new profile keeps its keys in the system keyring and shows only their last four characters', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: sayingFirst('nav.settings') }).click();
    await page.getByRole('button', { name: say('settings.profiles.add') }).click();
    const form = page.getByRole('form', { name: say('settings.addProfile.title') }).or(page.getByLabel(say('settings.addProfile.title')));
    await form.getByLabel(say('settings.addProfile.name')).fill('Sunway Travel – test mode');
    await form.getByLabel(say('settings.addProfile.baseUrl')).fill('https://api.example-booking.test');
    await form.getByLabel(say('settings.key.slot.test')).fill('sk_test_51TestKeyAbCdWXyz');
    await form.getByLabel(say('settings.key.slot.live')).fill('sk_live_51LiveKeyEfGh9876');
    await form.getByLabel(say('settings.key.slot.publishable')).fill('pk_test_51PubKeyIjKl4321');
    // The counter's first real profile makes whoever adds it its administrator.
    await form.getByLabel(say('settings.addProfile.administrator.name')).fill('Rita Alves');
    await form.getByLabel(say('settings.addProfile.administrator.pin')).fill('2468');
    await form.getByLabel(say('settings.addProfile.administrator.pinAgain')).fill('2468');
    await harness.screenshot('settings-add-profile');
    await form.getByRole('button', { name: say('settings.addProfile.save') }).click();

    const card = page.getByLabel(say('settings.profile.card', { name: 'Sunway Travel – test mode' }));
    await expect.poll(() => card.getByTestId('key-test').getByTestId('key-status').textContent()).toBe('•••• WXyz');
    await expect.poll(() => card.getByTestId('key-live').getByTestId('key-status').textContent()).toBe('•••• 9876');
    await expect.poll(() => card.getByTestId('key-publishable').getByTestId('key-status').textContent()).toBe('•••• 4321');

    // The keys are in the real keyring, and nowhere in the page.
    const stored = await keytar.findCredentials(harness.keychainService);
    expect(stored.map((entry) => entry.password).sort()).toEqual(
      ['pk_test_51PubKeyIjKl4321', 'sk_live_51LiveKeyEfGh9876', 'sk_test_51TestKeyAbCdWXyz'].sort(),
    );
    const html = await page.content();
    expect(html).not.toContain('sk_live_51LiveKeyEfGh9876');
    expect(html).not.toContain('sk_test_51TestKeyAbCdWXyz');

    await card.getByRole('button', { name: say('settings.profile.use') }).click();
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toBe(say('profile.mode.test'));
    await expect.poll(() => page.getByRole('status', { name: say('component.trainingBanner.label') }).count()).toBe(0);
    await harness.screenshot('settings-profiles');
  });

  test('a key with the wrong prefix is refused with a message that says which prefix it needs', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: sayingFirst('nav.settings') }).click();
    await page.getByRole('button', { name: say('settings.profiles.add') }).click();
    const form = page.getByLabel(say('settings.addProfile.title'));
    await form.getByLabel(say('settings.addProfile.name')).fill('Sunway Travel live');
    await form.getByText(say('settings.addProfile.kind.live')).click();
    await form.getByLabel(say('settings.addProfile.baseUrl')).fill('https://api.example-booking.test');
    await form.getByLabel(say('settings.key.slot.publishable')).fill('pk_test_51PubKeyIjKl4321');
    await form.getByRole('button', { name: say('settings.addProfile.save') }).click();

    await expect
      .poll(() =>
        form
          .getByText(say('validation.profiles.keyWrongPrefix', { slot: 'publishable', kind: 'live', prefix: 'pk_live_', seen: 'pk_test_' }))
          .isVisible(),
      )
      .toBe(true);
    await harness.screenshot('settings-key-refused');
    // Nothing was saved: no profile, no key.
    expect((await harness.core.profiles.list()).profiles.map((profile) => profile.name)).toEqual(['Training']);
    expect(await keytar.findCredentials(harness.keychainService)).toEqual([]);
  });

  test('the main process refuses a wrong key even if the screen lets it through', async () => {
    const { page } = harness;
    const result = await page.evaluate(() =>
      window.packdesk['profiles:create']({
        name: 'Bypass',
        kind: 'live',
        baseUrl: 'https://api.example.test',
        keys: { live: 'sk_test_51abcdefghij' },
      }),
    );
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'key_prefix_mismatch',
        message: expect.stringContaining(
          say('validation.profiles.keyWrongPrefix', { slot: 'live', kind: 'live', prefix: 'sk_live_', seen: 'sk_test_' }),
        ),
      }),
    });
    expect(await keytar.findCredentials(harness.keychainService)).toEqual([]);
  });

  test('a new address: the form warns, main asks naming both hosts, declined nothing moves; confirmed the keys are deleted and never reach it', async () => {
    const { page } = harness;
    const service = harness.training;
    if (!service) throw new Error('no training service');
    // A live profile on a service on this computer, with the keys its organization was given.
    const agency = service.createOrganization('Sunway Travel');
    const created = await page.evaluate(
      async ({ baseUrl, testKey, liveKey }) => {
        const answer = await window.packdesk['profiles:create']({
          name: 'Sunway live',
          kind: 'live',
          baseUrl,
          keys: { test: testKey, live: liveKey, publishable: 'pk_live_51PubKeyIjKl4321' },
        });
        if (answer.ok) await window.packdesk['profiles:activate']({ id: answer.value.id });
        return answer.ok;
      },
      { baseUrl: service.url, ...agency },
    );
    expect(created).toBe(true);
    // "Our API moved": a server that keeps the Authorization header of whatever reaches it.
    const reached: (string | null)[] = [];
    const phisher = createServer((request, response) => {
      reached.push(request.headers.authorization ?? null);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[]}');
    });
    await new Promise<void>((resolve) => phisher.listen(0, '127.0.0.1', resolve));
    const phisherUrl = `http://127.0.0.1:${(phisher.address() as AddressInfo).port}`;
    const [oldHost, newHost] = [new URL(service.url).host, new URL(phisherUrl).host];
    harness.agentQuestions.answers.push(false, true);

    try {
      await page.keyboard.press('Control+Comma');
      const card = page.getByLabel(say('settings.profile.card', { name: 'Sunway live' }));
      await card.getByRole('button', { name: say('settings.profile.edit') }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedName(page)).toBe(say('settings.profile.name'));
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+a');
      await page.keyboard.type(phisherUrl);
      const warning = card.getByRole('note', { name: say('settings.profile.moving') });
      await expect
        .poll(() => warning.textContent())
        .toContain(say('settings.profile.moving.text', { host: oldHost, product: PRODUCT_NAME }));
      await harness.screenshot('settings-address-change');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe(say('settings.profile.save'));

      // Declined in main's own question: the form stays, says so, and the profile is as it was.
      await page.keyboard.press('Enter');
      const refused = card.getByRole('alert');
      await expect.poll(() => refused.getAttribute('data-code')).toBe('address_change_declined');
      expect(await refused.textContent()).toContain(say('error.profiles.moveDeclined.message', { profile: 'Sunway live', host: oldHost }));
      expect(harness.agentQuestions.asked.map((question) => question.message)).toEqual([
        say('main.addressChange.message', { profile: 'Sunway live', old: oldHost, next: newHost }),
      ]);
      expect(harness.core.profiles.find(harness.core.profiles.activeProfileId()).baseUrl).toBe(service.url);
      expect(await focusedName(page)).toBe(say('settings.profile.save'));

      // Confirmed: the address changes, the keys are gone from the keyring, and the focus is back on Edit.
      await page.keyboard.press('Enter');
      await expect.poll(() => card.getByText(phisherUrl).isVisible()).toBe(true);
      await expect.poll(() => focusedName(page)).toBe(say('settings.profile.edit'));
      expect(await card.getByTestId('key-live').getByTestId('key-status').textContent()).toBe(say('settings.key.missing'));
      expect(await keytar.findCredentials(harness.keychainService)).toEqual([]);

      // The agent searches as before: told the key is missing, and nothing with a key reached the new address.
      await page.keyboard.press('Control+n');
      await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
      await page.keyboard.type('lisbon');
      await expect.poll(() => page.getByRole('alert').getAttribute('data-code')).toBe('key_missing');
      await harness.core.connectivity.refresh();
      expect(reached.length).toBeGreaterThan(0);
      expect(reached.filter((authorization) => authorization !== null)).toEqual([]);
    } finally {
      await new Promise((resolve) => phisher.close(resolve));
    }
  });
});

/** People at the counter in the browser, by keyboard: sign-in, the locked screen, a shift change, and a refund a supervisor approves or not. */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { focusedName, paidByEngine } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, sayCount, sayMatching, sayingFirst } from './words';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  harness = undefined;
  expect(errors).toEqual([]);
});

const RITA_PIN = '2468';
const BO_PIN = '1357';

/** A counter on a test profile of the built-in service with two people: Rita its administrator, Bo an agent. Nobody signed in. */
async function staffedCounter({ onTestProfile = true } = {}): Promise<Harness> {
  const started = await startHarness();
  const training = started.training;
  if (!training) throw new Error('no training service');
  const profile = await started.core.profiles.create({
    name: 'Sunway Travel test mode',
    kind: 'test',
    baseUrl: training.url,
    keys: { test: training.keys.testKey, live: training.keys.liveKey },
  });
  await started.core.agents.create('Rita Alves', 'administrator', RITA_PIN);
  await started.core.agents.create('Bo Tanaka', 'agent', BO_PIN);
  if (onTestProfile) await started.core.profiles.activate(profile.id);
  await started.page.reload();
  return started;
}

/** Counts the keys pressed, as the counted flows do. */
function keyCounter(page: Page) {
  const counted = { keys: 0 };
  return Object.assign(counted, {
    press: async (key: string) => {
      counted.keys += 1;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      counted.keys += text.length;
      await page.keyboard.type(text);
    },
  });
}

/** Signs in as the agent does: part of the name, Enter at once (not waiting for the list), the PIN, Enter. */
async function signInByKeys(page: Page, typedName: string, pin: string) {
  await expect.poll(() => focusedName(page)).toBe(say('audit.filters.agent'));
  await page.keyboard.type(typedName);
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toBe(say('people.pin.label'));
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
}

const signIn = (page: Page) => page.getByRole('dialog', { name: say('people.signIn.label') });
const agentChip = (page: Page) => page.getByTestId('agent-chip');

describe('who is working', () => {
  test('a live or test profile asks for a name and PIN; Ctrl+L locks and the PIN and Enter open it; Ctrl+Shift+L hands over', async () => {
    harness = await staffedCounter();
    const { page } = harness;
    await expect.poll(() => signIn(page).getByRole('heading').textContent()).toBe(say('people.signIn.whoIsWorking'));
    // Nothing of the counter's work shows behind it.
    expect(await page.getByRole('navigation', { name: say('frame.navigation') }).count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe(say('audit.filters.agent'));

    // Enter right after the typed name takes it, whether or not the list has highlighted it yet.
    await page.keyboard.type('Bo');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(say('people.pin.label'));
    await page.keyboard.type(BO_PIN);
    await harness.screenshot('sign-in');
    await page.keyboard.press('Enter');
    await expect.poll(() => agentChip(page).textContent()).toContain('Bo Tanaka');
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toBe(say('profile.mode.test'));

    // Locked in the middle of a search: the same agent's PIN and one key, and the search is as it was, the focus in it.
    await page.keyboard.press('Control+n');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
    await page.keyboard.type('kyo');
    await page.keyboard.press('Control+l');
    await expect.poll(() => signIn(page).getByRole('heading').textContent()).toBe(say('people.signIn.locked', { name: 'Bo Tanaka' }));
    await expect.poll(() => focusedName(page)).toBe(say('people.pin.label'));
    expect(harness.core.access.session()).toMatchObject({ locked: true });
    await page.keyboard.type('0000');
    await page.keyboard.press('Enter');
    await expect.poll(() => signIn(page).getByRole('alert').getAttribute('data-code')).toBe('wrong_pin');
    expect(await signIn(page).getByRole('alert').textContent()).toContain(
      say('error.agents.wrongPin.message', { name: 'Bo Tanaka', remaining: 4 }),
    );
    await harness.screenshot('lock-wrong-pin');
    const keys = keyCounter(page);
    await keys.type(BO_PIN);
    await keys.press('Enter');
    await expect.poll(() => agentChip(page).textContent()).toContain('Bo Tanaka');
    expect(keys.keys).toBe(BO_PIN.length + 1);
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
    expect(await page.getByRole('textbox', { name: say('newBooking.search.label') }).inputValue()).toBe('kyo');

    // A shift change: the next agent picks their name and types their PIN.
    await page.keyboard.press('Control+Shift+L');
    await expect.poll(() => signIn(page).getByRole('heading').textContent()).toBe(say('people.signIn.changeOfAgent'));
    // Even with the list closed (Escape), Enter takes the name typed.
    await expect.poll(() => focusedName(page)).toBe(say('audit.filters.agent'));
    await page.keyboard.type('rita');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(say('people.pin.label'));
    await page.keyboard.type(RITA_PIN);
    await page.keyboard.press('Enter');
    await expect.poll(() => agentChip(page).textContent()).toContain('Rita Alves');
    expect(harness.core.access.acting()?.name).toBe('Rita Alves');
  });

  test('the screen locks by itself after the counter’s idle minutes, and when main locks it', async () => {
    harness = await staffedCounter();
    const { page } = harness;
    await page.clock.install();
    await page.reload();
    await signInByKeys(page, 'Rita', RITA_PIN);
    await expect.poll(() => agentChip(page).textContent()).toContain('Rita Alves');

    await page.clock.runFor('04:50');
    expect(await signIn(page).count()).toBe(0);
    await page.clock.runFor('00:15');
    await expect.poll(() => signIn(page).getByRole('heading').textContent()).toBe(say('people.signIn.locked', { name: 'Rita Alves' }));
    expect(harness.core.access.acting()).toBeNull();

    // Locked in main (the computer locked or asleep): the screen follows at once, with no call of its own.
    await page.keyboard.type(RITA_PIN);
    await page.keyboard.press('Enter');
    await expect.poll(() => agentChip(page).textContent()).toContain('Rita Alves');
    harness.core.access.lock();
    await expect.poll(() => signIn(page).getByRole('heading').textContent()).toBe(say('people.signIn.locked', { name: 'Rita Alves' }));
  });
});

describe('a step that needs someone signed in', () => {
  test('asks for the sign-in and goes on once signed in; Back leaves it undone and says why', async () => {
    harness = await staffedCounter({ onTestProfile: false });
    const { page } = harness;
    // Training asks for nobody, even with agents on the counter.
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toBe(say('profile.mode.training'));
    const pickProfile = async () => {
      await page.getByRole('textbox', { name: say('frame.activeProfile') }).click();
      await page
        .getByRole('option', {
          name: say('frame.activeProfile.choice', { name: 'Sunway Travel test mode', mode: say('profile.mode.test') }),
        })
        .click();
    };
    const refusal = say('error.access.signInRequired.message', {
      does: say('permission.profiles.activate'),
      where: 'profile',
      profile: 'Sunway Travel test mode',
      need: 'agent',
      locked: 'no',
    });

    await pickProfile();
    await expect.poll(() => signIn(page).textContent()).toContain(refusal);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(refusal);
    expect(await page.getByTestId('mode-badge').textContent()).toBe(say('profile.mode.training'));

    await pickProfile();
    await signInByKeys(page, 'Bo', BO_PIN);
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toBe(say('profile.mode.test'));
    await expect.poll(() => agentChip(page).textContent()).toContain('Bo Tanaka');
  });
});

describe('a refund', () => {
  test('waits for a supervisor’s PIN: a wrong one sends nothing; the right one and Enter let the cancellation go', async () => {
    harness = await staffedCounter();
    const { page } = harness;
    const booking = await paidByEngine(harness, { name: 'Marta', surname: 'Quintela', email: 'marta.q@example.pt' });
    await harness.core.access.signIn(2, BO_PIN);
    await page.reload();
    await expect.poll(() => agentChip(page).textContent()).toContain('Bo Tanaka');

    await page.keyboard.press('Control+f');
    await page.keyboard.type('quintela');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page), { timeout: 5000 }).toBe('Marta Quintela');
    await page.keyboard.press('c');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.cancel.reason'));
    await page.keyboard.type('Traveler changed plans');
    await page.keyboard.press('Control+Enter');

    const approval = page.getByRole('dialog', { name: say('people.approval.title') });
    await expect
      .poll(() => approval.textContent())
      .toContain(
        say('error.access.approvalRequired.message', {
          does: say('permission.bookings.cancel'),
          where: 'profile',
          profile: 'Sunway Travel test mode',
        }),
      );
    // Rita is the one who may approve: her name is offered, the PIN field has the focus.
    await expect.poll(() => focusedName(page)).toBe(say('people.pin.label'));
    await page.keyboard.type('9999');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => approval.getByRole('alert').textContent())
      .toContain(say('error.agents.wrongPin.message', { name: 'Rita Alves', remaining: 4 }));
    await page.keyboard.press('Escape');
    await expect.poll(() => approval.count()).toBe(0);
    await expect
      .poll(() => page.getByRole('dialog').getByRole('alert').first().textContent())
      .toMatch(sayMatching('error.access.approvalRequired.message', { where: 'other' }));
    expect(harness.core.ledger.get(booking.id)?.status).toBe('Paid');
    const refused = harness.core.audit.log.list({ limit: 5 }).find((entry) => entry.action === 'approval.give');
    expect(refused).toMatchObject({ outcome: 'refused', who: { name: 'Bo Tanaka' } });

    // Asked again: Rita's PIN and Enter.
    await page.getByRole('dialog').getByLabel(say('bookings.cancel.reason')).focus();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => focusedName(page)).toBe(say('people.pin.label'));
    const keys = keyCounter(page);
    await keys.type(RITA_PIN);
    await harness.screenshot('approval-dialog');
    await keys.press('Enter');
    expect(keys.keys).toBe(RITA_PIN.length + 1);
    await expect
      .poll(() => page.getByRole('dialog').getByRole('status').textContent())
      .toMatch(sayMatching('bookings.cancel.outcome', { status: 'Cancelled', paid: 'yes' }));
    await expect.poll(() => harness?.core.ledger.get(booking.id)?.status).toBe('Cancelled');
    const given = harness.core.audit.log.list({ limit: 5 }).find((entry) => entry.action === 'approval.give' && entry.outcome === 'done');
    expect(given?.what).toBe(`Agent “Rita Alves” approved bookings:cancel on booking ${booking.id}`);
  });
});

describe('File → Restore Ledger…', () => {
  test('asks a supervisor’s approval in the same dialog before the backup is chosen; Rita’s PIN and Enter let it go on', async () => {
    harness = await staffedCounter();
    const { page } = harness;
    await harness.core.access.signIn(2, BO_PIN);
    await page.reload();
    await expect.poll(() => agentChip(page).textContent()).toContain('Bo Tanaka');

    // What the menu item does first, in main.
    const mayGoOn = harness.core.backups.mayRestore();
    const approval = page.getByRole('dialog', { name: say('people.approval.title') });
    await expect.poll(() => approval.textContent()).toContain(say('error.access.restoreApproval.message'));
    await expect.poll(() => focusedName(page)).toBe(say('people.pin.label'));
    await page.keyboard.type(RITA_PIN);
    await page.keyboard.press('Enter');
    expect(await mayGoOn).toBe(true);
    await expect.poll(() => approval.count()).toBe(0);
  });
});

describe('Agents in Settings', () => {
  test('an administrator adds an agent, makes them a supervisor, lifts their lock and sets the idle lock; an agent sees none of it', async () => {
    harness = await staffedCounter();
    const { page } = harness;
    const bo = harness.core.agents.list().find((agent) => agent.name === 'Bo Tanaka');
    if (!bo) throw new Error('no Bo');
    // Bo typed five wrong PINs at another moment: locked.
    for (let attempt = 0; attempt < 5; attempt += 1) await harness.core.agents.verify(bo.id, '0000').catch(() => undefined);
    await harness.core.access.signIn(1, RITA_PIN);
    await page.reload();
    await expect.poll(() => agentChip(page).textContent()).toContain('Rita Alves');
    await page.keyboard.press('Control+Comma');
    const agents = page
      .getByRole('region', { name: say('settings.agents.title') })
      .or(page.getByLabel(say('settings.agents.title'), { exact: true }));
    await expect
      .poll(() => agents.getByLabel(say('settings.agents.row', { name: 'Bo Tanaka' })).textContent())
      .toMatch(sayMatching('settings.agents.row.lockedUntil'));

    await agents.getByRole('button', { name: say('settings.agents.add') }).click();
    const form = page.getByRole('form', { name: say('settings.agents.add') });
    await form.getByLabel(say('settings.agents.add.name')).fill('Sam Reis');
    await form.getByLabel(new RegExp(`${sayingFirst('settings.agents.add.pin').source}\\s*\\*?$`)).fill('1234');
    await form.getByLabel(say('settings.addProfile.administrator.pinAgain')).fill('4321');
    await form.getByRole('button', { name: say('settings.agents.add.save') }).click();
    await expect.poll(() => form.textContent()).toContain(say('settings.addProfile.administrator.pinsDiffer'));
    await form.getByLabel(say('settings.addProfile.administrator.pinAgain')).fill('1234');
    await form.getByRole('button', { name: say('settings.agents.add.save') }).click();
    await expect.poll(() => agents.getByLabel(say('settings.agents.row', { name: 'Sam Reis' })).isVisible()).toBe(true);

    await agents.getByLabel(say('settings.agents.row.role', { name: 'Sam Reis' })).click();
    await page.getByRole('option', { name: say('component.agentChip.role.supervisor') }).click();
    await expect.poll(() => harness?.core.agents.list().find((agent) => agent.name === 'Sam Reis')?.role).toBe('supervisor');
    await agents
      .getByLabel(say('settings.agents.row', { name: 'Bo Tanaka' }))
      .getByRole('button', { name: say('settings.agents.row.unlock') })
      .click();
    await expect
      .poll(() => agents.getByLabel(say('settings.agents.row', { name: 'Bo Tanaka' })).textContent())
      .toContain(say('settings.agents.row.canSignIn'));
    await agents.getByLabel(say('settings.agents.idleLock')).fill('12');
    await agents.getByRole('button', { name: say('settings.agents.idleLock.save'), exact: true }).click();
    await expect.poll(() => harness?.core.access.session().idleLockMinutes).toBe(12);
    await harness.screenshot('settings-agents');

    // Bo, an agent, sees no Agents and no Add profile: main would refuse them anyway.
    await page.keyboard.press('Control+Shift+L');
    await signInByKeys(page, 'Bo', BO_PIN);
    await expect.poll(() => agentChip(page).textContent()).toContain('Bo Tanaka');
    await expect.poll(() => page.getByRole('heading', { name: say('main.menu.settings') }).isVisible()).toBe(true);
    expect(await agents.count()).toBe(0);
    expect(await page.getByRole('button', { name: say('settings.addProfile.title') }).count()).toBe(0);
  });
});

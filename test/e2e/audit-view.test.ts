import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import type { ChannelName } from '../../shared/ipc';
import type { Harness } from './harness';
import { useHarness } from './use-harness';
import { ANY, literally, say, sayBefore, sayMatching } from './words';

const startHarness = useHarness();

const PINS = { admin: 'admin-pin-2741', supervisor: 'super-pin-5163', bea: 'bea-pin-9036', rui: 'rui-pin-4410' };

/** A call as main receives it from the screens (permission checked, audited), made by the test. */
async function mainCall(harness: Harness, channel: ChannelName, input: unknown): Promise<{ id: number }> {
  const handler = harness.core.handlers[channel] as (value: unknown) => Promise<{ id: number }>;
  return handler(input);
}

/** Serious and critical accessibility violations in the audit section and the notice over the screens, as shown now. */
async function violations(harness: Harness): Promise<string[]> {
  const results = await new AxeBuilder({ page: harness.page })
    .include('[data-testid="audit-section"]')
    .include('main [role="alert"]')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** A counter with four people and a morning of their actions, a supervisor signed in last. */
async function counterWithAMorning(harness: Harness) {
  const admin = await mainCall(harness, 'people:add', { name: 'Ana Reis', role: 'administrator', pin: PINS.admin });
  const supervisor = await mainCall(harness, 'people:add', { name: 'Carla Dias', role: 'supervisor', pin: PINS.supervisor });
  const bea = await mainCall(harness, 'people:add', { name: 'Bea Costa', role: 'agent', pin: PINS.bea });
  const rui = await mainCall(harness, 'people:add', { name: 'Rui Lopes', role: 'agent', pin: PINS.rui });
  await mainCall(harness, 'people:sign-in', { agentId: bea.id, pin: PINS.bea });
  await mainCall(harness, 'profiles:activate', { id: 1 });
  await mainCall(harness, 'people:approve', { agentId: supervisor.id, pin: PINS.supervisor, channel: 'keys:delete', target: 1 });
  await expect(mainCall(harness, 'people:sign-in', { agentId: rui.id, pin: 'not-his-pin' })).rejects.toThrow();
  await mainCall(harness, 'people:sign-in', { agentId: rui.id, pin: PINS.rui });
  await mainCall(harness, 'people:sign-out', {});
  await mainCall(harness, 'people:sign-in', { agentId: supervisor.id, pin: PINS.supervisor });
  return { admin, supervisor, bea, rui };
}

describe('the audit view', () => {
  test('a supervisor filters by agent, exports CSV, and sees a broken chain in red while the counter keeps working', async () => {
    const harness = await startHarness();
    const { page } = harness;
    await counterWithAMorning(harness);

    await page.keyboard.press('Control+Comma');
    const section = page.getByLabel(say('audit.section.title'), { exact: true });
    await expect.poll(() => section.getByTestId('audit-verdict').textContent()).toMatch(sayMatching('audit.verdict.intact', { count: 11 }));
    const rows = section.getByRole('table', { name: say('audit.table') }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(11);

    // Rui's own entries: his wrong PIN (whose PIN was tried), his sign-in and his sign-out.
    await section.getByRole('textbox', { name: say('audit.filters.agent') }).click();
    await page.getByRole('option', { name: 'Rui Lopes' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.locator('td:nth-child(6)').allTextContents()).toEqual([
      say('audit.action.agent.sign-out'),
      say('audit.action.agent.sign-in'),
      say('audit.action.agent.sign-in'),
    ]);
    // What was done and why it was refused, in the counter's language: the words the audit chained with its English.
    const refusedSignIn = sayBefore('audit.line.refused', { what: say('audit.what.agent.signIn', { agent: 'Rui Lopes' }), reason: ANY });
    await expect
      .poll(() =>
        rows
          .filter({ hasText: say('audit.outcome.refused') })
          .locator('td:nth-child(8)')
          .textContent(),
      )
      .toMatch(new RegExp(`^${literally(refusedSignIn)}.+`));

    // Bea's: her sign-in, the profile she switched to, and the approval she asked for, which names Carla who gave it.
    await section.getByRole('textbox', { name: say('audit.filters.agent') }).click();
    await page.getByRole('option', { name: 'Bea Costa' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.locator('td:nth-child(4)').allTextContents()).toEqual(['Bea Costa', 'Bea Costa', 'Bea Costa']);
    // Nobody approved the other two: a dash, the same in every language (settings/audit/AuditTable.tsx).
    expect(await rows.locator('td:nth-child(5)').allTextContents()).toEqual(['Carla Dias', '—', '—']);
    expect(await rows.locator('td:nth-child(6)').allTextContents()).toEqual([
      say('audit.action.approval.give'),
      say('audit.action.profile.activate'),
      say('audit.action.agent.sign-in'),
    ]);
    expect(await rows.locator('td:nth-child(8)').allTextContents()).toEqual([
      say('audit.what.approval.call', { agent: 'Carla Dias', call: 'keys:delete', on: 'profile', target: '1' }),
      say('audit.what.profile.activate', { profile: 'Training' }),
      say('audit.what.agent.signIn', { agent: 'Bea Costa' }),
    ]);
    await section.scrollIntoViewIfNeeded();
    await harness.screenshot('audit-view');
    expect(await violations(harness)).toEqual([]);

    await section.getByRole('button', { name: say('audit.export') }).click();
    const saved = section.getByRole('status').filter({ hasText: sayMatching('audit.export.saved', { count: 3 }) });
    await expect.poll(() => saved.isVisible()).toBe(true);
    // The file's path, between the message's words before it and after it.
    const [before = '', after = ''] = say('audit.export.saved', { count: 3, path: ANY }).split(ANY);
    const message = (await saved.textContent()) ?? '';
    const file = message.startsWith(before) && message.endsWith(after) ? message.slice(before.length, message.length - after.length) : '';
    expect(file.endsWith('.csv')).toBe(true);
    expect(file.startsWith(harness.dataDir)).toBe(true);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    // Main writes the CSV's headings and actions in English whatever the counter's language (electron/core/audit/audit-csv.ts).
    expect(lines[0]).toBe('Entry,Time (UTC),Counter,Who,Approver,Action,Outcome,What,Hash');
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(['Signed in', 'Profile switched', 'Approval given']);

    // Someone with the file rewrites entry 3, past the triggers; Check again names it.
    const audit = new DatabaseSync(join(harness.dataDir, 'audit.db'));
    audit.exec('DROP TRIGGER audit_entries_no_update');
    audit.prepare("UPDATE audit_entries SET what = 'Added agent “Nobody”' WHERE sequence = 3").run();
    audit.close();
    await section.getByRole('button', { name: say('audit.verdict.check') }).click();
    const altered = say('audit.verdict.break.altered', { expected: 3 });
    await expect
      .poll(() => section.getByTestId('audit-verdict').textContent())
      .toMatch(sayMatching('audit.verdict.broken', { sequence: 3, message: altered }));
    const notice = page.getByRole('alert', { name: say('component.auditBroken.title') });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await harness.screenshot('audit-broken');
    expect(await violations(harness)).toEqual([]);

    // The counter keeps working: a new booking opens, the red notice still over it.
    await page.keyboard.press('Control+N');
    await expect.poll(() => page.getByRole('heading', { name: say('nav.newBooking') }).isVisible()).toBe(true);
    await expect.poll(() => notice.textContent()).toContain(altered);
  });

  test('an agent signed in does not see the audit at all (main would refuse it anyway)', async () => {
    const harness = await startHarness();
    const { page } = harness;
    const { bea } = await counterWithAMorning(harness);
    await mainCall(harness, 'people:sign-in', { agentId: bea.id, pin: PINS.bea });
    await page.keyboard.press('Control+Comma');
    await expect.poll(() => page.getByLabel(say('settings.profile.card', { name: 'Training' })).isVisible()).toBe(true);
    expect(await page.getByTestId('audit-section').count()).toBe(0);
  });
});

import { hostname } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { Core } from '../../../electron/core/core';
import type { AuditEntry } from '../../../shared/audit';
import { useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const core = useCore();
const sandbox = useSandbox();
const tempDir = useTempDir();

const TEST_KEY = 'sk_test_AuditNeverHoldsThis1234';
const PUBLISHABLE_KEY = 'pk_test_AuditNeverHoldsThat5678';

/** The core's channels as the renderer calls them: validated, then answered in an envelope. */
function channelsOf(counter: Core) {
  const dispatch = createDispatcher(counter.handlers);
  return async (channel: string, input: unknown) => dispatch(channel, input);
}

const described = (entries: AuditEntry[]) => entries.map((entry) => `${entry.action} ${entry.outcome}: ${entry.what}`).reverse();

describe('settings actions in the audit', () => {
  test('every settings action is recorded once done, a refusal too, with its counter and no secret; the chain verifies', async () => {
    const service = await sandbox();
    const { core: counter, dataDir } = await core(service);
    const call = channelsOf(counter);
    const created = await call('profiles:create', {
      name: 'Lisbon test',
      kind: 'test',
      baseUrl: 'https://api.example.com',
      keys: { test: TEST_KEY },
    });
    expect(created.ok).toBe(true);
    const id = created.ok ? (created.value as { id: number }).id : 0;
    expect((await call('keys:set', { profileId: id, slot: 'publishable', value: PUBLISHABLE_KEY })).ok).toBe(true);
    // A live key in a test profile's slot is refused: the refusal is recorded, the key never.
    expect((await call('keys:set', { profileId: id, slot: 'test', value: 'sk_live_WrongSlotNeverHeld99' })).ok).toBe(false);
    expect((await call('keys:delete', { profileId: id, slot: 'publishable' })).ok).toBe(true);
    expect((await call('profiles:update', { id, name: 'Lisbon office', baseUrl: 'https://api.example.com/v2' })).ok).toBe(true);
    expect(
      (
        await call('profiles:set-status-rules', {
          profileId: id,
          rules: created.ok ? (created.value as { statusRules: unknown }).statusRules : {},
        })
      ).ok,
    ).toBe(true);
    expect((await call('profiles:activate', { id })).ok).toBe(true);
    expect((await call('profiles:activate', { id: 1 })).ok).toBe(true);
    expect((await call('profiles:delete', { id })).ok).toBe(true);
    // Not in an agency, a disconnect still goes through (there is nothing to leave), and is recorded.
    expect((await call('agency:disconnect', { profileId: 1 })).ok).toBe(true);
    counter.backups.backUpTo(join(tempDir(), 'ledger-backup.db'));
    expect(() => counter.backups.stageRestore(join(tempDir(), 'no-such-backup.db'))).toThrow();

    const listed = await call('audit:list', {});
    if (!listed.ok) throw new Error(listed.error.message);
    const entries = listed.value as AuditEntry[];
    expect(described(entries)).toEqual([
      'profile.create done: Created test profile “Lisbon test” at https://api.example.com with the Service test key',
      'key.set done: Saved the Stripe publishable key of profile “Lisbon test”',
      expect.stringMatching(
        /^key\.set refused: Saved the Service test key of profile “Lisbon test”: refused: The service test key of a test-mode profile must start with sk_test_/,
      ),
      'key.delete done: Removed the Stripe publishable key of profile “Lisbon test”',
      'profile.update done: Changed profile “Lisbon test”: named “Lisbon office”, at https://api.example.com/v2',
      'profile.status-rules done: Set the status rules of profile “Lisbon office”',
      'profile.activate done: Switched the counter to profile “Lisbon office”',
      'profile.activate done: Switched the counter to profile “Training”',
      'profile.delete done: Deleted profile “Lisbon office”',
      'agency.disconnect done: Disconnected profile “Training” from the agency ledger',
      'backup.take done: Backed up the ledger to ledger-backup.db',
      expect.stringMatching(/^restore\.stage refused: Chose backup no-such-backup\.db to restore at the next start: refused: /),
    ]);
    // Nobody signs in yet; the counter is named by its references' code once it has one, else by the computer's name.
    expect(entries.every((entry) => entry.who === null && entry.approver === null)).toBe(true);
    expect(new Set(entries.map((entry) => entry.counter)).size).toBe(1);
    const counterName = entries[0]?.counter ?? '';
    expect(counterName === hostname() || /^Counter [A-Z0-9]+$/.test(counterName)).toBe(true);
    expect(await call('audit:verify', {})).toMatchObject({ ok: true, value: { ok: true, entries: 12 } });
    // Reads are not actions: listing profiles adds nothing.
    await call('profiles:list', {});
    expect(await call('audit:verify', {})).toMatchObject({ ok: true, value: { ok: true, entries: 12 } });

    counter.close();
    for (const file of readdirSync(dataDir)) {
      const bytes = readFileSync(join(dataDir, file)).toString('latin1');
      for (const secret of [TEST_KEY, PUBLISHABLE_KEY, 'sk_live_WrongSlotNeverHeld99'])
        expect(bytes, `${file} holds a key`).not.toContain(secret);
    }
  });

  test('the core checks the chain at start: an altered entry is named, and the counter keeps working', async () => {
    const service = await sandbox();
    const first = await core(service);
    const call = channelsOf(first.core);
    for (const name of ['Porto', 'Faro', 'Braga'])
      expect((await call('profiles:create', { name, kind: 'test', baseUrl: 'https://api.example.com' })).ok).toBe(true);
    expect(first.core.audit.atStart()).toMatchObject({ ok: true, entries: 0 });
    first.core.close();

    // Someone with the file rewrites entry 2, dropping the triggers that refuse it first.
    const db = new DatabaseSync(join(first.dataDir, 'audit.db'));
    db.exec("DROP TRIGGER audit_entries_no_update; UPDATE audit_entries SET what = 'Created nothing' WHERE sequence = 2");
    db.close();

    const again = await core(service, { dataDir: first.dataDir });
    expect(again.core.audit.atStart()).toEqual({
      ok: false,
      entries: 1,
      checkedAt: expect.any(String),
      problem: 'altered',
      sequence: 2,
      message: 'Audit entry 2 was altered after it was written.',
    });
    const callAgain = channelsOf(again.core);
    expect((await callAgain('profiles:create', { name: 'Évora', kind: 'test', baseUrl: 'https://api.example.com' })).ok).toBe(true);
    expect(await callAgain('audit:verify', {})).toMatchObject({ ok: true, value: { ok: false, sequence: 2, problem: 'altered' } });
  });

  test('a cut tail is found through the count kept in the settings database', async () => {
    const service = await sandbox();
    const first = await core(service);
    const call = channelsOf(first.core);
    for (const name of ['Porto', 'Faro', 'Braga'])
      expect((await call('profiles:create', { name, kind: 'test', baseUrl: 'https://api.example.com' })).ok).toBe(true);
    first.core.close();
    const db = new DatabaseSync(join(first.dataDir, 'audit.db'));
    db.exec('DROP TRIGGER audit_entries_no_delete; DELETE FROM audit_entries WHERE sequence >= 2');
    db.close();
    const again = await core(service, { dataDir: first.dataDir });
    expect(again.core.audit.atStart()).toMatchObject({
      ok: false,
      problem: 'truncated',
      sequence: 2,
      message: 'Audit entries 2 to 3 are missing from the end of the audit.',
    });
  });
});

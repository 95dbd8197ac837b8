/**
 * File → Restore Ledger… once people exist: nothing is read or staged until a supervisor approved it
 * in main; a refusal changes nothing and, like the restore, is an audit entry naming who asked (and who approved).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createDispatcher } from '../../../electron/core/dispatch';
import { COUNTER_TARGET } from '../../../shared/people';
import type { PushedEvent } from '../../../shared/ipc';
import type { AuditEntry } from '../../../shared/audit';
import { heldBooking, useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const sandbox = useSandbox();
const core = useCore();
const tempDir = useTempDir();

/** What a staged restore leaves in the data folder: anything beside the three databases and their WAL files. */
const stagedFiles = (dataDir: string) => readdirSync(dataDir).filter((name) => /restore/i.test(name));

describe('restoring a backup', () => {
  test('waits for a supervisor’s approval: refused with nothing staged, approved once, then the next start uses the backup', async () => {
    const service = await sandbox();
    const dataDir = tempDir();
    const { core: counter } = await core(service, { dataDir });
    const { booking } = await heldBooking(counter);
    const backup = join(tempDir(), 'ledger-backup.db');
    counter.backups.backUpTo(backup);

    await counter.agents.create('Ana', 'administrator', '1357');
    const bo = (await counter.agents.create('Bo', 'agent', '1111')).id;
    const cy = (await counter.agents.create('Cy', 'supervisor', '2222')).id;
    const dispatch = createDispatcher(counter.handlers);

    expect(() => counter.backups.stageRestore(backup)).toThrow(
      expect.objectContaining({
        code: 'sign_in_required',
        message: 'Restoring a backup over the ledger needs a signed-in agent. Nobody is signed in.',
      }),
    );
    await dispatch('people:sign-in', { agentId: bo, pin: '1111' });
    expect(() => counter.backups.stageRestore(backup)).toThrow(
      expect.objectContaining({
        code: 'approval_required',
        message: 'Restoring a backup over the ledger needs a supervisor’s approval in the moment. Nothing was replaced.',
      }),
    );
    // An agent cannot approve it; a supervisor's approval of something else does not let it through.
    expect(await dispatch('people:approve', { agentId: bo, pin: '1111', channel: 'ledger:restore', target: COUNTER_TARGET })).toMatchObject(
      {
        ok: false,
        error: { code: 'role_required' },
      },
    );
    expect(await dispatch('people:approve', { agentId: cy, pin: '2222', channel: 'keys:delete', target: COUNTER_TARGET })).toMatchObject({
      ok: true,
    });
    expect(() => counter.backups.stageRestore(backup)).toThrow(expect.objectContaining({ code: 'approval_required' }));
    expect(stagedFiles(dataDir)).toEqual([]);

    // The menu, before the agent picks a file, asks the screens for the approval in main's words and waits for it.
    const told: PushedEvent[] = [];
    const stopListening = counter.events.subscribe((event) => told.push(event));
    const mayGoOn = counter.backups.mayRestore();
    expect(told).toEqual([
      {
        name: 'event:approval-asked',
        payload: {
          channel: 'ledger:restore',
          target: COUNTER_TARGET,
          message: 'Restoring a backup over the ledger needs a supervisor’s approval in the moment. Nothing was replaced.',
        },
      },
    ]);
    stopListening();
    expect(await dispatch('people:approve', { agentId: cy, pin: '2222', channel: 'ledger:restore', target: COUNTER_TARGET })).toMatchObject(
      {
        ok: true,
        value: { approver: { name: 'Cy' } },
      },
    );
    expect(await mayGoOn).toBe(true);
    // Asked again with the approval given, it goes on at once, and that look does not spend the approval.
    expect(await counter.backups.mayRestore()).toBe(true);
    expect(counter.backups.stageRestore(backup)).toMatchObject({ bookings: 1 });
    expect(stagedFiles(dataDir)).not.toEqual([]);
    counter.backups.cancelRestore();
    // Spent: choosing the backup again asks again.
    expect(() => counter.backups.stageRestore(backup)).toThrow(expect.objectContaining({ code: 'approval_required' }));

    const restores = counter.audit.log.list({ action: 'restore.stage', limit: 10 }).reverse();
    expect(restores.map((entry: AuditEntry) => [entry.outcome, entry.who?.name ?? null, entry.approver?.name ?? null, entry.what])).toEqual(
      [
        [
          'refused',
          null,
          null,
          expect.stringMatching(/^Chose backup ledger-backup\.db to restore at the next start: refused: .*Nobody is signed in\.$/),
        ],
        ['refused', 'Bo', null, expect.stringMatching(/: refused: Restoring a backup over the ledger needs a supervisor’s approval/)],
        ['refused', 'Bo', null, expect.stringMatching(/: refused: Restoring a backup over the ledger needs a supervisor’s approval/)],
        ['done', 'Bo', 'Cy', 'Chose backup ledger-backup.db to restore at the next start'],
        ['refused', 'Bo', null, expect.stringMatching(/: refused: Restoring a backup over the ledger needs a supervisor’s approval/)],
      ],
    );

    // Approved and confirmed: the next start puts the backup in place of the ledger.
    await dispatch('people:approve', { agentId: cy, pin: '2222', channel: 'ledger:restore', target: COUNTER_TARGET });
    counter.backups.stageRestore(backup);
    counter.close();
    const { core: restarted } = await core(service, { dataDir });
    expect(restarted.backups.replacedByRestore).toMatch(/ledger-before-restore-.*\.db$/);
    expect(restarted.ledger.get(booking.id)).toMatchObject({ id: booking.id });
  });
});

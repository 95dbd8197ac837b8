import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, test } from 'vitest';
import { createAuditLog } from '../../../electron/core/audit/audit-log';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { FileSaver } from '../../../electron/core/file-saver';
import type { AuditEntry, AuditVerdict } from '../../../shared/audit';
import type { EventPayload } from '../../../shared/ipc';
import { useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const core = useCore();
const sandbox = useSandbox();
const tempDir = useTempDir();

const ADMIN_PIN = 'admin-pin-2741';
const SUPERVISOR_PIN = 'super-pin-5163';
const AGENT_PIN = 'agent-pin-9036';

/** The save dialog as the agent answers it: into a folder of the test's, under the name offered. */
function savingInto(folder: string): FileSaver & { saved: string[] } {
  const saved: string[] = [];
  return {
    saved,
    saveText: async (name, text) => {
      const path = join(folder, name);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path, text, 'utf8');
      saved.push(path);
      return path;
    },
  };
}

/** A counter whose dispatcher answers like the screens see it: the value, or the refusal's code and words. */
async function counterWithPeople(fileSaver?: FileSaver) {
  const service = await sandbox();
  const { core: counter, dataDir } = await core(service, fileSaver ? { fileSaver } : {});
  const dispatch = createDispatcher(counter.handlers);
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const answer = await dispatch(channel, input);
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    return answer.value as T;
  };
  const admin = await call<{ id: number }>('people:add', { name: 'Ana Reis', role: 'administrator', pin: ADMIN_PIN });
  const supervisor = await call<{ id: number }>('people:add', { name: 'Carla Dias', role: 'supervisor', pin: SUPERVISOR_PIN });
  const agent = await call<{ id: number }>('people:add', { name: '=HYPERLINK("http://x.example")', role: 'agent', pin: AGENT_PIN });
  return { counter, dataDir, dispatch, call, admin, supervisor, agent };
}

describe('the audit view’s filters', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  test('a day is the counter’s own calendar day, not the UTC one', () => {
    // New York (summer time from 8 March): 03:30 UTC on the 10th is still the evening of the 9th at the counter.
    process.env.TZ = 'America/New_York';
    const times = ['2026-03-09T15:00:00.000Z', '2026-03-10T03:30:00.000Z', '2026-03-10T05:30:00.000Z', '2026-03-11T03:59:00.000Z'];
    let anchor: { count: number; hash: string } | null = null;
    let next = 0;
    const audit = createAuditLog({
      file: join(tempDir(), 'audit.db'),
      counter: () => 'Desk 1',
      anchor: { get: () => anchor, set: (value) => (anchor = value) },
      now: () => new Date(times[next++] ?? Date.now()),
    });
    for (const what of ['Morning of the 9th', 'Evening of the 9th', 'Night of the 10th', 'Last minute of the 10th']) {
      audit.append({ action: 'backup.take', what });
    }
    const whatOn = (day: string) => audit.list({ day, limit: 10 }).map((entry) => entry.what);
    expect(whatOn('2026-03-09')).toEqual(['Evening of the 9th', 'Morning of the 9th']);
    expect(whatOn('2026-03-10')).toEqual(['Last minute of the 10th', 'Night of the 10th']);
    expect(whatOn('2026-03-11')).toEqual([]);
    audit.close();
  });

  test('by agent (who did it or approved it), by action, paged back, and refused to an agent', async () => {
    const { call, dispatch, admin, supervisor, agent } = await counterWithPeople();
    await call('people:sign-in', { agentId: agent.id, pin: AGENT_PIN });
    await call('profiles:activate', { id: 1 });
    // A supervisor's approval names the supervisor as who gave it.
    await call('people:approve', { agentId: supervisor.id, pin: SUPERVISOR_PIN, channel: 'keys:delete', target: 1 });
    // An agent may not read the audit.
    const refused = await dispatch('audit:list', {});
    expect(refused.ok ? null : refused.error.code).toBe('role_required');
    await call('people:sign-in', { agentId: supervisor.id, pin: SUPERVISOR_PIN });

    const of = (entries: AuditEntry[]) => entries.map((entry) => [entry.action, entry.who?.name ?? null, entry.what]);
    expect(of(await call('audit:list', { agentId: agent.id }))).toEqual([
      ['agent.sign-in', '=HYPERLINK("http://x.example")', 'Agent “Carla Dias” signed in'],
      ['approval.give', '=HYPERLINK("http://x.example")', 'Agent “Carla Dias” approved keys:delete on profile 1'],
      ['profile.activate', '=HYPERLINK("http://x.example")', 'Switched the counter to profile “Training”'],
    ]);
    expect(of(await call('audit:list', { agentName: 'ANA REIS', action: 'agent.add' }))).toEqual([
      ['agent.add', 'Ana Reis', 'Added agent “=HYPERLINK("http://x.example")”'],
      ['agent.add', 'Ana Reis', 'Added supervisor “Carla Dias”'],
    ]);
    expect(of(await call('audit:list', { agentId: admin.id }))).toEqual([
      ['agent.sign-in', 'Ana Reis', 'Agent “=HYPERLINK("http://x.example")” signed in'],
      ['agent.add', 'Ana Reis', 'Added agent “=HYPERLINK("http://x.example")”'],
      ['agent.add', 'Ana Reis', 'Added supervisor “Carla Dias”'],
    ]);

    // Paging: the newest two, then the two before them, with no entry twice.
    const first = await call<AuditEntry[]>('audit:list', { limit: 2 });
    const older = await call<AuditEntry[]>('audit:list', { limit: 2, before: first.at(-1)?.sequence });
    expect(first.map((entry) => entry.sequence)).toEqual([7, 6]);
    expect(older.map((entry) => entry.sequence)).toEqual([5, 4]);
    expect(await call('audit:list', { action: 'key.delete', day: new Date().toISOString().slice(0, 10) })).toEqual([]);

    const badDay = await dispatch('audit:list', { day: '2026-02-30' });
    expect(badDay.ok ? null : badDay.error.message).toMatch(/That day is not on the calendar/);
  });

  test('the export writes the filtered entries to the file the agent picked, every cell safe in a spreadsheet, and is recorded', async () => {
    const folder = tempDir();
    const saver = savingInto(folder);
    const { call, dispatch, agent, supervisor } = await counterWithPeople(saver);
    await call('people:sign-in', { agentId: agent.id, pin: AGENT_PIN });
    // An agent cannot export it: nothing is saved.
    const refused = await dispatch('audit:export-csv', {});
    expect(refused.ok ? null : refused.error.code).toBe('role_required');
    expect(saver.saved).toEqual([]);

    await call('people:sign-in', { agentId: supervisor.id, pin: SUPERVISOR_PIN });
    const day = new Date().toISOString().slice(0, 10);
    const exported = await call<{ path: string; entries: number }>('audit:export-csv', { day });
    expect(exported).toEqual({ path: join(folder, `packdesk-audit-${day}.csv`), entries: 5 });
    const csv = readFileSync(exported.path, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Entry,Time (UTC),Counter,Who,Approver,Action,Outcome,What,Hash');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(lines[5]).toMatch(
      /^5,[^,]+,[^,]+,"'=HYPERLINK\(""http:\/\/x\.example""\)",,Signed in,Done,Agent “Carla Dias” signed in,[0-9a-f]{64}$/,
    );
    // The agent's name is text in the spreadsheet, never a formula it runs: no cell starts with =.
    expect(csv).not.toMatch(/(^|,)"?=/m);

    const [recorded] = await call<AuditEntry[]>('audit:list', { action: 'audit.export' });
    expect(recorded).toMatchObject({
      who: { name: 'Carla Dias' },
      what: `Exported the entries on ${day} of the audit to a CSV file`,
    });
  });
});

describe('a broken audit at start', () => {
  test('is told to the screens with its first broken entry, and the counter keeps working', async () => {
    const dataDir = tempDir();
    const service = await sandbox();
    const { core: first, call } = await (async () => {
      const { core: counter } = await core(service, { dataDir });
      const dispatch = createDispatcher(counter.handlers);
      return {
        core: counter,
        call: async (channel: string, input: unknown) => {
          const answer = await dispatch(channel, input);
          if (!answer.ok) throw new Error(answer.error.message);
          return answer.value;
        },
      };
    })();
    await call('people:add', { name: 'Ana Reis', role: 'administrator', pin: ADMIN_PIN });
    await call('people:add', { name: 'Bea Costa', role: 'agent', pin: AGENT_PIN });
    await call('people:add', { name: 'Rui Lopes', role: 'agent', pin: AGENT_PIN });
    first.close();

    // Someone with the file rewrites entry 2, past the triggers.
    const file = new DatabaseSync(join(dataDir, 'audit.db'));
    file.exec('DROP TRIGGER audit_entries_no_update');
    file.prepare("UPDATE audit_entries SET what = 'Added agent “Nobody”' WHERE sequence = 2").run();
    file.close();

    const { core: again } = await core(service, { dataDir, start: false });
    const told: EventPayload<'event:audit-verdict'>[] = [];
    again.events.subscribe((event) => {
      if (event.name === 'event:audit-verdict') told.push(event.payload);
    });
    await again.start();
    const broken: AuditVerdict = {
      ok: false,
      entries: 1,
      checkedAt: expect.any(String) as string,
      problem: 'altered',
      sequence: 2,
      message: 'Audit entry 2 was altered after it was written.',
    };
    expect(told).toEqual([broken]);
    const status = (await createDispatcher(again.handlers)('app:status', {})) as { ok: true; value: { audit: AuditVerdict } };
    expect(status.value.audit).toEqual(broken);
    // The counter keeps working: the agents are there, and signing in works.
    const signIn = await createDispatcher(again.handlers)('people:sign-in', { agentId: 1, pin: ADMIN_PIN });
    expect(signIn.ok).toBe(true);
  });
});

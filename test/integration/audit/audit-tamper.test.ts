import { hash } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAuditLog } from '../../../electron/core/audit/audit-log';
import type { AuditLog } from '../../../electron/core/audit/audit-log';
import { auditActionSchema } from '../../../shared/audit';
import type { AuditVerdict } from '../../../shared/audit';
import { useTempDir } from '../../support/temp-dir';

// Seeded, so a failure is replayed with the same edits: AUDIT_SEED=<n> to try another run.
const SEED = Number(process.env.AUDIT_SEED ?? 28);
const ITERATIONS = 400;
const TEMPLATE_SIZE = 40;

function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  return { int, pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T };
}

type Anchor = { count: number; hash: string } | null;
const WHAT = [
  'Saved the Service test key of profile “Lisbon”',
  'Deleted profile “Ölçü \\ “Desk” 3”',
  'Line one\nline two',
  'Backed up 🧳 to a.db',
  'x',
];

const WORDED_NAMES = ['Lisbon', 'Ölçü \\ “Desk” 3', 'Line one\nline two'];

/** The audit file as an attacker with the file changes it: the triggers dropped first. */
function tamper(file: string, work: (db: DatabaseSync) => void): void {
  const db = new DatabaseSync(file);
  db.exec('DROP TRIGGER IF EXISTS audit_entries_no_update; DROP TRIGGER IF EXISTS audit_entries_no_delete;');
  work(db);
  db.close();
}

const hashOf = (db: DatabaseSync, sequence: number) =>
  (db.prepare('SELECT hash FROM audit_entries WHERE sequence = ?').get(sequence) as { hash: string }).hash;

describe('the audit chain', () => {
  const tempDir = useTempDir();
  let template = '';

  beforeAll(() => {
    // One chain written by the app's own append, with agents, approvers and awkward text; each iteration cuts a copy of it.
    template = join(tmpdir(), `packdesk-audit-template-${process.pid}.db`);
    const rng = random(SEED);
    let anchor: Anchor = null;
    const audit = createAuditLog({
      file: template,
      counter: () => rng.pick(['Desk 1', 'Desk 2']),
      anchor: { get: () => anchor, set: (a) => (anchor = a) },
    });
    for (let index = 0; index < TEMPLATE_SIZE; index += 1) {
      const person = rng.int(0, 2) === 0 ? null : { agentId: rng.int(1, 9), name: rng.pick(['Ana', 'Bruno', 'Zoë']) };
      audit.append({
        action: rng.pick(auditActionSchema.options),
        outcome: rng.pick(['done', 'refused'] as const),
        what: rng.pick(WHAT),
        // Half the entries carry their words, which the chain covers as it covers the English.
        words: rng.int(0, 1)
          ? { what: { id: 'audit.what.profile.delete', values: { profile: rng.pick(WORDED_NAMES) } }, reason: null }
          : null,
        who: person,
        approver: person && rng.int(0, 1) ? { agentId: 10, name: 'Supervisor' } : null,
      });
    }
    audit.close();
  });

  function chainOf(length: number, parallel: boolean): { file: string; open: () => { audit: AuditLog; anchor: () => Anchor } } {
    const file = join(tempDir(), 'audit.db');
    copyFileSync(template, file);
    let anchor: Anchor = null;
    tamper(file, (db) => {
      db.prepare('DELETE FROM audit_entries WHERE sequence > ?').run(length);
      anchor = { count: length, hash: hashOf(db, length) };
    });
    return {
      file,
      open: () => ({
        audit: createAuditLog({
          file,
          counter: () => 'Desk 1',
          anchor: { get: () => anchor, set: (a) => (anchor = a) },
          parallelFrom: parallel ? 1 : 1_000_000,
        }),
        anchor: () => anchor,
      }),
    };
  }

  test('every entry appended verifies, and the database refuses to change or remove one', async () => {
    const file = join(tempDir(), 'audit.db');
    copyFileSync(template, file);
    let anchor: Anchor = null;
    const audit = createAuditLog({ file, counter: () => 'Desk 1', anchor: { get: () => anchor, set: (a) => (anchor = a) } });
    expect(await audit.verify()).toMatchObject({ ok: true, entries: TEMPLATE_SIZE });
    expect(anchor).toMatchObject({ count: TEMPLATE_SIZE });
    const entry = audit.append({ action: 'key.set', what: 'Saved the Stripe publishable key of profile “Lisbon”' });
    expect(entry).toMatchObject({ sequence: TEMPLATE_SIZE + 1, who: null, approver: null, outcome: 'done' });
    expect(audit.list({ limit: 2 }).map((listed) => listed.sequence)).toEqual([TEMPLATE_SIZE + 1, TEMPLATE_SIZE]);
    expect(await audit.verify()).toMatchObject({ ok: true, entries: TEMPLATE_SIZE + 1 });
    audit.close();
    const db = new DatabaseSync(file);
    expect(() => db.exec("UPDATE audit_entries SET what = 'nothing' WHERE sequence = 1")).toThrow(/append-only/);
    expect(() => db.exec('DELETE FROM audit_entries WHERE sequence = 1')).toThrow(/append-only/);
    db.close();
  });

  test('an entry never holds a card number or a key', () => {
    const { open } = chainOf(3, false);
    const { audit } = open();
    expect(() => audit.append({ action: 'key.set', what: 'Saved sk_test_51HqLyjWDarjtT1zdp7dc' })).toThrow(/key or a password/);
    expect(() => audit.append({ action: 'key.set', what: 'Card 4242 4242 4242 4242' })).toThrow(/card number/);
    audit.close();
  });

  type Edit = { name: string; expected: { problem: string; sequence: number }; apply: (db: DatabaseSync) => void };

  function randomEdit(rng: ReturnType<typeof random>, length: number): Edit {
    const k = rng.int(1, length);
    const kind = rng.pick(['alter', 'alter-and-rehash', 'remove', 'remove-and-renumber', 'swap', 'truncate'] as const);
    if (kind === 'alter') {
      const column = rng.pick([
        'at',
        'counter',
        'agent_id',
        'agent_name',
        'approver_id',
        'approver_name',
        'action',
        'outcome',
        'what',
        'words',
        'prev_hash',
        'hash',
      ]);
      const value = {
        at: '2020-01-01T00:00:00.000Z',
        counter: 'Desk 99',
        agent_id: 77,
        agent_name: 'Mallory',
        approver_id: 78,
        approver_name: 'Mallory',
        action: 'backup.take-x',
        outcome: 'done-x',
        what: 'Nothing happened',
        words: JSON.stringify({ what: { id: 'audit.what.profile.delete', values: { profile: 'Mallory' } }, reason: null }),
        prev_hash: 'f'.repeat(64),
        hash: '0'.repeat(64),
      }[column];
      return {
        name: `alter ${column} of ${k}`,
        expected: { problem: 'altered', sequence: k },
        apply: (db) => db.prepare(`UPDATE audit_entries SET ${column} = ? WHERE sequence = ?`).run(value ?? null, k),
      };
    }
    if (kind === 'alter-and-rehash') {
      // The attacker also writes the entry's own hash again; the next entry (or the anchor) still names it.
      return {
        name: `alter and rehash ${k}`,
        expected: { problem: 'altered', sequence: k },
        apply: (db) => {
          db.prepare("UPDATE audit_entries SET what = 'Nothing happened' WHERE sequence = ?").run(k);
          const { preimage } = db
            .prepare(
              'SELECT prev_hash || char(10) || json_array(sequence, at, counter, agent_id, agent_name, approver_id, approver_name, action, outcome, what) AS preimage FROM audit_entries WHERE sequence = ?',
            )
            .get(k) as { preimage: string };
          db.prepare('UPDATE audit_entries SET hash = ? WHERE sequence = ?').run(hash('sha256', preimage, 'hex'), k);
        },
      };
    }
    if (kind === 'remove' || kind === 'remove-and-renumber') {
      return {
        name: `${kind} ${k}`,
        expected: { problem: k === length ? 'truncated' : 'missing', sequence: k },
        apply: (db) => {
          db.prepare('DELETE FROM audit_entries WHERE sequence = ?').run(k);
          if (kind === 'remove-and-renumber')
            for (let sequence = k + 1; sequence <= length; sequence += 1)
              db.prepare('UPDATE audit_entries SET sequence = ? WHERE sequence = ?').run(sequence - 1, sequence);
        },
      };
    }
    if (kind === 'swap' && length >= 2) {
      const i = rng.int(1, length - 1);
      const j = rng.int(i + 1, length);
      return {
        name: `swap ${i} and ${j}`,
        expected: { problem: 'reordered', sequence: i },
        apply: (db) => {
          db.prepare('UPDATE audit_entries SET sequence = -1 WHERE sequence = ?').run(i);
          db.prepare('UPDATE audit_entries SET sequence = ? WHERE sequence = ?').run(i, j);
          db.prepare('UPDATE audit_entries SET sequence = ? WHERE sequence = -1').run(j);
        },
      };
    }
    const kept = rng.int(0, length - 1);
    return {
      name: `truncate after ${kept}`,
      expected: { problem: 'truncated', sequence: kept + 1 },
      apply: (db) => db.prepare('DELETE FROM audit_entries WHERE sequence > ?').run(kept),
    };
  }

  test(`every single random edit is found and named (seed ${SEED}, ${ITERATIONS} chains)`, async () => {
    const rng = random(SEED);
    const seen = new Set<string>();
    for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
      const length = rng.int(1, TEMPLATE_SIZE);
      // One chain in five goes through the workers' check first, then the walk that names the entry.
      const { file, open } = chainOf(length, iteration % 5 === 0);
      const edit = randomEdit(rng, length);
      tamper(file, edit.apply);
      const { audit } = open();
      const verdict: AuditVerdict = await audit.verify();
      audit.close();
      expect({ edit: edit.name, length, verdict }).toMatchObject({
        verdict: { ok: false, ...edit.expected, message: expect.stringContaining(`${edit.expected.sequence}`) },
      });
      seen.add(edit.name.split(' ').slice(0, 2).join(' '));
    }
    // Every kind of edit came up.
    expect([...seen].filter((name) => /^(alter|remove|remove-and-renumber|swap|truncate)\b/.test(name)).length).toBeGreaterThan(10);
  }, 120_000);
});

/**
 * The audit in the reader's language: each entry keeps, chained with its English `what`, the catalog
 * message and values it was worded from, and the audit screen words them in the agent's language.
 * Entries from before words were kept, or worded by messages this Packdesk does not know, show their English.
 */
import { createIntl } from '@formatjs/intl';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { hash } from 'node:crypto';
import { createAuditLog } from '../../../electron/core/audit/audit-log';
import { auditMigrations } from '../../../electron/core/audit/audit-migrations';
import { openDatabase } from '../../../electron/core/database';
import { createDispatcher } from '../../../electron/core/dispatch';
import { auditLine } from '../../../shared/i18n/audit-line';
import type { AuditEntry } from '../../../shared/audit';
import { loadCatalog } from '../../../shared/i18n/catalogs';
import { formatDate, setFormatLanguage } from '../../../shared/format';
import { useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const core = useCore();
const sandbox = useSandbox();
const tempDir = useTempDir();

/** The audit screen's wording in German and in English, with the catalogs as the page loads them. */
const intlOf = async (language: 'de' | 'en') =>
  createIntl({ locale: language === 'de' ? 'de-DE' : 'en-GB', messages: await loadCatalog(language), onError: () => undefined });

describe('the audit in the agent’s language', () => {
  test('actions done and refused read in German on the audit screen; the chained English stays for the CSV and verifies', async () => {
    const service = await sandbox();
    const { core: counter } = await core(service);
    const dispatch = createDispatcher(counter.handlers);
    const created = await dispatch('profiles:create', { name: 'Lisboa', kind: 'test', baseUrl: 'https://api.example.com', keys: {} });
    const id = created.ok ? (created.value as { id: number }).id : 0;
    expect((await dispatch('keys:set', { profileId: id, slot: 'test', value: 'sk_live_WrongSlotNeverHeld99' })).ok).toBe(false);
    expect((await dispatch('people:set-idle-lock', { minutes: 1 })).ok).toBe(true);
    counter.backups.backUpTo(join(tempDir(), 'ledger-backup.db'));

    const entries = counter.audit.log.list({ limit: 10 }).reverse();
    const german = await intlOf('de');
    expect(entries.map((entry) => auditLine(german, entry))).toEqual([
      'Testprofil „Lisboa“ auf https://api.example.com angelegt',
      'Test-Schlüssel des Dienstes von Profil „Lisboa“ gespeichert: abgelehnt: Der Test-Schlüssel des Dienstes eines Profils im Testmodus muss mit sk_test_ beginnen, aber dies ist ein Schlüssel, der mit sk_live_ beginnt.',
      'Bildschirmsperre nach 1 Minute ohne Nutzung festgelegt',
      'Journal nach ledger-backup.db gesichert',
    ]);
    // In English the screen reads what was chained, word for word.
    const english = await intlOf('en');
    expect(entries.map((entry) => auditLine(english, entry))).toEqual(entries.map((entry) => entry.what));
    expect(entries[2]?.what).toBe('Set the screen to lock after 1 minute without use');
    expect(await dispatch('audit:verify', {})).toMatchObject({ ok: true, value: { ok: true, entries: 4 } });
  });

  test('an entry without words, or with words this catalog does not hold, shows the English it was chained with', async () => {
    const german = await intlOf('de');
    const entry: AuditEntry = {
      sequence: 1,
      at: '2026-11-28T09:00:00.000Z',
      counter: 'Desk 1',
      who: null,
      approver: null,
      action: 'profile.delete',
      outcome: 'done',
      what: 'Deleted profile “Porto”',
      words: null,
      hash: 'a'.repeat(64),
    };
    expect(auditLine(german, entry)).toBe('Deleted profile “Porto”');
    const fromNewer = { what: { id: 'audit.what.profile.archive', values: { profile: 'Porto' } }, reason: null };
    expect(auditLine(german, { ...entry, words: fromNewer })).toBe('Deleted profile “Porto”');
    const worded = { what: { id: 'audit.what.profile.delete', values: { profile: 'Porto' } }, reason: null };
    expect(auditLine(german, { ...entry, words: worded })).toBe('Profil „Porto“ gelöscht');
    // An action's name inside a line is worded too, and a day as the reader's locale writes days.
    const exported = {
      what: {
        id: 'audit.what.audit.export.some',
        values: {
          byAgent: 'no',
          agent: '',
          byAction: 'yes',
          action: { id: 'audit.action.profile.delete', values: {} },
          byDay: 'yes',
          day: '2026-11-28',
        },
      },
      reason: null,
    };
    setFormatLanguage('de');
    try {
      expect(formatDate('2026-11-28')).not.toBe('2026-11-28');
      expect(auditLine(german, { ...entry, action: 'audit.export', words: exported })).toBe(
        `Die Einträge des Audits mit Aktion „Profil entfernt“ vom ${formatDate('2026-11-28')} in eine CSV-Datei exportiert`,
      );
    } finally {
      setFormatLanguage('en');
    }
    // A refusal whose words were left out (they looked like a secret): refused, without them.
    expect(auditLine(german, { ...entry, outcome: 'refused', what: 'Deleted profile “Porto”: refused', words: worded })).toBe(
      'Profil „Porto“ gelöscht: abgelehnt',
    );
  });

  test('an audit from before words were kept upgrades in place: its entries still verify, and the next one carries words', async () => {
    const file = join(tempDir(), 'audit.db');
    // The audit as Packdesk wrote it before its third schema step: one entry, hashed over its fields alone.
    const before = openDatabase(file, auditMigrations.slice(0, 2));
    const fields = ['2026-11-01T09:00:00.000Z', 'Desk 1', null, null, null, null, 'profile.delete', 'done', 'Deleted profile “Porto”'];
    const hashOf = hash('sha256', `\n${JSON.stringify([1, ...fields])}`, 'hex');
    before
      .prepare(
        'INSERT INTO audit_entries (sequence, at, counter, agent_id, agent_name, approver_id, approver_name, action, outcome, what, prev_hash, hash) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(...fields, '', hashOf);
    before.close();

    let anchor: { count: number; hash: string } | null = { count: 1, hash: hashOf };
    const audit = createAuditLog({ file, counter: () => 'Desk 1', anchor: { get: () => anchor, set: (next) => (anchor = next) } });
    expect(await audit.verify()).toMatchObject({ ok: true, entries: 1 });
    audit.append({
      action: 'profile.delete',
      what: 'Deleted profile “Faro”',
      words: { what: { id: 'audit.what.profile.delete', values: { profile: 'Faro' } }, reason: null },
    });
    expect(await audit.verify()).toMatchObject({ ok: true, entries: 2 });
    const german = await intlOf('de');
    expect(audit.list({ limit: 2 }).map((entry) => auditLine(german, entry))).toEqual([
      'Profil „Faro“ gelöscht',
      'Deleted profile “Porto”',
    ]);
    audit.close();
  });
});

/** Upgrades of the settings file (profiles, their status rules), from every earlier schema. */

import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../../electron/core/database';
import { createPreferences } from '../../../electron/core/preferences';
import { createProfileService } from '../../../electron/core/profiles';
import type { SecretStore } from '../../../electron/core/secrets';
import { settingsMigrations } from '../../../electron/core/settings-migrations';
import { SPEC_STATUS_RULES, TRAINING_STATUS_RULES } from '../../../shared/status-rules';
import { useTempDir } from '../../support/temp-dir';
import { copyFixture, expectSound, fixtureName, olderVersions, rowsOf, snapshot, userVersion } from '../../support/migration-fixtures';

const tempDir = useTempDir('packdesk-upgrade-');

/** A keychain that holds nothing: enough to list profiles. */
const emptyKeychain: SecretStore = {
  read: async () => null,
  write: async () => {
    throw new Error('no keychain in this test');
  },
  remove: async () => undefined,
  check: async () => undefined,
};

const FIXTURE_RULES = {
  final: ['Paid', 'Cancelled', 'Voided'],
  confirmed: ['Paid'],
  awaitingSupplier: ['OnRequest'],
  notCancellable: ['Cancelled', 'Voided'],
  modifiable: ['Paid'],
};

describe.each(olderVersions(settingsMigrations))('a settings file written by schema %i', (version) => {
  test('keeps every profile and preference; profiles without status rules get the defaults', async () => {
    const file = copyFixture(tempDir(), fixtureName('settings', version));
    const before = snapshot(file, { profiles: 'id', preferences: 'key', ...(version >= 6 ? { agents: 'id' } : {}) });
    const db = openDatabase(file, settingsMigrations);
    try {
      expect(userVersion(db)).toBe(settingsMigrations.length);
      expect(before.profiles).toHaveLength(4);
      // Migration 2: a status_rules column, NULL (the defaults) on every profile that had none.
      // Migration 8: a change_approval_above_minor column, NULL (no threshold) on every profile.
      expect(rowsOf(db, 'profiles', 'id')).toEqual(
        before.profiles?.map((row) => ({
          ...row,
          ...(version < 2 ? { status_rules: null } : {}),
          ...(version < 8 ? { change_approval_above_minor: null } : {}),
        })),
      );
      expect(rowsOf(db, 'preferences', 'key')).toEqual(before.preferences);
      // Migration 6: no agents, so an upgraded counter asks nobody to sign in until an administrator is added. Migration 7:
      // an agent added before keeps name, PIN hash and lock, belongs to no agency yet, and is to be sent to one (if allowed).
      expect(rowsOf(db, 'agents', 'id')).toEqual(
        (before.agents ?? []).map((row) => ({ ...row, agency_agent_id: null, agency_revision: 0, agency_unsent: 1 })),
      );
      if (version >= 6) expect(before.agents).toHaveLength(1);
      expectSound(db);

      const preferences = createPreferences(db);
      const profiles = createProfileService(db, preferences, emptyKeychain);
      const missing = { state: 'missing' };
      const listed = await profiles.list();
      expect(listed.activeProfileId).toBe(2);
      expect(listed.profiles).toEqual([
        {
          id: 1,
          name: 'Training',
          kind: 'training',
          baseUrl: '',
          builtIn: true,
          statusRules: TRAINING_STATUS_RULES,
          changeApprovalAboveMinor: null,
          keys: {
            test: expect.objectContaining({ state: 'provided' }),
            live: expect.objectContaining({ state: 'provided' }),
            publishable: expect.objectContaining({ state: 'provided' }),
          },
        },
        {
          id: 2,
          name: 'Agency Live',
          kind: 'live',
          baseUrl: 'https://api.agency.example',
          builtIn: false,
          statusRules: version < 2 ? SPEC_STATUS_RULES : FIXTURE_RULES,
          changeApprovalAboveMinor: null,
          keys: { test: missing, live: missing, publishable: missing },
        },
        {
          id: 3,
          name: 'Agency Test',
          kind: 'test',
          baseUrl: 'https://sandbox.agency.example/v2',
          builtIn: false,
          statusRules: SPEC_STATUS_RULES,
          changeApprovalAboveMinor: null,
          keys: { test: missing, live: missing, publishable: missing },
        },
        {
          id: 4,
          name: 'Reisebüro Zürich',
          kind: 'live',
          baseUrl: 'https://partner.reisen.example',
          builtIn: false,
          statusRules: SPEC_STATUS_RULES,
          changeApprovalAboveMinor: null,
          keys: { test: missing, live: missing, publishable: missing },
        },
      ]);
      expect(profiles.active().name).toBe('Agency Live');
      expect(preferences.get('window_bounds')).toBe(JSON.stringify({ x: 80, y: 60, width: 1280, height: 820 }));
      // The upgraded file takes new rules as a current one does.
      expect(profiles.learnStatus(3, 'final', 'Voided', true)).toBe(true);
      expect(profiles.find(3).statusRules.final).toContain('Voided');
    } finally {
      db.close();
    }
  });

  test('keys saved before their origins were recorded belong to each profile’s address as it was at the upgrade', async () => {
    const db = openDatabase(copyFixture(tempDir(), fixtureName('settings', version)), settingsMigrations);
    try {
      // Migration 5: one origin per slot of every profile of the agency's own; the built-in Training has none.
      expect(rowsOf(db, 'key_origins', 'profile_id, slot')).toEqual(
        [
          [2, 'https://api.agency.example'],
          [3, 'https://sandbox.agency.example'],
          [4, 'https://partner.reisen.example'],
        ].flatMap(([id, origin]) => ['live', 'publishable', 'test'].map((slot) => ({ profile_id: id, slot, origin }))),
      );
      const keychainOfThen: SecretStore = {
        ...emptyKeychain,
        read: async (account) => (account === 'profile-3:test' ? 'sk_test_keptFromBefore1' : null),
      };
      const profiles = createProfileService(db, createPreferences(db), keychainOfThen);
      expect(await profiles.keyFor(3, 'test')).toEqual({ secret: 'sk_test_keptFromBefore1', origin: 'https://sandbox.agency.example' });
    } finally {
      db.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The built-in service (electron/sandbox/migrations.ts), read through its API.

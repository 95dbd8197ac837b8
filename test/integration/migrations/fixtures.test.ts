/**
 * Upgrades: every database Packdesk keeps, written by every earlier schema version (the files in
 * test/fixtures/migrations, made by scripts/make-migration-fixtures.mjs), is opened with today's
 * migrations through the paths the app uses, and every row must still be there with its values,
 * changed only as the migrations say.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../../electron/sqlite/database';
import { useTempDir } from '../../support/temp-dir';
import { EXPECTED_FIXTURES, FIXTURES, REGENERATE, copyFixture, expectSound, schemaOf, userVersion } from '../../support/migration-fixtures';

const tempDir = useTempDir('packdesk-upgrade-');

describe('the upgrade fixtures', () => {
  test('cover every earlier schema version of every database', () => {
    const present = readdirSync(FIXTURES).sort();
    const expected = EXPECTED_FIXTURES.map(({ file }) => file).sort();
    const missing = expected.filter((file) => !present.includes(file));
    expect(
      missing,
      `No upgrade fixture for ${missing.join(', ')}: a migration was added without one. Run ${REGENERATE} and commit test/fixtures/migrations.`,
    ).toEqual([]);
    const unknown = present.filter((file) => !expected.includes(file));
    expect(
      unknown,
      `test/fixtures/migrations holds files no database version calls for (a fixture at the current version, a -wal or -shm file?): ${unknown.join(', ')}`,
    ).toEqual([]);
  });

  test.each(EXPECTED_FIXTURES.map((fixture) => [fixture.file, fixture] as const))(
    '%s is at its version, self-contained, and shaped by the first migrations as they are today',
    (file, { migrations, version }) => {
      const copy = copyFixture(tempDir(), file);
      const old = new DatabaseSync(copy, { readOnly: true });
      const fresh = openDatabase(join(tempDir(), 'fresh.db'), migrations.slice(0, version));
      try {
        expect(userVersion(old)).toBe(version);
        expect(old.prepare('PRAGMA journal_mode').get(), 'a fixture must not need a -wal file').toEqual({ journal_mode: 'delete' });
        expect(
          schemaOf(old),
          `${file} was written by migrations 1-${version} as they were then, and today's differ: a shipped migration was edited. Append a new migration instead (or, if the fixture is wrong, rewrite it with ${REGENERATE} --all).`,
        ).toEqual(schemaOf(fresh));
        expectSound(old);
      } finally {
        old.close();
        fresh.close();
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The ledger (ledger-migrations.ts).

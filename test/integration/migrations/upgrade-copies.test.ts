import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, vi } from 'vitest';
import { ledgerMigrations } from '../../../electron/core/ledger/ledger-migrations';
import { englishText } from '../../../electron/core/i18n/main-words';
import { settingsMigrations } from '../../../electron/core/settings-migrations';
import { upgradeDataFolder } from '../../../electron/core/upgrade-data-folder';
import { FIXTURES, snapshot, userVersion } from '../../support/migration-fixtures';
import { useTempDir } from '../../support/temp-dir';

const tempDir = useTempDir('packdesk-upgrade-copies-');

const schemaOf = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return userVersion(db);
  } finally {
    db.close();
  }
};

test('each update that migrates keeps a copy of the ledger it started from; the last two are kept', async () => {
  const dataDir = tempDir();
  const current = ledgerMigrations.length;
  // Three updates in a row, each finding a ledger one schema behind (as a counter skipping no release would).
  for (const [version, schema] of [
    ['0.2.0', current - 3],
    ['0.3.0', current - 2],
    ['0.4.0', current - 1],
  ] as const) {
    copyFileSync(join(FIXTURES, `ledger-v${schema}.db`), join(dataDir, 'ledger.db'));
    const outcome = upgradeDataFolder(dataDir, version);
    expect(outcome).toMatchObject({ checked: true, problems: [], copies: [join(dataDir, `ledger.db.before-${version}`)] });
    expect(schemaOf(join(dataDir, `ledger.db.before-${version}`))).toBe(schema);
    expect(schemaOf(join(dataDir, 'ledger.db'))).toBe(current);
    await sleep(20);
  }
  expect(
    readdirSync(dataDir)
      .filter((name) => name.startsWith('ledger.db.before-'))
      .sort(),
  ).toEqual(['ledger.db.before-0.3.0', 'ledger.db.before-0.4.0']);
  expect(readFileSync(join(dataDir, 'last-version'), 'utf8')).toBe('0.4.0');
  // The next start of the same version checks and copies nothing.
  expect(upgradeDataFolder(dataDir, '0.4.0')).toEqual({ checked: false, previous: '0.4.0', problems: [], copies: [] });
});

test('a migration that fails after the check puts every database back as it was; the words say so', () => {
  const dataDir = tempDir();
  copyFileSync(join(FIXTURES, `ledger-v${ledgerMigrations.length - 1}.db`), join(dataDir, 'ledger.db'));
  copyFileSync(join(FIXTURES, `settings-v${settingsMigrations.length - 1}.db`), join(dataDir, 'settings.db'));
  // Sound for SQLite and at a known schema, but the last settings step cannot run on it (its column is already there).
  const settings = new DatabaseSync(join(dataDir, 'settings.db'));
  settings.exec('ALTER TABLE profiles ADD COLUMN change_approval_above_minor INTEGER');
  settings.close();
  writeFileSync(join(dataDir, 'last-version'), '0.3.0');
  const bookings = snapshot(join(dataDir, 'ledger.db'), { bookings: 'id' });
  const settingsBytes = createHash('sha256')
    .update(readFileSync(join(dataDir, 'settings.db')))
    .digest('hex');

  const outcome = upgradeDataFolder(dataDir, '0.4.0');

  expect(outcome.problems).toHaveLength(1);
  expect(englishText(outcome.problems[0]?.what ?? '')).toMatch(
    /^Packdesk 0\.4\.0 could not bring settings\.db up to date \(.*duplicate column name: change_approval_above_minor.*\)\. Every file was put back as it was before this start\.$/,
  );
  expect(englishText(outcome.problems[0]?.todo ?? '')).toBe(
    'Reinstall Packdesk 0.3.0 and start it; then tell your support what this message says.',
  );
  // The ledger had been migrated already: it is back at its old schema, with its rows, for 0.3.0 to open.
  expect(schemaOf(join(dataDir, 'ledger.db'))).toBe(ledgerMigrations.length - 1);
  expect(snapshot(join(dataDir, 'ledger.db'), { bookings: 'id' })).toEqual(bookings);
  expect(
    createHash('sha256')
      .update(readFileSync(join(dataDir, 'settings.db')))
      .digest('hex'),
  ).toBe(settingsBytes);
  expect(readFileSync(join(dataDir, 'last-version'), 'utf8')).toBe('0.3.0');
});

test('a check that cannot make its copies (the temporary folder is not there) stops the start in words and writes nothing', () => {
  const dataDir = tempDir();
  copyFileSync(join(FIXTURES, `ledger-v${ledgerMigrations.length - 1}.db`), join(dataDir, 'ledger.db'));
  writeFileSync(join(dataDir, 'last-version'), '0.3.0');
  const before = readdirSync(dataDir).map((name) => [
    name,
    createHash('sha256')
      .update(readFileSync(join(dataDir, name)))
      .digest('hex'),
  ]);
  vi.stubEnv('TMPDIR', join(dataDir, 'no-such-folder'));
  try {
    const outcome = upgradeDataFolder(dataDir, '0.4.0');
    expect(outcome.problems).toHaveLength(1);
    expect(englishText(outcome.problems[0]?.what ?? '')).toMatch(
      /^Packdesk 0\.4\.0 could not run its start-up check on the data folder \(.*ENOENT.*\); it changed nothing\.$/,
    );
    expect(englishText(outcome.problems[0]?.todo ?? '')).toMatch(/^Free some space on the disk/);
  } finally {
    vi.unstubAllEnvs();
  }
  expect(
    readdirSync(dataDir).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(dataDir, name)))
        .digest('hex'),
    ]),
  ).toEqual(before);
});

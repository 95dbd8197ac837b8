/** The upgrade fixtures (test/fixtures/migrations) and what every upgrade test reads of them. */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { expect } from 'vitest';
import type { Migration } from '../../electron/sqlite/database';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import { settingsMigrations } from '../../electron/core/settings-migrations';
import { sandboxMigrations } from '../../electron/sandbox/migrations';

export const FIXTURES = fileURLToPath(new URL('../fixtures/migrations/', import.meta.url));
export const REGENERATE = 'node_modules/.bin/node scripts/make-migration-fixtures.mjs';

export const DATABASES: { name: string; migrations: readonly Migration[] }[] = [
  { name: 'ledger', migrations: ledgerMigrations },
  { name: 'settings', migrations: settingsMigrations },
  { name: 'sandbox', migrations: sandboxMigrations },
];

/** Every schema version a file on an agent's disk may still be at: 1 to the current one, exclusive. */
export const olderVersions = (migrations: readonly Migration[]) => Array.from({ length: migrations.length - 1 }, (_, index) => index + 1);
export const fixtureName = (database: string, version: number) => `${database}-v${version}.db`;
export const EXPECTED_FIXTURES = DATABASES.flatMap(({ name, migrations }) =>
  olderVersions(migrations).map((version) => ({ name, migrations, version, file: fixtureName(name, version) })),
);

export type Row = Record<string, unknown>;

/** A copy of a fixture in a fresh folder: the file in the repository is never opened for writing. */
export function copyFixture(dir: string, name: string): string {
  const source = join(FIXTURES, name);
  if (!existsSync(source)) throw new Error(`test/fixtures/migrations/${name} is missing: run ${REGENERATE} and commit what it writes.`);
  const copy = join(dir, name);
  copyFileSync(source, copy);
  return copy;
}

export const rowsOf = (db: DatabaseSync, table: string, order = 'rowid'): Row[] =>
  db
    .prepare(`SELECT * FROM ${table} ORDER BY ${order}`)
    .all()
    .map((row) => ({ ...row }));

/** Every row of these tables as the old version left them, read with plain SQL before any upgrade. */
export function snapshot(file: string, tables: Record<string, string>): Record<string, Row[]> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Object.fromEntries(Object.entries(tables).map(([table, order]) => [table, rowsOf(db, table, order)]));
  } finally {
    db.close();
  }
}

export const userVersion = (db: DatabaseSync) => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

export function expectSound(db: DatabaseSync): void {
  expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
  expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
}

export const schemaOf = (db: DatabaseSync) =>
  db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex_%' ORDER BY type, name")
    .all()
    .map((row) => ({ ...row }));

// Writes the upgrade fixtures: for each database and each schema version k before the current one,
// test/fixtures/migrations/<db>-v<k>.db, made by the first k migrations (through the real openDatabase)
// and filled with plain SQL with the rows a counter or a service of that version could hold.
// test/integration/migrations/*.test.ts open every one with today's migrations and check each row.
//
//   node_modules/.bin/node scripts/make-migration-fixtures.mjs         writes the fixtures that are missing
//   node_modules/.bin/node scripts/make-migration-fixtures.mjs --all   rewrites every fixture
//
// Run it after appending a migration: it adds the fixture of the version that just became "older".
// Existing fixtures are kept by default, as they stand for files already on agents' disks (and a
// newer SQLite would rewrite their bytes for nothing). Node 24 is needed for node:sqlite.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { json } from './migration-fixtures/common.mjs';
import { fillLedger } from './migration-fixtures/ledger.mjs';
import { fillSandbox } from './migration-fixtures/sandbox.mjs';
import { fillSettings } from './migration-fixtures/settings.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'test', 'fixtures', 'migrations');
const rewriteAll = process.argv.includes('--all');

if (!process.versions.node || Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Node ${process.versions.node} has no node:sqlite; run node_modules/.bin/node scripts/make-migration-fixtures.mjs`);
  process.exit(1);
}

/** The migrations and openDatabase, from the TypeScript sources, bundled in memory. */
async function loadSources() {
  const entry = [
    "export { openDatabase } from './electron/sqlite/database';",
    "export { ledgerMigrations } from './electron/core/ledger/ledger-migrations';",
    "export { settingsMigrations } from './electron/core/settings-migrations';",
    "export { sandboxMigrations } from './electron/sandbox/migrations';",
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'migration-fixtures-entry.ts' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

// ---------------------------------------------------------------------------------------------

const sources = await loadSources();
const databases = [
  { name: 'ledger', migrations: sources.ledgerMigrations, fill: fillLedger },
  { name: 'settings', migrations: sources.settingsMigrations, fill: fillSettings },
  { name: 'sandbox', migrations: sources.sandboxMigrations, fill: fillSandbox },
];

mkdirSync(outDir, { recursive: true });
for (const { name, migrations, fill } of databases) {
  for (let version = 1; version < migrations.length; version += 1) {
    const file = join(outDir, `${name}-v${version}.db`);
    const shown = relative(root, file);
    if (existsSync(file) && !rewriteAll) {
      console.log(`kept    ${shown}`);
      continue;
    }
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    const db = sources.openDatabase(file, migrations.slice(0, version));
    db.exec('BEGIN');
    fill(db, version);
    db.exec('COMMIT');
    const problems = db.prepare('PRAGMA foreign_key_check').all();
    if (problems.length) throw new Error(`${shown}: rows break a foreign key: ${json(problems)}`);
    // One self-contained file: the WAL folded in and switched off, small pages, no free ones.
    db.exec('PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE; PRAGMA page_size = 1024; VACUUM;');
    db.close();
    for (const suffix of ['-wal', '-shm', '-journal'])
      if (existsSync(`${file}${suffix}`)) throw new Error(`${shown}${suffix} was left behind`);
    console.log(`wrote   ${shown} (schema ${version}, ${statSync(file).size} bytes)`);
  }
}

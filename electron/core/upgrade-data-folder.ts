import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineMessages } from '../../shared/i18n/messages';
import { openDatabase } from './database';
import type { StartProblem } from './self-check';
import { DATA_FILES, checkDataFolder, removeCheckCopies } from './upgrade-check';
import type { CheckedFile } from './upgrade-check';

/** The version that last ran on this data folder, written once its databases are at that version's schema. */
export const VERSION_FILE = 'last-version';
/** Copies from before a migration kept per database (`ledger.db.before-<version>`): the last two. */
export const COPIES_KEPT = 2;

export interface UpgradeOutcome {
  /** Whether this start was the first of another version on this folder with data in it (the check ran). */
  checked: boolean;
  /** The version that ran here before; null on a folder from before this was recorded, or a new one. */
  previous: string | null;
  /** What stopped the start, in the agent's words; empty when the folder is ready. */
  problems: StartProblem[];
  /** The copies made before migrating, by path. */
  copies: string[];
}

const copyName = (file: string, version: string) => `${file}.before-${version}`;

const words = defineMessages({
  checkNotRun: {
    id: 'start.upgrade.checkNotRun',
    defaultMessage: 'Packdesk {version} could not run its start-up check on the data folder ({problem}); it changed nothing.',
  },
  checkNotRunTodo: {
    id: 'start.upgrade.checkNotRun.todo',
    defaultMessage:
      'Free some space on the disk (the check copies the databases to the temporary folder first), then start Packdesk again.',
  },
  notMigrated: {
    id: 'start.upgrade.notMigrated',
    defaultMessage:
      'Packdesk {version} could not bring {file} up to date ({problem}). Every file was put back as it was before this start.',
  },
  notMigratedTodo: {
    id: 'start.upgrade.notMigrated.todo',
    defaultMessage:
      'Reinstall Packdesk {previous, select, none {at the version you had before} other {{previous}}} and start it; then tell your support what this message says.',
  },
});

/**
 * Run at start, before anything opens the databases. When another version ran last (or none is
 * recorded), the self-check (upgrade-check.ts) runs first; a failure changes nothing in the folder.
 * Only then is each database whose schema is older copied aside as `<file>.before-<version>` and
 * migrated. A migration that fails puts every copy back, so the version before still opens them.
 */
export function upgradeDataFolder(dataDir: string, version: string): UpgradeOutcome {
  const stamp = join(dataDir, VERSION_FILE);
  const previous = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() || null : null;
  if (previous === version) return { checked: false, previous, problems: [], copies: [] };
  if (!DATA_FILES.some(({ file }) => existsSync(join(dataDir, file)))) {
    writeFileSync(stamp, version);
    return { checked: false, previous, problems: [], copies: [] };
  }
  let check: ReturnType<typeof checkDataFolder>;
  try {
    check = checkDataFolder(dataDir, version, previous);
  } catch (error) {
    // The check could not even run (no room for its copies, say): nothing in the folder was written yet.
    const what = { message: words.checkNotRun, values: { version, problem: (error as Error).message } };
    return { checked: true, previous, problems: [{ what, todo: { message: words.checkNotRunTodo } }], copies: [] };
  }
  try {
    if (check.problems.length) return { checked: true, previous, problems: check.problems, copies: [] };
    const behind = check.checked.filter((database) => database.schema < database.migrations.length);
    const copies = behind.map((database) => copyAside(dataDir, database, version));
    const failure = migrate(dataDir, behind, version, previous);
    if (failure) {
      for (const [index, database] of behind.entries()) putBack(dataDir, database.file, copies[index] as string);
      return { checked: true, previous, problems: [failure], copies };
    }
    writeFileSync(stamp, version);
    return { checked: true, previous, problems: [], copies };
  } finally {
    removeCheckCopies(check);
  }
}

/** The checked copy (one file, WAL folded in) put beside the database, then older copies beyond the last two removed. */
function copyAside(dataDir: string, database: CheckedFile, version: string): string {
  const aside = join(dataDir, copyName(database.file, version));
  copyFileSync(database.copy, `${aside}.partial`);
  renameSync(`${aside}.partial`, aside);
  const older = readdirSync(dataDir)
    .filter((name) => name.startsWith(`${database.file}.before-`) && !name.endsWith('.partial') && join(dataDir, name) !== aside)
    .map((name) => ({ path: join(dataDir, name), at: statSync(join(dataDir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { path } of older.slice(COPIES_KEPT - 1)) rmSync(path, { force: true });
  return aside;
}

function migrate(dataDir: string, behind: CheckedFile[], version: string, previous: string | null): StartProblem | null {
  for (const database of behind) {
    try {
      openDatabase(join(dataDir, database.file), database.migrations).close();
    } catch (error) {
      return {
        what: { message: words.notMigrated, values: { version, file: database.file, problem: (error as Error).message } },
        todo: { message: words.notMigratedTodo, values: { previous: previous ?? 'none' } },
      };
    }
  }
  return null;
}

/** A database as it was before the start: its copy in its place, without a log of the migration's writes. */
function putBack(dataDir: string, file: string, copy: string): void {
  const target = join(dataDir, file);
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  copyFileSync(copy, target);
}

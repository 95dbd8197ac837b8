import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { auditMigrations } from './audit/audit-migrations';
import { CHAIN_SELECT, walkChain } from './audit/audit-chain';
import { defineMessages } from '../../shared/i18n/messages';
import type { Message } from '../../shared/i18n/messages';
import type { Text } from './i18n/main-words';
import type { ChainRow } from './audit/audit-chain';
import type { Migration } from './database';
import { ledgerMigrations } from './ledger/ledger-migrations';
import type { StartProblem } from './self-check';
import { settingsMigrations } from './settings-migrations';

const words = defineMessages({
  ledger: { id: 'start.check.file.ledger', defaultMessage: 'the ledger of bookings' },
  settings: { id: 'start.check.file.settings', defaultMessage: 'the settings (profiles, agents, preferences)' },
  audit: { id: 'start.check.file.audit', defaultMessage: 'the audit of settings actions' },
  failed: { id: 'start.check.failed', defaultMessage: 'Packdesk {version} did not pass its start-up check: {label} ({file}) {what}' },
  reinstall: {
    id: 'start.check.reinstall',
    defaultMessage:
      'Reinstall Packdesk {previous, select, none {at the version you had before} other {{previous}}} and start it: this version left every file in the data folder exactly as it was. Then tell your support what this message says.',
  },
  damaged: { id: 'start.check.damaged', defaultMessage: 'is damaged (SQLite: {problem}).' },
  newer: {
    id: 'start.check.newer',
    defaultMessage: 'was written by a newer Packdesk (schema {schema}; this version knows up to {known}).',
  },
  newerTodo: {
    id: 'start.check.newer.todo',
    defaultMessage:
      'Install the newest Packdesk this counter ran again; this version does not change a file it does not understand, and left it as it was.',
  },
  brokenChain: { id: 'start.check.brokenChain', defaultMessage: 'does not hold together: {problem}' },
  unreadable: { id: 'start.check.unreadable', defaultMessage: 'is damaged or cannot be read (SQLite: {problem}).' },
});

/** The data folder's databases this build migrates at start, as the agent would name them. */
export const DATA_FILES: readonly { file: string; label: Message; migrations: readonly Migration[] }[] = [
  { file: 'ledger.db', label: words.ledger, migrations: ledgerMigrations },
  { file: 'settings.db', label: words.settings, migrations: settingsMigrations },
  { file: 'audit.db', label: words.audit, migrations: auditMigrations },
];

/** One database as checked: the copy it was checked on (a single file, WAL folded in) and its schema. */
export interface CheckedFile {
  file: string;
  migrations: readonly Migration[];
  copy: string;
  schema: number;
}

export interface FolderCheck {
  problems: StartProblem[];
  checked: CheckedFile[];
  /** The temporary folder holding the checked copies; the caller removes it. */
  workDir: string;
}

const userVersion = (db: DatabaseSync) => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

/**
 * The self-check an update runs on its first start, before anything is migrated. Each database is
 * copied (with its write-ahead log) to a temporary folder and checked there, because even a
 * read-only SQLite connection leaves -wal and -shm files beside a WAL database: the data folder
 * itself is only read. Checked: SQLite's integrity check, a schema this build knows how to migrate
 * from, and the audit's hash chain (a migration on a broken chain would make it unverifiable).
 */
export function checkDataFolder(dataDir: string, version: string, previous: string | null): FolderCheck {
  const workDir = mkdtempSync(join(tmpdir(), 'packdesk-upgrade-check-'));
  const problems: StartProblem[] = [];
  const checked: CheckedFile[] = [];
  const reinstall: Text = { message: words.reinstall, values: { previous: previous ?? 'none' } };
  try {
    for (const { file, label, migrations } of DATA_FILES) {
      const source = join(dataDir, file);
      if (!existsSync(source)) continue;
      const copy = join(workDir, file);
      copyFileSync(source, copy);
      if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${copy}-wal`);
      const fail = (what: Text, todo = reinstall) =>
        problems.push({ what: { message: words.failed, values: { version, label: { message: label }, file, what } }, todo });
      let db: DatabaseSync | null = null;
      try {
        db = new DatabaseSync(copy);
        const integrity = (db.prepare('PRAGMA integrity_check(5)').all() as { integrity_check: string }[]).map(
          (row) => row.integrity_check,
        );
        if (integrity.join() !== 'ok') {
          fail({ message: words.damaged, values: { problem: integrity.slice(0, 2).join('; ') } });
          continue;
        }
        const schema = userVersion(db);
        if (schema > migrations.length) {
          fail({ message: words.newer, values: { schema, known: migrations.length } }, { message: words.newerTodo });
          continue;
        }
        if (file === 'audit.db' && schema > 0) {
          const broken = auditBreak(db);
          if (broken) {
            fail({ message: words.brokenChain, values: { problem: broken } });
            continue;
          }
        }
        // One self-contained file: the checked copy is what a migration's copy aside is made of.
        db.exec('PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;');
        checked.push({ file, migrations, copy, schema });
      } catch (error) {
        fail({ message: words.unreadable, values: { problem: (error as Error).message } });
      } finally {
        db?.close();
      }
    }
  } catch (error) {
    // A copy that could not be made (no room in the temporary folder): nothing was written in the data folder.
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  return { problems, checked, workDir };
}

/** The first break in the audit's chain, in its own words; null when every entry holds. */
function auditBreak(db: DatabaseSync): Text | null {
  const rows = db.prepare(`${CHAIN_SELECT} ORDER BY sequence`);
  rows.setReturnArrays(true);
  const byHash = db.prepare(`${CHAIN_SELECT} WHERE hash = ? LIMIT 1`);
  byHash.setReturnArrays(true);
  const walk = walkChain(rows.iterate() as IterableIterator<unknown> as IterableIterator<ChainRow>, 0, (hash) => {
    const row = byHash.get(hash) as unknown as ChainRow | undefined;
    return row ?? null;
  });
  return walk.broken ? walk.broken.text : null;
}

/** Removes a check's temporary copies. */
export function removeCheckCopies(check: FolderCheck): void {
  rmSync(check.workDir, { recursive: true, force: true });
}

import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { auditMigrations } from './audit/audit-migrations';
import { CHAIN_SELECT, walkChain } from './audit/audit-chain';
import { englishText } from './i18n/main-words';
import type { ChainRow } from './audit/audit-chain';
import type { Migration } from './database';
import { ledgerMigrations } from './ledger/ledger-migrations';
import type { StartProblem } from './self-check';
import { settingsMigrations } from './settings-migrations';

/** The data folder's databases this build migrates at start, as the agent would name them. */
export const DATA_FILES: readonly { file: string; label: string; migrations: readonly Migration[] }[] = [
  { file: 'ledger.db', label: 'the ledger of bookings', migrations: ledgerMigrations },
  { file: 'settings.db', label: 'the settings (profiles, agents, preferences)', migrations: settingsMigrations },
  { file: 'audit.db', label: 'the audit of settings actions', migrations: auditMigrations },
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
  const reinstall = `Reinstall Packdesk ${previous ?? 'at the version you had before'} and start it: this version left every file in the data folder exactly as it was. Then tell your support what this message says.`;
  try {
    for (const { file, label, migrations } of DATA_FILES) {
      const source = join(dataDir, file);
      if (!existsSync(source)) continue;
      const copy = join(workDir, file);
      copyFileSync(source, copy);
      if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${copy}-wal`);
      const fail = (what: string, todo = reinstall) =>
        problems.push({ what: `Packdesk ${version} did not pass its start-up check: ${label} (${file}) ${what}`, todo });
      let db: DatabaseSync | null = null;
      try {
        db = new DatabaseSync(copy);
        const integrity = (db.prepare('PRAGMA integrity_check(5)').all() as { integrity_check: string }[]).map(
          (row) => row.integrity_check,
        );
        if (integrity.join() !== 'ok') {
          fail(`is damaged (SQLite: ${integrity.slice(0, 2).join('; ')}).`);
          continue;
        }
        const schema = userVersion(db);
        if (schema > migrations.length) {
          fail(
            `was written by a newer Packdesk (schema ${schema}; this version knows up to ${migrations.length}).`,
            'Install the newest Packdesk this counter ran again; this version does not change a file it does not understand, and left it as it was.',
          );
          continue;
        }
        if (file === 'audit.db' && schema > 0) {
          const broken = auditBreak(db);
          if (broken) {
            fail(`does not hold together: ${broken}`);
            continue;
          }
        }
        // One self-contained file: the checked copy is what a migration's copy aside is made of.
        db.exec('PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;');
        checked.push({ file, migrations, copy, schema });
      } catch (error) {
        fail(`is damaged or cannot be read (SQLite: ${(error as Error).message}).`);
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
function auditBreak(db: DatabaseSync): string | null {
  const rows = db.prepare(`${CHAIN_SELECT} ORDER BY sequence`);
  rows.setReturnArrays(true);
  const byHash = db.prepare(`${CHAIN_SELECT} WHERE hash = ? LIMIT 1`);
  byHash.setReturnArrays(true);
  const walk = walkChain(rows.iterate() as IterableIterator<unknown> as IterableIterator<ChainRow>, 0, (hash) => {
    const row = byHash.get(hash) as unknown as ChainRow | undefined;
    return row ?? null;
  });
  return walk.broken ? englishText(walk.broken.text) : null;
}

/** Removes a check's temporary copies. */
export function removeCheckCopies(check: FolderCheck): void {
  rmSync(check.workDir, { recursive: true, force: true });
}

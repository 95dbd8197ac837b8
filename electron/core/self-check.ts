import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// A type only: the module itself is loaded inside the check, so its absence can be reported.
import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../shared/i18n/messages';
import type { Text } from './i18n/main-words';

/** Something that keeps Packdesk from starting, in the words shown to the agent (worded in the system's language). */
export interface StartProblem {
  what: Text;
  todo: Text;
}

const words = defineMessages({
  noFts: {
    id: 'start.problem.noFts',
    defaultMessage: 'This build of Packdesk has SQLite without full-text search (FTS5), which the booking history needs.',
  },
  noSqlite: {
    id: 'start.problem.noSqlite',
    defaultMessage: 'This build of Packdesk has no SQLite (node:sqlite), where it keeps every booking.',
  },
  officialPackage: {
    id: 'start.problem.officialPackage',
    defaultMessage: 'Install the official Packdesk package for this system; do not run it under another Electron or Node.',
  },
  notWritable: { id: 'start.problem.notWritable', defaultMessage: 'Packdesk cannot write to its data folder {folder} ({code}).' },
  notWritableTodo: {
    id: 'start.problem.notWritable.todo',
    defaultMessage: 'Give your user account write access to that folder, or ask your administrator; no booking is lost.',
  },
  diskFull: {
    id: 'start.problem.diskFull',
    defaultMessage: 'The disk holding {folder} has only {free} MB free; Packdesk needs at least {needed} MB to record bookings safely.',
  },
  diskFullTodo: { id: 'start.problem.diskFull.todo', defaultMessage: 'Free some space on that disk, then start Packdesk again.' },
});

/** Below this, a ledger write or a backup could fail half-way. */
const MIN_FREE_BYTES = 200 * 1024 * 1024;

/**
 * What Packdesk needs before it opens its databases: Node's SQLite with full-text search, a data
 * folder it can write, and room on its disk. Run before anything else loads, so a counter that lacks
 * one sees what is wrong instead of a blank window. node:sqlite is loaded here, not imported, for that reason.
 */
export async function startProblems(
  dataDir: string,
  minFreeBytes = MIN_FREE_BYTES,
  loadSqlite: () => Promise<{ DatabaseSync: typeof DatabaseSync }> = () => import('node:sqlite'),
): Promise<StartProblem[]> {
  const problems: StartProblem[] = [];
  try {
    const { DatabaseSync } = await loadSqlite();
    const db = new DatabaseSync(':memory:');
    try {
      db.exec('CREATE VIRTUAL TABLE probe USING fts5(text)');
    } catch {
      problems.push({ what: { message: words.noFts }, todo: { message: words.officialPackage } });
    } finally {
      db.close();
    }
  } catch {
    problems.push({ what: { message: words.noSqlite }, todo: { message: words.officialPackage } });
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = join(dataDir, `.write-check-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (error) {
    problems.push({
      what: { message: words.notWritable, values: { folder: dataDir, code: (error as NodeJS.ErrnoException).code ?? 'error' } },
      todo: { message: words.notWritableTodo },
    });
    return problems;
  }
  const disk = statfsSync(dataDir);
  const free = disk.bavail * disk.bsize;
  if (free < minFreeBytes) {
    const megabytes = (bytes: number) => String(Math.floor(bytes / (1024 * 1024)));
    problems.push({
      what: { message: words.diskFull, values: { folder: dataDir, free: megabytes(free), needed: megabytes(minFreeBytes) } },
      todo: { message: words.diskFullTodo },
    });
  }
  return problems;
}

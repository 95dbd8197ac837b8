import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// A type only: the module itself is loaded inside the check, so its absence can be reported.
import type { DatabaseSync } from 'node:sqlite';

/** Something that keeps Packdesk from starting, in the words shown to the agent. */
export interface StartProblem {
  what: string;
  todo: string;
}

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
      problems.push({
        what: 'This build of Packdesk has SQLite without full-text search (FTS5), which the booking history needs.',
        todo: 'Install the official Packdesk package for this system; do not run it under another Electron or Node.',
      });
    } finally {
      db.close();
    }
  } catch {
    problems.push({
      what: 'This build of Packdesk has no SQLite (node:sqlite), where it keeps every booking.',
      todo: 'Install the official Packdesk package for this system; do not run it under another Electron or Node.',
    });
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = join(dataDir, `.write-check-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (error) {
    problems.push({
      what: `Packdesk cannot write to its data folder ${dataDir} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      todo: 'Give your user account write access to that folder, or ask your administrator; no booking is lost.',
    });
    return problems;
  }
  const disk = statfsSync(dataDir);
  const free = disk.bavail * disk.bsize;
  if (free < minFreeBytes) {
    problems.push({
      what: `The disk holding ${dataDir} has only ${Math.floor(free / (1024 * 1024))} MB free; Packdesk needs at least ${Math.round(minFreeBytes / (1024 * 1024))} MB to record bookings safely.`,
      todo: 'Free some space on that disk, then start Packdesk again.',
    });
  }
  return problems;
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { englishText } from '../../electron/core/i18n/main-words';
import { startProblems } from '../../electron/core/self-check';
import type { StartProblem } from '../../electron/core/self-check';

/** The problems in the English words the box shows on an English system. */
const worded = (problems: StartProblem[]) => problems.map(({ what, todo }) => ({ what: englishText(what), todo: englishText(todo) }));

const made: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-check-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('what Packdesk checks before it starts', () => {
  test('on a sound machine: nothing to say, and the data folder is made if missing', async () => {
    expect(await startProblems(join(freshDir(), 'Packdesk'))).toEqual([]);
  });

  test('a data folder that cannot be made or written: which folder, and what to do', async () => {
    const blocked = join(freshDir(), 'a-file');
    writeFileSync(blocked, 'not a folder');
    const problems = worded(await startProblems(join(blocked, 'Packdesk')));
    expect(problems).toEqual([
      {
        what: expect.stringMatching(/cannot write to its data folder .*a-file\/Packdesk \(ENOTDIR\)/),
        todo: expect.stringContaining('write access'),
      },
    ]);
  });

  test('a nearly full disk: how much is free and how much is needed', async () => {
    const problems = worded(await startProblems(freshDir(), Number.MAX_SAFE_INTEGER));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.what).toMatch(/has only \d+ MB free; Packdesk needs at least \d+ MB/);
  });

  test('no SQLite, or SQLite without full-text search: said in words, not a crash', async () => {
    const noSqlite = worded(await startProblems(freshDir(), 0, () => Promise.reject(new Error('No such built-in module: node:sqlite'))));
    expect(noSqlite.map((problem) => problem.what)).toEqual([expect.stringContaining('has no SQLite (node:sqlite)')]);

    // A SQLite built without FTS5 refuses the virtual table, as this stand-in does.
    const real = await import('node:sqlite');
    class WithoutFts5 extends real.DatabaseSync {
      override exec(sql: string): void {
        if (/fts5/i.test(sql)) throw new Error('no such module: fts5');
        super.exec(sql);
      }
    }
    const noFts = worded(await startProblems(freshDir(), 0, () => Promise.resolve({ DatabaseSync: WithoutFts5 })));
    expect(noFts.map((problem) => problem.what)).toEqual([expect.stringContaining('without full-text search (FTS5)')]);
  });
});

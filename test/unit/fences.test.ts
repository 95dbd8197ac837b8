import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import tseslint from 'typescript-eslint';
import { describe, expect, test } from 'vitest';

// The project's own lint configuration, run on probe files that cross a fence. Type information is
// switched off here (probe files are not on disk); the import rules need none.
const eslint = new ESLint({
  cwd: `${import.meta.dirname}/../..`,
  overrideConfig: [
    { languageOptions: { parserOptions: { projectService: false, project: null } }, rules: tseslint.configs.disableTypeChecked.rules },
  ],
});

async function importRuleErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('fences the lint enforces', () => {
  test.each([
    ['electron/core/probe.ts', "import { app } from 'electron';"],
    ['electron/core/probe.ts', "import { ipcMain } from 'electron/main';"],
    ['electron/sandbox/probe.ts', "import type { WebContents } from 'electron/main';"],
    ['shared/probe.ts', "import { contextBridge } from 'electron/renderer';"],
    ['renderer/src/probe.ts', "import { ipcRenderer } from 'electron';"],
    ['bench/probe.ts', "import { shell } from 'electron/common';"],
  ])('%s may not import Electron: %s', async (file, source) => {
    expect(await importRuleErrors(file, `${source}\nexport const probe = 1;\n`)).toEqual([
      expect.stringMatching(/Only electron\/main and electron\/preload may import electron|never import from electron\//),
    ]);
  });

  test.each([
    ['renderer/src/probe.ts', "import { AppError } from '../../electron/core/app-error';"],
    ['renderer/payment/probe.ts', "import type { PaymentWindows } from '../../electron/core/payments/payment-windows';"],
    ['shared/probe.ts', "import { createLedger } from '../electron/core/ledger/ledger';"],
  ])('%s may not import from electron/: %s', async (file, source) => {
    expect(await importRuleErrors(file, `${source}\nexport const probe = 1;\n`)).toEqual([
      expect.stringContaining('renderer/ and shared/ never import from electron/'),
    ]);
  });

  test.each([
    ['electron/main/probe.ts', "import { app } from 'electron';"],
    ['electron/preload/probe.ts', "import { contextBridge } from 'electron';"],
    ['electron/core/probe.ts', "import { createLedger } from './ledger/ledger';"],
    ['renderer/src/probe.ts', "import { formatMoney } from '../../shared/format';"],
  ])('%s may: %s', async (file, source) => {
    expect(await importRuleErrors(file, `${source}\nexport const probe = 1;\n`)).toEqual([]);
  });
});

describe('the fence between the core and the built-in service', () => {
  const serviceApart = 'it reaches the core only through contracts in shared/';
  const coreApart = 'The core reaches the built-in service only over HTTP and through contracts in shared/';
  const notMain = 'nothing it composes imports it back';
  const notRenderer = 'The renderer runs in the page';
  const sqliteApart = 'electron/sqlite is a library that the core and the built-in service both use';

  test.each([
    ['electron/sandbox/probe.ts', "import { openDatabase } from '../core/database';", serviceApart],
    ['electron/sandbox/probe.ts', "import type { BuiltInService } from '../core/core';", serviceApart],
    ['electron/sandbox/dialects/probe.ts', "import { AppError } from '../../core/app-error';", serviceApart],
    ['electron/sandbox/probe.ts', "import { AppError } from '../../electron/core/app-error';", serviceApart],
    ['electron/sandbox/probe.ts', "import { startPackdesk } from '../main/packdesk-app';", notMain],
    ['electron/sandbox/probe.ts', "import { call } from '../../renderer/src/bridge';", notRenderer],
    ['electron/core/training/probe.ts', "import type { ControlSettings } from '../../sandbox/controls';", coreApart],
    ['electron/core/probe.ts', "import { startSandbox } from '../sandbox/sandbox';", coreApart],
    ['electron/core/probe.ts', "import { asBuiltInService } from '../main/built-in-service';", notMain],
    ['electron/core/ipc/probe.ts', "import { useAppStore } from '../../../renderer/src/stores/app-store';", notRenderer],
    ['electron/sqlite/probe.ts', "import { AppError } from '../core/app-error';", sqliteApart],
    ['electron/sqlite/probe.ts', "import { sandboxMigrations } from '../sandbox/migrations';", sqliteApart],
    [
      'renderer/src/probe.ts',
      "import { DIALECTS } from '../../electron/sandbox/dialect';",
      'renderer/ and shared/ never import from electron/',
    ],
  ])('%s may not: %s', async (file, source, message) => {
    expect(await importRuleErrors(file, `${source}\nexport const probe = 1;\n`)).toEqual([expect.stringContaining(message)]);
  });

  test.each([
    ['electron/main/probe.ts', "import { createCore } from '../core/core';\nimport { startSandbox } from '../sandbox/sandbox';"],
    [
      'test/integration/probe.test.ts',
      "import { createCore } from '../../electron/core/core';\nimport { startSandbox } from '../../electron/sandbox/sandbox';",
    ],
    [
      'bench/probe.ts',
      "import { openDatabase } from '../electron/core/database';\nimport { startSandbox } from '../electron/sandbox/sandbox';",
    ],
    [
      'electron/sandbox/probe.ts',
      "import { transaction } from '../sqlite/database';\nimport type { ControlSettings } from '../../shared/training-controls';",
    ],
    ['electron/core/training/probe.ts', "import type { ControlSettings } from '../../../shared/training-controls';"],
    ['electron/core/probe.ts', "import { transaction } from '../sqlite/database';"],
  ])('%s may: %s', async (file, source) => {
    expect(await importRuleErrors(file, `${source}\nexport const probe = 1;\n`)).toEqual([]);
  });
});

describe('one data path in the renderer', () => {
  test.each([
    ['renderer/src/screens/bookings/Probe.tsx', "import { call } from '../../bridge';"],
    ['renderer/src/screens/Probe.tsx', "import { describeError } from '../bridge';"],
    ['renderer/src/components/Probe.tsx', "import { BridgeError } from '../bridge';"],
    ['renderer/src/App.tsx', "import { call } from './bridge';"],
  ])('%s may not import the bridge: %s', async (file, source) => {
    expect(await importRuleErrors(file, `${source}\nexport const probe = 1;\n`)).toEqual([
      expect.stringContaining('do not call the bridge'),
    ]);
  });

  test.each([
    ['renderer/src/stores/probe-store.ts', "import { call } from '../bridge';"],
    ['renderer/src/hooks/use-probe.ts', "import { call } from '../bridge';"],
    ['renderer/src/screens/Probe.tsx', "import { useMainCall } from '../hooks/use-main-call';"],
    ['renderer/src/screens/Probe.tsx', "import type { PackdeskBridge } from '../../../shared/bridge';"],
  ])('%s may: %s', async (file, source) => {
    expect(await importRuleErrors(file, `${source}\nexport const probe = 1;\n`)).toEqual([]);
  });
});

describe('dead code the unused-export check finds', () => {
  const root = `${import.meta.dirname}/../..`;

  /** The project's tracked files in a scratch folder, with one change, checked by knip with the project's configuration. */
  function knipAfter(change: (dir: string) => void): { status: number | null; output: string } {
    const dir = mkdtempSync(join(tmpdir(), 'packdesk-knip-'));
    try {
      // Every tracked file, as a fresh clone has it (and nothing a local build left behind).
      const tracked = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
      for (const file of tracked) cpSync(join(root, file), join(dir, file), { recursive: true });
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
      change(dir);
      const run = spawnSync(join(root, 'node_modules/.bin/knip'), ['--no-progress', '--no-config-hints'], { cwd: dir, encoding: 'utf8' });
      return { status: run.status, output: run.stdout + run.stderr };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('an export nothing imports fails the check, and names itself', () => {
    const found = knipAfter((dir) => appendFileSync(join(dir, 'shared/format.ts'), '\nexport const neverImported = 1;\n'));
    expect(found.status).not.toBe(0);
    expect(found.output).toMatch(/neverImported\s+shared\/format\.ts/);
  });

  test('the project as it is passes', () => {
    const found = knipAfter(() => {});
    expect(found.output.trim()).toBe('');
    expect(found.status).toBe(0);
  });
});

describe('the other checks of npm test', () => {
  const root = `${import.meta.dirname}/../..`;

  test('type-aware lint fails on a promise nobody awaits, handles or marks with void', () => {
    const dir = mkdtempSync(join(tmpdir(), 'packdesk-lint-'));
    try {
      for (const entry of ['electron', 'shared', 'eslint.config.js', 'package.json'])
        cpSync(join(root, entry), join(dir, entry), { recursive: true });
      for (const config of readdirSync(root).filter((name) => /^tsconfig.*\.json$/.test(name)))
        cpSync(join(root, config), join(dir, config));
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
      const probe = 'electron/core/probe.ts';
      writeFileSync(join(dir, probe), 'async function later(): Promise<void> {}\nexport function start(): void {\n  later();\n}\n');
      const run = spawnSync(join(root, 'node_modules/.bin/eslint'), ['--max-warnings', '0', probe], { cwd: dir, encoding: 'utf8' });
      expect(run.stdout).toContain('@typescript-eslint/no-floating-promises');
      expect(run.status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the formatting check refuses a file not as Prettier writes it, and accepts it once written so', async () => {
    const filepath = join(root, 'shared/probe.ts');
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    const cramped = "export const probe = {a:1,   b:'two'}\n";
    expect(await prettier.check(cramped, options)).toBe(false);
    expect(await prettier.check(await prettier.format(cramped, options), options)).toBe(true);
  });
});

describe('the size of a file', () => {
  test('no source file is over 400 lines: a longer one does more than one thing', () => {
    const root = `${import.meta.dirname}/../..`;
    const sources = spawnSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js', '*.cjs', '*.css'], { cwd: root, encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
    expect(sources.length).toBeGreaterThan(100);
    const long = sources
      .map((file) => ({ file, lines: readFileSync(join(root, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});

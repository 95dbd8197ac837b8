import { ESLint } from 'eslint';
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

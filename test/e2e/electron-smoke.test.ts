import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { expect, test } from 'vitest';
import { ROOT } from './paths';
import { say } from './words';

/** The Electron binary, where it has been downloaded (a developer's machine after `npm start`); null here. */
function electronBinary(): string | null {
  const pathFile = join(ROOT, 'node_modules/electron/path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(ROOT, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();

test.skipIf(binary === null)('the real app opens one secure window, in training mode', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'packdesk-smoke-'));
  const app = await electron.launch({
    executablePath: binary as string,
    args: [ROOT],
    env: { ...process.env, PACKDESK_DATA_DIR: dataDir },
  });
  try {
    const page = await app.firstWindow();
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toBe(say('profile.mode.training'));
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => Object.keys(window.packdesk).sort())).toContain('profiles:list');
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

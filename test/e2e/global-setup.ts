import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { logFilesUnder, secretsInLog } from '../support/log-scan';
import { BRIDGE_BUNDLE, LOGS, ROOT } from './paths';

/**
 * Builds the app exactly as `npm run build` does, and the harness's browser bridge, once per run.
 * After the run, every log the harnesses wrote is scanned: a key, client secret, card number or
 * e-mail address in any of them fails the run.
 */
export default async function setup(): Promise<() => void> {
  rmSync(LOGS, { recursive: true, force: true });
  execFileSync(join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], { cwd: ROOT, stdio: 'pipe' });
  await build({
    entryPoints: [join(ROOT, 'test/e2e/browser/bridge-entry.ts')],
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    outfile: BRIDGE_BUNDLE,
    logLevel: 'error',
  });
  return () => {
    const files = existsSync(LOGS) ? logFilesUnder(LOGS) : [];
    const findings = files.flatMap((file) => secretsInLog(file).map((found) => `${file}: ${found}`));
    if (findings.length === 0) {
      console.info(`Logs after the browser suite: ${files.length} files, nothing secret in any.`);
      return;
    }
    // A thrown teardown is only printed by vitest; the exit code is what fails the run.
    process.exitCode = 1;
    throw new Error(
      `The browser suite's logs hold what no log may (keys, client secrets, card numbers, e-mail addresses):\n${findings.join('\n')}`,
    );
  };
}

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BRIDGE_BUNDLE, ROOT } from './paths';

/** Builds the app exactly as `npm run build` does, and the harness's browser bridge, once per run. */
export default async function setup(): Promise<void> {
  execFileSync(join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], { cwd: ROOT, stdio: 'pipe' });
  await build({
    entryPoints: [join(ROOT, 'test/e2e/browser/bridge-entry.ts')],
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    outfile: BRIDGE_BUNDLE,
    logLevel: 'error',
  });
}

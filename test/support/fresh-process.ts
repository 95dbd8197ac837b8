import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Runs a TypeScript entry file in a new Node process with its own environment (a process-wide
 * state such as the D-Bus connection cannot be reset inside the test process). Resolves to stdout.
 */
export async function runInFreshProcess(entry: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; code: number }> {
  const outDir = join(ROOT, 'test-results/fresh-process');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${basename(entry, '.ts')}.mjs`);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [outfile], { env: { ...process.env, ...env } });
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; code?: number };
    return { stdout: failed.stdout ?? '', code: failed.code ?? 1 };
  }
}

import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { esbuildCompiledCatalogs } from '../../scripts/compiled-catalogs';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Runs a TypeScript entry file in a new Node process with its own environment (a process-wide
 * state such as the D-Bus connection cannot be reset inside the test process). Resolves to stdout.
 */
async function bundled(entry: string): Promise<string> {
  const outDir = join(ROOT, 'test-results/fresh-process');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'error',
    plugins: [esbuildCompiledCatalogs()],
  });
  return outfile;
}

/** Starts a TypeScript entry file in a new Node process and hands it over running, to be killed when the test says. */
export async function startFreshProcess(entry: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return spawn(process.execPath, [await bundled(entry)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function runInFreshProcess(entry: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; code: number }> {
  const outfile = await bundled(entry);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [outfile], { env: { ...process.env, ...env } });
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; code?: number };
    return { stdout: failed.stdout ?? '', code: failed.code ?? 1 };
  }
}

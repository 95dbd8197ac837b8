import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

async function buildCli(): Promise<string> {
  const outfile = join(ROOT, 'test-results/sandbox-cli/cli.mjs');
  await build({
    entryPoints: [join(ROOT, 'electron/sandbox/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** Runs the built service with `args` until it has printed its keys. */
async function runCli(outfile: string, args: string[]) {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'packdesk-cli-')), 'service.db');
  const child = spawn(process.execPath, [outfile, ...args], {
    env: { ...process.env, PORT: '0', PACKDESK_SANDBOX_DB: dataFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Try:')) resolve(output);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, ready };
}

test('npm run sandbox -- --dialect alternate: prints the dialect and answers in it; an unknown dialect stops it', async () => {
  const outfile = await buildCli();
  const { child, ready } = await runCli(outfile, ['--dialect', 'alternate']);
  try {
    const output = await ready;
    expect(output).toMatch(/dialect\s+alternate/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/partner\/v1/.exec(output)?.[1];
    const answer = await fetch(`${url}/api/partner/v1/packages?title=lisbon`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: 'invalid_api_key' });
  } finally {
    child.kill('SIGTERM');
  }
  const wrong = await runCli(outfile, ['--dialect=klingon']);
  await expect(wrong.ready).rejects.toThrow(/exited 2: Unknown dialect "klingon"/);
});

test('npm run sandbox: the service on its own prints its address and keys, and answers with them', async () => {
  const outfile = join(ROOT, 'test-results/sandbox-cli/cli.mjs');
  await build({
    entryPoints: [join(ROOT, 'electron/sandbox/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  const dataFile = join(mkdtempSync(join(tmpdir(), 'packdesk-cli-')), 'service.db');
  const child = spawn(process.execPath, [outfile], {
    env: { ...process.env, PORT: '0', PACKDESK_SANDBOX_DB: dataFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Try:')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/partner\/v1/.exec(output)?.[1];
    const testKey = /test key\s+(sk_test_\S+)/.exec(output)?.[1];
    expect(url).toBeDefined();
    expect(output).toMatch(/dialect\s+standard/);
    expect(output).toMatch(/live key\s+sk_live_\S+/);
    const answer = await fetch(`${url}/api/partner/v1/packages?title=lisbon`, { headers: { Authorization: `Bearer ${testKey}` } });
    expect(await answer.json()).toMatchObject({ data: [{ title: 'Lisbon City Break' }] });
  } finally {
    child.kill('SIGTERM');
  }
});

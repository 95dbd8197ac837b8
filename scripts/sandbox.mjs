// `npm run sandbox`: bundles the built-in service's entry point and runs it on Node 24.
import { spawn } from 'node:child_process';
import { build } from 'esbuild';

const outfile = 'out/sandbox/cli.mjs';
await build({
  entryPoints: ['electron/sandbox/cli.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile,
  logLevel: 'error',
});
const child = spawn(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

// `npm run bench [-- --quick] [-- --large]`: bundles the service, the benchmarks and the memory probe, then runs them on
// Node 24. The benchmarks build the app (electron-vite) and the harness's bridge themselves before measuring anything.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
// Node 24 runs this file and reads the TypeScript plugin as it is.
import { esbuildCompiledCatalogs } from './compiled-catalogs.ts';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'error',
  plugins: [esbuildCompiledCatalogs()],
};
await build({ ...common, entryPoints: ['electron/sandbox/cli.ts'], outfile: 'out/sandbox/cli.mjs' });
await build({ ...common, entryPoints: ['bench/run.ts'], outfile: 'out/bench/run.mjs' });
await build({ ...common, entryPoints: ['bench/rss-probe.ts'], outfile: 'out/bench/rss-probe.mjs' });
// Issue 29's idle-CPU, cold-start and day-at-the-counter figures run the app in fresh processes.
await build({ ...common, entryPoints: ['bench/counter-day-process.ts'], outfile: 'out/bench/counter-day.mjs' });
await build({ ...common, entryPoints: ['bench/cold-start-process.ts'], outfile: 'out/bench/cold-start.mjs' });
await build({ ...common, entryPoints: ['bench/idle-cpu-process.ts'], outfile: 'out/bench/idle-cpu.mjs' });
// Each counter of the agency figures runs in a process of its own, as each counter is its own app.
await build({ ...common, entryPoints: ['bench/agency-counter-process.ts'], outfile: 'out/bench/agency-counter.mjs' });
// The screen figures drive Chromium with the same harness as the e2e tests, so they run with a keyring session too.
const result = spawnSync('scripts/with-keyring.sh', [process.execPath, 'out/bench/run.mjs', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);

// `npm run bench`: bundles the service and the benchmarks, then runs them on Node 24.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'error' };
await build({ ...common, entryPoints: ['electron/sandbox/cli.ts'], outfile: 'out/sandbox/cli.mjs' });
await build({ ...common, entryPoints: ['bench/run.ts'], outfile: 'out/bench/run.mjs' });
// The counter figures drive Chromium with the same harness as the e2e tests, so they run with a keyring session too.
const result = spawnSync('scripts/with-keyring.sh', [process.execPath, 'out/bench/run.mjs'], { stdio: 'inherit' });
process.exit(result.status ?? 1);

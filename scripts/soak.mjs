// `npm run soak -- --counters N --bookings M --seed S`: bundles the service, the counter and the driver, then runs the soak on Node 24.
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
if (process.argv.includes('--agency')) {
  // The agency soak (bench/soak/agency/): counters joined to one agency on PostgreSQL, its own counter and driver.
  await build({ ...common, entryPoints: ['bench/soak/agency/agency-soak-counter.ts'], outfile: 'out/soak/agency-soak-counter.mjs' });
  await build({ ...common, entryPoints: ['bench/soak/agency/agency-soak.ts'], outfile: 'out/soak/agency-soak.mjs' });
  process.exit(spawnSync(process.execPath, ['out/soak/agency-soak.mjs', ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1);
}
await build({ ...common, entryPoints: ['bench/soak/soak-counter.ts'], outfile: 'out/soak/soak-counter.mjs' });
await build({ ...common, entryPoints: ['bench/soak/soak.ts'], outfile: 'out/soak/soak.mjs' });
const result = spawnSync(process.execPath, ['out/soak/soak.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);

import { join } from 'node:path';
import { DIALECTS, isDialect } from './dialect';
import { startSandbox } from './sandbox';

// `npm run sandbox [-- --dialect alternate]`: the built-in service on its own, for trying the API by hand or pointing a profile at it.
function dialectArgument(args: readonly string[]): string {
  const index = args.findIndex((arg) => arg === '--dialect' || arg.startsWith('--dialect='));
  if (index < 0) return process.env.PACKDESK_SANDBOX_DIALECT ?? 'standard';
  const arg = args[index] as string;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (args[index + 1] ?? '');
}

const dialect = dialectArgument(process.argv.slice(2));
if (!isDialect(dialect)) {
  console.error(`Unknown dialect "${dialect}"; use one of: ${DIALECTS.join(', ')}.`);
  process.exit(2);
}
const dataFile = process.env.PACKDESK_SANDBOX_DB ?? join(process.cwd(), '.sandbox', 'training-service.db');
const port = Number(process.env.PORT ?? 4010); // 0 picks a free port
const sandbox = await startSandbox({
  dataFile,
  port,
  dialect,
  controls: { supplierDelayMs: Number(process.env.SUPPLIER_DELAY_MS ?? 2000) },
});
console.log(`Package Booking Service (training copy) listening on ${sandbox.url}/api/partner/v1`);
console.log(`  dialect     ${sandbox.dialect}   (chosen per start: --dialect standard|alternate)`);
console.log(`  data file   ${dataFile}`);
console.log(`  test key    ${sandbox.keys.testKey}`);
console.log(`  live key    ${sandbox.keys.liveKey}`);
console.log(`  admin key   ${sandbox.adminKey}   (for /sandbox/controls and /sandbox/faults)`);
console.log(`Try: curl -H "Authorization: Bearer ${sandbox.keys.testKey}" "${sandbox.url}/api/partner/v1/packages?title=lisbon"`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import { join } from 'node:path';
import { startSandbox } from './sandbox';

// `npm run sandbox`: the built-in service on its own, for trying the API by hand or pointing a profile at it.
const dataFile = process.env.PACKDESK_SANDBOX_DB ?? join(process.cwd(), '.sandbox', 'training-service.db');
const port = Number(process.env.PORT ?? 4010); // 0 picks a free port
const sandbox = await startSandbox({ dataFile, port, controls: { supplierDelayMs: Number(process.env.SUPPLIER_DELAY_MS ?? 2000) } });
console.log(`Package Booking Service (training copy) listening on ${sandbox.url}/api/partner/v1`);
console.log(`  data file   ${dataFile}`);
console.log(`  test key    ${sandbox.keys.testKey}`);
console.log(`  live key    ${sandbox.keys.liveKey}`);
console.log(`  admin key   ${sandbox.adminKey}   (for /sandbox/controls and /sandbox/faults)`);
console.log(`Try: curl -H "Authorization: Bearer ${sandbox.keys.testKey}" "${sandbox.url}/api/partner/v1/packages?title=lisbon"`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import { createCore } from '../electron/core/core';
import { createKeychainStore } from '../electron/core/secrets';

/**
 * Run as a child process by the idle-CPU figure (bench/idle-cpu.ts): the app's core with its own
 * timings (reconciler, connectivity probe) on the data folder in `argv[2]`, against the service in
 * `argv[3]` (JSON: url and keys). It starts, is left alone for `argv[4]` ms (the start's own work is not
 * counted), then the CPU it uses over `argv[5]` ms idle is printed, with the service calls made meanwhile.
 */
const [dataDir, serviceJson, settleMs, windowMs] = process.argv.slice(2) as [string, string, string, string];
const service = JSON.parse(serviceJson) as { url: string; testKey: string; liveKey: string };
let calls = 0;
const realFetch = globalThis.fetch;
// Counted, not changed: every call the core makes to the service goes through fetch.
globalThis.fetch = (...args: Parameters<typeof fetch>) => {
  calls += 1;
  return realFetch(...args);
};
const core = createCore({
  dataDir,
  secrets: createKeychainStore('Packdesk-bench'),
  version: 'bench',
  builtInService: () => service,
});
await core.start();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
await pause(Number(settleMs));
const callsBefore = calls;
const cpuBefore = process.cpuUsage();
const started = performance.now();
await pause(Number(windowMs));
const cpu = process.cpuUsage(cpuBefore);
const elapsedMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, elapsedMs, serviceCalls: calls - callsBefore })}\n`);
await core.shutdown();
process.exit(0);

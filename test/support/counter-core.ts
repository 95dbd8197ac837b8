import type { BuiltInService, CoreOptions } from '../../electron/core/core';
import type { RetryPolicy } from '../../electron/core/api/retry-policy';
import { createKeychainStore } from '../../electron/core/secrets';

// No vitest here: counters in the tests' child processes and the bench (bundled by esbuild) use it.

/**
 * The core of a counter run outside the app (a test's child process, a bench counter): its own data
 * folder, the built-in service at `service`, secrets in the OS keychain under `keychainService`, and
 * the connectivity probe all but off (every ten minutes), as the run knows the service is there.
 */
export function counterCoreOptions(counter: {
  dataDir: string;
  service: BuiltInService;
  keychainService: string;
  version: string;
}): CoreOptions {
  return {
    dataDir: counter.dataDir,
    secrets: createKeychainStore(counter.keychainService),
    version: counter.version,
    builtInService: () => counter.service,
    connectivityIntervalMs: 600_000,
  };
}

/**
 * The same for a counter in a child process, from what its parent put in its environment: its data
 * folder in PACKDESK_DATA_DIR, the built-in service in SERVICE_URL, SERVICE_TEST_KEY and SERVICE_LIVE_KEY.
 */
export function childCounterCoreOptions(names: { keychainService: string; version: string }): CoreOptions {
  const env = process.env;
  return counterCoreOptions({
    ...names,
    dataDir: env.PACKDESK_DATA_DIR as string,
    service: { url: env.SERVICE_URL as string, testKey: env.SERVICE_TEST_KEY as string, liveKey: env.SERVICE_LIVE_KEY as string },
  });
}

/** Three quick tries: a counter that is killed mid-round gets through many rounds before it is. */
export const QUICK_RETRY: RetryPolicy = { maxAttempts: 3, initialDelayMs: 10, maxDelayMs: 40, patienceMs: 1000 };

/** Six tries: enough to get past a service that fails calls on purpose (the soak's and the many-counters bench's faults). */
export const PATIENT_RETRY: RetryPolicy = { maxAttempts: 6, initialDelayMs: 20, maxDelayMs: 200, patienceMs: 2_000 };

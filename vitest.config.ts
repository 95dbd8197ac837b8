import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './scripts/compiled-catalogs';

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
    // The app logs every write and every failed call ('[service] …'); the tests make thousands on purpose.
    // The browser tests still keep them, in their log files (test-results/e2e/logs).
    onConsoleLog: (line) => !line.includes('[service] '),
    projects: [
      {
        plugins: [compiledCatalogs()],
        test: {
          name: 'node',
          include: [
            'test/unit/**/*.test.ts',
            'test/integration/**/*.test.ts',
            'test/electron/**/*.test.ts',
            'test/packaging/fuses.test.ts',
            'test/packaging/forge-config.test.ts',
          ],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        plugins: [compiledCatalogs()],
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'test/packaging/installer.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          expect: { poll: { timeout: 5_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time: two cores are shared with the build and the services.
          fileParallelism: false,
          // In CI a browser test that fails is tried once more; one that then passes is still listed by name
          // (scripts/run-tests.mjs), with what failed the first time, so a flaky screen is seen, not hidden.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});

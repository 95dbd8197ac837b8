import { afterEach, expect } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Why the first try of a browser test failed, when CI tried it again (scripts/run-tests.mjs lists it). */
    failedOnce?: string;
  }
}
import { focusTrail } from './focus-watch';
import { startHarness } from './harness';
import type { Harness, HarnessOptions } from './harness';

/**
 * One harness per test, closed after it (with the harness's own checks: the focus never left on the
 * page's body, no card number in any file), and the test failed by any error the page threw. A test
 * that failed prints the page's last focus moves and keys first: a failure seen only in CI says what
 * the page did.
 */
export function useHarness(): (options?: HarnessOptions) => Promise<Harness> {
  let current: Harness | undefined;
  afterEach(async (context) => {
    const harness = current;
    current = undefined;
    if (harness && context.task.result?.state === 'fail') {
      // A test that CI tries again is listed by `npm test` even when the second try passes.
      context.task.meta.failedOnce = context.task.result.errors?.[0]?.message ?? 'failed';
      console.log(`The page's last focus moves and keys (${context.task.name}):\n${(await focusTrail(harness.page)).join('\n')}`);
    }
    const errors = harness?.pageErrors ?? [];
    await harness?.close();
    expect(errors).toEqual([]);
  });
  return async (options) => (current = await startHarness(options));
}

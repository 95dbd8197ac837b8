import { afterEach, expect } from 'vitest';
import { startHarness } from './harness';
import type { Harness, HarnessOptions } from './harness';

/**
 * One harness per test, closed after it (with the harness's own checks: the focus never left on the
 * page's body, no card number in any file), and the test failed by any error the page threw.
 */
export function useHarness(): (options?: HarnessOptions) => Promise<Harness> {
  let current: Harness | undefined;
  afterEach(async () => {
    const harness = current;
    current = undefined;
    const errors = harness?.pageErrors ?? [];
    await harness?.close();
    expect(errors).toEqual([]);
  });
  return async (options) => (current = await startHarness(options));
}

import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The agent's keyboard: every navigation key pressed is counted (what the traveler's data needs to
 * be typed is not), and after each one the focus must be somewhere the next key can go, never on the page's body.
 */
export function keyCounter(page: Page) {
  let keys = 0;
  const focusOnSomething = async () =>
    expect.poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);
  return {
    get keys() {
      return keys;
    },
    async press(key: string) {
      keys += 1;
      await page.keyboard.press(key);
      await focusOnSomething();
    },
    async type(text: string) {
      await page.keyboard.type(text);
    },
    /** Counts a key pressed in another window (the bank's). */
    count() {
      keys += 1;
    },
    focusOnSomething,
  };
}

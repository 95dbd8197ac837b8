import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import type { Core } from '../electron/core/core';
import { createDispatcher, logUnexpectedFailure } from '../electron/core/dispatch';
import { CHROMIUM_OPTIONS } from '../test/e2e/harness';
import { BRIDGE_BUNDLE, RENDERER_DIR } from '../test/e2e/paths';
import { serveDirectory } from '../test/e2e/static-server';

/**
 * The built renderer in Chromium wired to a core made by the bench (the e2e harness makes its own):
 * its `window.packdesk` bridge goes through the same dispatcher the main process uses, and every
 * event the core tells the screens is pushed to the page, as the harness does.
 */
export interface AttachedRenderer {
  page: Page;
  /** The page's used JS heap after a forced garbage collection, in MB (Chromium's own count). */
  heapMb(): Promise<number>;
  close(): Promise<void>;
}

export async function attachRenderer(core: Core): Promise<AttachedRenderer> {
  const site = await serveDirectory(RENDERER_DIR);
  const browser: Browser = await chromium.launch(CHROMIUM_OPTIONS);
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 }, locale: 'en-GB', timezoneId: 'Europe/Lisbon' });
  const page = await context.newPage();
  const dispatch = createDispatcher(core.handlers, logUnexpectedFailure, core.language.words);
  await page.exposeBinding('__packdeskInvoke', (_source, channel: unknown, input: unknown) => dispatch(channel, input));
  await page.addInitScript({ path: BRIDGE_BUNDLE });
  const unsubscribe = core.events.subscribe((event) => {
    page.evaluate((pushed) => window.__packdeskEmit(pushed), event).catch(() => undefined);
  });
  await page.goto(`${site.url}/index.html`);
  // The counter's screens drawn (its language loads first), or why they cannot be; then the app started.
  await page.locator('[data-testid="counter-work"], [role="alert"]').first().waitFor({ state: 'attached', timeout: 30_000 });
  await page.getByRole('status', { name: 'Starting Packdesk' }).waitFor({ state: 'detached', timeout: 30_000 });
  return {
    page,
    async heapMb() {
      const session = await context.newCDPSession(page);
      try {
        await session.send('HeapProfiler.collectGarbage');
        return (await session.send('Runtime.getHeapUsage')).usedSize / 1_048_576;
      } finally {
        await session.detach();
      }
    },
    async close() {
      unsubscribe();
      await browser.close();
      await site.close();
    },
  };
}

import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
export const RENDERER_DIR = join(ROOT, 'out/renderer');
export const BRIDGE_BUNDLE = join(ROOT, 'test-results/e2e/bridge.js');
/** Where the browser tests put screenshots on every run; `npm run screenshots` copies them into docs/screenshots. */
export const SCREENSHOTS = join(ROOT, 'test-results/screenshots');
/** Where each browser harness writes its log, through the app's own redaction; scanned after the suite. */
export const LOGS = join(ROOT, 'test-results/e2e/logs');

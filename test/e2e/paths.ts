import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
export const RENDERER_DIR = join(ROOT, 'out/renderer');
export const BRIDGE_BUNDLE = join(ROOT, 'test-results/e2e/bridge.js');
export const SCREENSHOTS = join(ROOT, 'docs/screenshots');

// Renders packaging/icon.svg to the PNG the installers carry (packaging/icon.png, 512 px), in
// Debian's Chromium. Run after changing the SVG; both files are committed.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const dir = join(import.meta.dirname, '../packaging');
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: join(dir, 'icon.png'), omitBackground: true });
} finally {
  await browser.close();
}

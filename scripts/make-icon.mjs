// Renders packaging/icon.svg to the icons the installers carry, in Debian's Chromium: icon.png
// (512 px, Linux), icon.ico (Windows) and icon.icns (macOS), the last two holding PNG images as both
// formats allow. Run after changing the SVG; every file is committed.
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const dir = join(import.meta.dirname, '../packaging');
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const render = async (size) => {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace(/width="512" height="512"/, `width="${size}" height="${size}"`)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    await page.close();
    return png;
  };
  const png512 = await render(512);
  const png256 = await render(256);
  writeFileSync(join(dir, 'icon.png'), png512);
  // ICO: a header, one directory entry (0 = 256 px), then the PNG itself.
  const ico = Buffer.alloc(22);
  ico.writeUInt16LE(0, 0);
  ico.writeUInt16LE(1, 2);
  ico.writeUInt16LE(1, 4);
  ico.writeUInt8(0, 6);
  ico.writeUInt8(0, 7);
  ico.writeUInt16LE(1, 10);
  ico.writeUInt16LE(32, 12);
  ico.writeUInt32LE(png256.length, 14);
  ico.writeUInt32LE(22, 18);
  writeFileSync(join(dir, 'icon.ico'), Buffer.concat([ico, png256]));
  // ICNS: 'icns' and the file's length, then entries of type, length and PNG (ic08: 256 px, ic09: 512 px).
  const entry = (type, data) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  };
  const entries = Buffer.concat([entry('ic08', png256), entry('ic09', png512)]);
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'ascii');
  header.writeUInt32BE(entries.length + 8, 4);
  writeFileSync(join(dir, 'icon.icns'), Buffer.concat([header, entries]));
} finally {
  await browser.close();
}

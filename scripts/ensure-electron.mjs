// `npm start` runs this first: Electron 45 downloads its binary on first use, and electron-vite
// needs it in place before it starts. Later starts find it and go straight on.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const electronDir = join(import.meta.dirname, '../node_modules/electron');
const pathFile = join(electronDir, 'path.txt');
const ready = existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8')));

if (!ready) {
  console.log('Downloading the Electron binary (first start only)…');
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Electron could not be downloaded. Check the internet connection (it comes from GitHub), then run npm start again.');
    process.exit(1);
  }
}

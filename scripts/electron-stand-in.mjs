// Makes a stand-in for Electron's Linux zip (electron-v<version>-linux-x64.zip) where GitHub, and so
// the real download, cannot be reached: the real file list, a `version` file and a valid
// default_app.asar, so that @electron/packager and the makers run exactly as with the real one.
// The `electron` in it is a script that says it is a stand-in: an installer made from it is for
// inspection (layout, size, dependencies), never for a counter.
// Usage: node scripts/electron-stand-in.mjs <folder>; prints the folder holding the zip.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPackage } from '@electron/asar';

const version = JSON.parse(readFileSync(join(import.meta.dirname, '../node_modules/electron/package.json'), 'utf8')).version;
const outDir = resolve(process.argv[2] ?? join(import.meta.dirname, '../.cache/electron-stand-in'));
const zipPath = join(outDir, `electron-v${version}-linux-x64.zip`);

if (!existsSync(zipPath)) {
  const work = mkdtempSync(join(tmpdir(), 'electron-stand-in-'));
  const dist = join(work, 'dist');
  const files = [
    'LICENSE',
    'LICENSES.chromium.html',
    'chrome-sandbox',
    'chrome_100_percent.pak',
    'chrome_200_percent.pak',
    'chrome_crashpad_handler',
    'icudtl.dat',
    'libEGL.so',
    'libGLESv2.so',
    'libffmpeg.so',
    'libvk_swiftshader.so',
    'libvulkan.so.1',
    'locales/en-US.pak',
    'locales/de.pak',
    'locales/fr.pak',
    'locales/pt-PT.pak',
    'resources.pak',
    'snapshot_blob.bin',
    'v8_context_snapshot.bin',
    'vk_swiftshader_icd.json',
  ];
  for (const file of files) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), `stand-in for Electron ${version}: ${file}\n`);
  }
  writeFileSync(join(dist, 'version'), version);
  writeFileSync(
    join(dist, 'electron'),
    `#!/bin/sh\necho "This is a stand-in for Electron ${version}, made for inspecting installers; it cannot run Packdesk." >&2\nexit 1\n`,
  );
  chmodSync(join(dist, 'electron'), 0o755);
  chmodSync(join(dist, 'chrome-sandbox'), 0o4755);

  const defaultApp = join(work, 'default_app');
  mkdirSync(defaultApp);
  writeFileSync(join(defaultApp, 'package.json'), JSON.stringify({ name: 'electron', productName: 'Electron', main: 'main.js' }));
  writeFileSync(join(defaultApp, 'main.js'), "console.log('default app');\n");
  mkdirSync(join(dist, 'resources'));
  await createPackage(defaultApp, join(dist, 'resources/default_app.asar'));

  mkdirSync(outDir, { recursive: true });
  const zipped = spawnSync('zip', ['-qry', zipPath, '.'], { cwd: dist, stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
  if (zipped.status !== 0) {
    console.error('zip failed: install it (apt-get install zip) and try again.');
    process.exit(1);
  }
}
console.log(outDir);

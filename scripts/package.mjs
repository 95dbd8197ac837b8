// `npm run package`: builds the app and makes the installers for the machine it runs on (Linux: a
// .deb and a .zip; macOS: a .zip; Windows: a .zip) into dist-installers/make.
// Next to them, the update metadata electron-updater reads (latest-linux.yml, …; scripts/update-feed.mjs):
// `npm run publish-feed -- DIR` lays out a feed folder from the same installers.
// Electron comes from its usual download. Where that cannot be reached (no GitHub, as in CI), a
// stand-in Electron is made so the installer can still be built and inspected; it is marked
// ~standin in its version and cannot run the app. PACKDESK_ELECTRON_ZIP_DIR points at a folder
// with the real electron-v<version>-<platform>-<arch>.zip to build offline for real.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { feedFiles, findInstallers } from './update-feed.mjs';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Whether Electron's own download answers (a HEAD request, a few seconds at most). */
async function electronDownloadReachable() {
  const url = `https://github.com/electron/electron/releases/download/v${electronVersion}/SHASUMS256.txt`;
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5_000) });
    return response.ok;
  } catch {
    return false;
  }
}

// The tools' own `node` is the project's (Node 24), as under npm run.
const env = { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}` };
if (!env.PACKDESK_ELECTRON_ZIP_DIR && !(await electronDownloadReachable())) {
  const standIn = spawnSync(process.execPath, [join(root, 'scripts/electron-stand-in.mjs')], { cwd: root, encoding: 'utf8' });
  if (standIn.status !== 0) {
    console.error(standIn.stderr);
    process.exit(1);
  }
  env.PACKDESK_ELECTRON_ZIP_DIR = standIn.stdout.trim();
  env.PACKDESK_ELECTRON_STAND_IN = '1';
  console.warn(
    `\nElectron ${electronVersion} cannot be downloaded here: building with a STAND-IN Electron.\n` +
      'The installers are for inspecting the layout and size only and cannot run Packdesk (their version ends in ~standin).\n' +
      'To build real ones offline, set PACKDESK_ELECTRON_ZIP_DIR to a folder holding the real Electron zip.\n',
  );
}

const started = Date.now();
run(bin('electron-vite'), ['build'], env);
run(bin('electron-forge'), ['make'], env);

const makeDir = join(root, 'dist-installers/make');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { installers, skipped } = findInstallers(makeDir);
for (const line of skipped) console.warn(`No update metadata for ${line}`);
// Addresses relative to the make folder, so that it can itself be served as a feed.
const urlOf = (installer) => relative(makeDir, installer.path).split(sep).join('/');
for (const [name, text] of feedFiles(installers, { version, urlOf })) writeFileSync(join(makeDir, name), text);
console.log(`\nInstallers and their update metadata in dist-installers/make (${Math.round((Date.now() - started) / 1000)} s).`);

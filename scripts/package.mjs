// `npm run package`: builds the app and makes the installers for the machine it runs on (Linux: a
// .deb and a .zip; macOS: a .zip; Windows: a .zip) into dist-installers/make.
// Electron comes from its usual download. Where that cannot be reached (no GitHub, as in CI), a
// stand-in Electron is made so the installer can still be built and inspected; it is marked
// ~standin in its version and cannot run the app. PACKDESK_ELECTRON_ZIP_DIR points at a folder
// with the real electron-v<version>-<platform>-<arch>.zip to build offline for real.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
console.log(`\nInstallers in dist-installers/make (${Math.round((Date.now() - started) / 1000)} s).`);

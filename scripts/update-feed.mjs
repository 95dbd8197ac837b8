// The update feed's files as electron-updater reads them (electron-builder's format): for each
// platform a `<channel>[-platform[-arch]].yml` naming the version, each installer with its sha512
// (base64) and size, and the share of counters a staged release is offered to. Used by
// `npm run package` (the files next to the installers) and `npm run publish-feed` (a feed folder).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';

/**
 * What electron-updater installs on each platform, found under Forge's make folder: on Linux the
 * .deb (DebUpdater), on macOS the .zip (MacUpdater hands it to Squirrel.Mac; the .dmg is for a
 * first install), on Windows an NSIS installer (NsisUpdater). Forge's Squirrel Setup.exe is not
 * one: electron-updater cannot install it, so it is left out and said so (README, Windows).
 */
const KINDS = [
  { platform: 'linux', folder: 'deb', extension: '.deb' },
  { platform: 'mac', folder: 'zip', extension: '.zip', under: 'darwin' },
  { platform: 'windows', folder: 'nsis', extension: '.exe' },
];

/** Forge's arch folder names, as electron-updater names them in a feed file. */
const ARCHES = new Set(['x64', 'arm64', 'ia32', 'armv7l']);

/**
 * The installers under `makeDir` (Forge's `make` folder), each with its platform and architecture.
 * Returns the installers and the lines saying what was left out and why.
 */
export function findInstallers(makeDir) {
  const installers = [];
  const skipped = [];
  const files = readdirSync(makeDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const path of files) {
    const parts = relative(makeDir, path).split(sep);
    const kind = KINDS.find(
      (k) => parts[0] === k.folder && path.endsWith(k.extension) && (k.under === undefined || parts.includes(k.under)),
    );
    if (!kind) {
      if (parts[0] === 'squirrel.windows' && path.endsWith('.exe'))
        skipped.push(`${basename(path)}: a Squirrel.Windows installer, which electron-updater cannot install (see README, Windows).`);
      continue;
    }
    const arch = parts.find((part) => ARCHES.has(part)) ?? 'x64';
    installers.push({ path, platform: kind.platform, arch, name: basename(path) });
  }
  return { installers, skipped };
}

/** The feed file electron-updater asks for: `latest-linux.yml`, `early-mac.yml`, `latest.yml` (Windows), `latest-linux-arm64.yml`. */
export function feedFileName(channel, platform, arch) {
  if (platform === 'windows') return `${channel}.yml`;
  // Linux has one file per architecture; macOS lists every architecture in one (MacUpdater picks by name).
  const archPart = platform === 'linux' && arch !== 'x64' ? `-${arch}` : '';
  return `${channel}-${platform}${archPart}.yml`;
}

export const sha512Of = (path) => createHash('sha512').update(readFileSync(path)).digest('base64');

/**
 * The feed files' contents, by file name. `urlOf` gives an installer's address relative to the feed
 * folder; `stagingPercentage` (1 to 100) offers the version to that share of counters.
 */
export function feedFiles(installers, { version, channel = 'latest', stagingPercentage, releaseDate = new Date().toISOString(), urlOf }) {
  const groups = new Map();
  for (const installer of installers) {
    const name = feedFileName(channel, installer.platform, installer.arch);
    groups.set(name, [...(groups.get(name) ?? []), installer]);
  }
  const contents = new Map();
  for (const [name, group] of groups) {
    const files = group.map((installer) => ({
      url: urlOf(installer),
      sha512: sha512Of(installer.path),
      size: statSync(installer.path).size,
    }));
    const first = files[0];
    contents.set(
      name,
      [
        `version: ${version}`,
        'files:',
        ...files.flatMap((file) => [`  - url: ${file.url}`, `    sha512: ${file.sha512}`, `    size: ${file.size}`]),
        // The older single-file fields, still read by electron-updater for the first file.
        `path: ${first.url}`,
        `sha512: ${first.sha512}`,
        `releaseDate: '${releaseDate}'`,
        ...(stagingPercentage === undefined ? [] : [`stagingPercentage: ${stagingPercentage}`]),
        '',
      ].join('\n'),
    );
  }
  return contents;
}

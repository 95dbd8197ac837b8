// `npm run publish-feed -- DIR [--channel early] [--staging N] [--from MAKE_DIR]`: lays out an update
// feed folder from the installers `npm run package` built (dist-installers/make by default): the
// installers, flat, and the feed files electron-updater reads (latest-linux.yml, latest-mac.yml,
// latest.yml; early-*.yml with --channel early), each with the sha512 and size of its installer.
// --staging N offers the version to N counters in a hundred. Upload DIR's files to the feed's address.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { feedFiles, findInstallers } from './update-feed.mjs';

const root = join(import.meta.dirname, '..');
const usage = 'Usage: npm run publish-feed -- DIR [--channel latest|early] [--staging 1-100] [--from dist-installers/make]';

function fail(message) {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { channel: { type: 'string', default: 'latest' }, staging: { type: 'string' }, from: { type: 'string' } },
  });
} catch (error) {
  fail(error.message);
}
const { positionals, values } = parsed;
if (positionals.length !== 1) fail('Name one feed folder.');
const feedDir = resolve(positionals[0]);
// The settings call the channels stable and early; electron-updater's stable files are `latest`.
const channel = values.channel === 'stable' ? 'latest' : values.channel;
if (channel !== 'latest' && channel !== 'early') fail(`No channel "${values.channel}": latest (stable) or early.`);
const staging = values.staging === undefined ? undefined : Number(values.staging);
if (staging !== undefined && !(Number.isInteger(staging) && staging >= 1 && staging <= 100))
  fail(`--staging takes a whole number from 1 to 100, not "${values.staging}".`);
const makeDir = resolve(values.from ?? join(root, 'dist-installers/make'));
if (!existsSync(makeDir)) fail(`No installers in ${makeDir}: run npm run package first.`);

const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const { installers, skipped } = findInstallers(makeDir);
for (const line of skipped) console.warn(`left out: ${line}`);
const standIns = installers.filter((installer) => installer.name.includes('~standin'));
if (standIns.length)
  fail(`${standIns.map((i) => i.name).join(', ')}: built with a stand-in Electron, which cannot run Packdesk; never put it in a feed.`);
if (!installers.length) fail(`No installer electron-updater can install in ${makeDir} (a .deb, a macOS .zip or an NSIS .exe).`);
const names = new Set(installers.map((installer) => installer.name));
if (names.size !== installers.length) fail('Two installers have the same file name; the feed folder is flat.');

mkdirSync(feedDir, { recursive: true });
for (const installer of installers) copyFileSync(installer.path, join(feedDir, installer.name));
const files = feedFiles(installers, { version, channel, stagingPercentage: staging, urlOf: (installer) => installer.name });
for (const [name, text] of files) writeFileSync(join(feedDir, name), text);
console.log(
  `Feed for Packdesk ${version} (${channel}${staging === undefined ? '' : `, ${staging}% of counters`}) in ${feedDir}: ${[...files.keys(), ...names].join(', ')}.`,
);

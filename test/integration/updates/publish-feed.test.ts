import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { rolloutPosition } from '../../../electron/core/updates/rollout';
import { prepareFeedUpdater } from '../../../electron/main/updates/feed-updater';
import { useCore, waitUntil } from '../../support/engine-helpers';
import { useTempDir } from '../../support/temp-dir';
import { StandInAppAdapter, StandInDebUpdater } from '../../support/updater-stand-in';

const ROOT = join(import.meta.dirname, '../../..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const DEB = `packdesk_${VERSION}_amd64.deb`;
const INSTALLER = Buffer.from(`Packdesk ${VERSION} installer bytes `.repeat(3_000));

/** `npm run publish-feed -- DIR …` as a release manager runs it. */
function publishFeed(args: string[]) {
  return spawnSync(process.execPath, [join(ROOT, 'scripts/publish-feed.mjs'), ...args], { cwd: ROOT, encoding: 'utf8' });
}

/** Forge's make folder as `npm run package` leaves it: a .deb, a macOS zip, and the Squirrel Setup.exe. */
function makeFolder(dir: string): string {
  const make = join(dir, 'make');
  const put = (path: string, bytes: Buffer) => {
    mkdirSync(join(make, path, '..'), { recursive: true });
    writeFileSync(join(make, path), bytes);
  };
  put(`deb/x64/${DEB}`, INSTALLER);
  put(`zip/darwin/arm64/Packdesk-darwin-arm64-${VERSION}.zip`, Buffer.from('mac zip'));
  put('squirrel.windows/x64/Packdesk-Setup.exe', Buffer.from('squirrel setup'));
  return make;
}

/** A feed folder served as files over loopback HTTP, as an agency's web server would; every path asked for is kept. */
function useFolderServer() {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });
  return async (dir: string) => {
    const requested: string[] = [];
    const server = createServer((request, response) => {
      const name = decodeURIComponent(new URL(request.url ?? '/', 'http://feed').pathname.slice(1));
      requested.push(name);
      if (!readdirSync(dir).includes(name)) {
        response.writeHead(404).end();
        return;
      }
      const body = readFileSync(join(dir, name));
      response.writeHead(200, { 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requested };
  };
}

const settled = (core: Core) =>
  waitUntil(
    () => core.handlers['updates:status']({}),
    (status) => !['idle', 'checking', 'downloading'].includes(status.state),
  );

describe('npm run publish-feed: a feed folder the counters’ own updater reads', () => {
  const tempDir = useTempDir('packdesk-feed-');
  const coreFor = useCore();
  const serve = useFolderServer();

  /** A counter at an older version with electron-updater's Debian updater, as in the update tests. */
  const counter = async (installId?: string) => {
    const app = new StandInAppAdapter('0.0.1', tempDir());
    const updater = new StandInDebUpdater(app);
    const { core } = await coreFor(null, { updater: prepareFeedUpdater(updater, app.userDataPath), version: '0.0.1' });
    if (installId) core.preferences.set('updates.install-id', installId);
    return { core, cacheDir: join(app.baseCachePath, 'packdesk-updater') };
  };

  test('lays out the installers and latest-*.yml with each file’s sha512 and size; a counter finds, downloads and verifies the version', async () => {
    const feedDir = join(tempDir(), 'feed');
    const published = publishFeed([feedDir, '--from', makeFolder(tempDir())]);
    expect(published.status, published.stderr).toBe(0);
    expect(published.stderr).toContain('left out: Packdesk-Setup.exe: a Squirrel.Windows installer, which electron-updater cannot install');
    expect(readdirSync(feedDir).sort()).toEqual([`Packdesk-darwin-arm64-${VERSION}.zip`, DEB, 'latest-linux.yml', 'latest-mac.yml'].sort());
    const linux = readFileSync(join(feedDir, 'latest-linux.yml'), 'utf8');
    expect(linux).toContain(`version: ${VERSION}\n`);
    expect(linux).toContain(
      `  - url: ${DEB}\n    sha512: ${createHash('sha512').update(INSTALLER).digest('base64')}\n    size: ${INSTALLER.length}\n`,
    );
    expect(linux).not.toContain('stagingPercentage');

    const { url, requested } = await serve(feedDir);
    const { core, cacheDir } = await counter();
    await core.handlers['updates:configure']({ feedUrl: url, channel: 'stable' });
    expect(await settled(core)).toMatchObject({ state: 'downloaded', available: VERSION });
    expect(requested).toEqual(expect.arrayContaining(['latest-linux.yml', DEB]));
    expect(readFileSync(join(cacheDir, 'pending', DEB)).equals(INSTALLER)).toBe(true);
  });

  test('an installer changed after publishing no longer matches its feed file: the counter refuses it', async () => {
    const feedDir = join(tempDir(), 'feed');
    expect(publishFeed([feedDir, '--from', makeFolder(tempDir())]).status).toBe(0);
    const bytes = readFileSync(join(feedDir, DEB));
    bytes[100] = (bytes[100] ?? 0) ^ 1;
    writeFileSync(join(feedDir, DEB), bytes);

    const { url } = await serve(feedDir);
    const { core } = await counter();
    await core.handlers['updates:configure']({ feedUrl: url, channel: 'stable' });
    expect(await settled(core)).toMatchObject({ state: 'refused', available: null });
  });

  test('--channel early --staging 10 writes the early files with the rollout share, which the counters honour', async () => {
    const feedDir = join(tempDir(), 'feed');
    expect(publishFeed([feedDir, '--from', makeFolder(tempDir()), '--channel', 'early', '--staging', '10']).status).toBe(0);
    expect(
      readdirSync(feedDir)
        .filter((name) => name.endsWith('.yml'))
        .sort(),
    ).toEqual(['early-linux.yml', 'early-mac.yml']);
    expect(readFileSync(join(feedDir, 'early-linux.yml'), 'utf8')).toContain('\nstagingPercentage: 10\n');

    const { url } = await serve(feedDir);
    const placed = (first: boolean) => Array.from({ length: 1000 }, (_, n) => `desk-${n}`).find((id) => rolloutPosition(id) < 10 === first);
    const later = await counter(placed(false));
    await later.core.handlers['updates:configure']({ feedUrl: url, channel: 'early' });
    expect(await settled(later.core)).toMatchObject({ state: 'not-offered' });
    const first = await counter(placed(true));
    await first.core.handlers['updates:configure']({ feedUrl: url, channel: 'early' });
    expect(await settled(first.core)).toMatchObject({ state: 'downloaded', available: VERSION, channel: 'early' });
  });

  test('an NSIS installer goes into latest.yml for Windows, an arm64 .deb into latest-linux-arm64.yml', () => {
    const dir = tempDir();
    const make = makeFolder(dir);
    const nsis = Buffer.from('nsis installer');
    mkdirSync(join(make, 'nsis/x64'), { recursive: true });
    writeFileSync(join(make, 'nsis/x64', `Packdesk-Setup-${VERSION}.exe`), nsis);
    mkdirSync(join(make, 'deb/arm64'), { recursive: true });
    writeFileSync(join(make, 'deb/arm64', `packdesk_${VERSION}_arm64.deb`), 'arm64 deb');
    const feedDir = join(dir, 'feed');
    expect(publishFeed([feedDir, '--from', make]).status).toBe(0);

    expect(
      readdirSync(feedDir)
        .filter((name) => name.endsWith('.yml'))
        .sort(),
    ).toEqual(['latest-linux-arm64.yml', 'latest-linux.yml', 'latest-mac.yml', 'latest.yml']);
    expect(readFileSync(join(feedDir, 'latest.yml'), 'utf8')).toContain(
      `  - url: Packdesk-Setup-${VERSION}.exe\n    sha512: ${createHash('sha512').update(nsis).digest('base64')}\n    size: ${nsis.length}\n`,
    );
    expect(readFileSync(join(feedDir, 'latest-linux-arm64.yml'), 'utf8')).toContain(`  - url: packdesk_${VERSION}_arm64.deb\n`);
    expect(readFileSync(join(feedDir, 'latest-linux.yml'), 'utf8')).not.toContain('arm64');
  });

  test('refuses a stand-in installer, a wrong channel or share, and a folder with nothing to publish', () => {
    const dir = tempDir();
    const make = makeFolder(dir);
    writeFileSync(join(make, 'deb/x64', `packdesk_${VERSION}~standin_amd64.deb`), 'stand-in');
    const standIn = publishFeed([join(dir, 'feed'), '--from', make]);
    expect(standIn.status).toBe(1);
    expect(standIn.stderr).toContain('built with a stand-in Electron, which cannot run Packdesk; never put it in a feed.');

    expect(publishFeed([join(dir, 'feed'), '--from', make, '--channel', 'beta']).stderr).toContain('No channel "beta"');
    expect(publishFeed([join(dir, 'feed'), '--from', make, '--staging', '0']).stderr).toContain(
      '--staging takes a whole number from 1 to 100',
    );
    const empty = join(dir, 'empty');
    mkdirSync(join(empty, 'squirrel.windows'), { recursive: true });
    const nothing = publishFeed([join(dir, 'feed2'), '--from', empty]);
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toContain('No installer electron-updater can install');
  });
});

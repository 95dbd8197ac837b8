import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../electron/core/core';
import type { Core } from '../electron/core/core';
import { englishText } from '../electron/core/i18n/main-words';
import { createKeychainStore } from '../electron/core/secrets';
import { VERSION_FILE, upgradeDataFolder } from '../electron/core/upgrade-data-folder';
import { prepareFeedUpdater } from '../electron/main/updates/feed-updater';
import { StandInAppAdapter, StandInDebUpdater } from '../test/support/updater-stand-in';
import type { Figure } from './figures';
import { seededLedger } from './seeded-ledger';
import { spreadOf } from './stats';

const TARGET_MS = 5_000;
const INSTALLER = Buffer.from('Packdesk installer bytes '.repeat(40_000));

/** A one-version feed on loopback (latest-linux.yml and its .deb), as `npm run publish-feed` lays it out. */
async function serveFeed(version: string): Promise<{ url: string; close(): void }> {
  const deb = `packdesk_${version}_amd64.deb`;
  const sha512 = createHash('sha512').update(INSTALLER).digest('base64');
  const yml = `version: ${version}\nfiles:\n  - url: ${deb}\n    sha512: ${sha512}\n    size: ${INSTALLER.length}\npath: ${deb}\nsha512: ${sha512}\nreleaseDate: '2026-11-27T08:00:00.000Z'\n`;
  const files = new Map<string, Buffer>([
    ['/latest-linux.yml', Buffer.from(yml)],
    [`/${deb}`, INSTALLER],
  ]);
  const server = createServer((request, response) => {
    const body = files.get(new URL(request.url ?? '/', 'http://feed').pathname);
    if (!body) response.writeHead(404).end();
    else response.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

async function until(done: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > timeoutMs) throw new Error(`[bench] update restart: ${what} did not happen in ${timeoutMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The start as boot.ts does it once Electron is ready: the data folder's upgrade step, then the core. */
function startCounter(dataDir: string, version: string, updaterDir?: string): { core: Core; updater: StandInDebUpdater | null } {
  const upgrade = upgradeDataFolder(dataDir, version);
  if (upgrade.problems.length) throw new Error(`[bench] update restart: ${englishText(upgrade.problems[0]?.what ?? '')}`);
  const updater = updaterDir ? new StandInDebUpdater(new StandInAppAdapter(version, updaterDir)) : null;
  const core = createCore({
    dataDir,
    secrets: createKeychainStore('Packdesk-bench'),
    version,
    builtInService: () => null,
    ...(updater ? { updater: prepareFeedUpdater(updater, dataDir) } : {}),
  });
  return { core, updater };
}

/**
 * A counter with an update waiting: from "Install now" to electron-updater's quitAndInstall and the
 * quit that follows (the core's shutdown), plus what the first start of the new version costs beyond
 * a normal start (its self-check of the data folder), on a ledger of `size` bookings. Measured on
 * the stand-in path: the installer's own run and Electron's restart are not in it (no Electron here).
 * The normal start is measured in turns with it, on the same folder.
 */
export async function measureUpdateRestart(size: number, runs: number, seed: number): Promise<Figure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'packdesk-bench-update-'));
  const updaterDir = mkdtempSync(join(tmpdir(), 'packdesk-bench-updater-'));
  const extra: number[] = [];
  const quits: number[] = [];
  const normalStarts: number[] = [];
  try {
    seededLedger(dataDir, size, seed);
    startCounter(dataDir, '1.0.0').core.close();
    // One warm-up round, then `runs` measured; each round installs the next version.
    for (let round = 0; round <= runs; round += 1) {
      const running = `1.${round}.0`;
      const next = `1.${round + 1}.0`;
      writeFileSync(join(dataDir, VERSION_FILE), running);
      const feed = await serveFeed(next);
      const { core, updater } = startCounter(dataDir, running, updaterDir);
      await core.handlers['updates:configure']({ feedUrl: feed.url, channel: 'stable' });
      await until(async () => (await core.handlers['updates:status']({})).state === 'downloaded', 'the download');
      const asked = performance.now();
      await core.handlers['updates:install-now']({});
      await until(() => (updater?.installs.length ?? 0) > 0, 'the install call');
      await core.shutdown();
      const quit = performance.now() - asked;
      feed.close();

      let started = performance.now();
      startCounter(dataDir, next).core.close();
      const firstStart = performance.now() - started;
      started = performance.now();
      startCounter(dataDir, next).core.close();
      const normalStart = performance.now() - started;
      if (round === 0) continue;
      quits.push(quit);
      normalStarts.push(normalStart);
      extra.push(quit + Math.max(0, firstStart - normalStart));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(updaterDir, { recursive: true, force: true });
  }
  const spread = spreadOf(extra);
  return {
    name: `Update waiting: quit and first start of the new version, beyond a normal start (${size.toLocaleString('en-GB')} bookings)`,
    value: spread.p95,
    unit: 'ms',
    spread,
    target: `≤ ${TARGET_MS.toLocaleString('en-GB')} ms (p95)`,
    reference: `normal start p50 ${spreadOf(normalStarts).p50.toFixed(0)} ms; the quit up to and after the install call p50 ${spreadOf(quits).p50.toFixed(0)} ms; installer run and Electron restart not included (stand-in path)`,
    pass: spread.p95 <= TARGET_MS,
  };
}

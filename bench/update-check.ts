import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createCore } from '../electron/core/core';
import { createKeychainStore } from '../electron/core/secrets';
import { prepareFeedUpdater } from '../electron/main/updates/feed-updater';
import { StandInAppAdapter, StandInDebUpdater } from '../test/support/updater-stand-in';
import type { Figure } from './figures';
import { spreadOf } from './stats';

const TARGET_MS = 50;
const RUNNING = '1.5.0';

/**
 * The feed in a process of its own (so its serving is not counted as the counter's time): a
 * latest-linux.yml naming the version the counter already runs, as a feed between releases is.
 */
const FEED_SERVER = `
const yml = "version: ${RUNNING}\\nfiles:\\n  - url: packdesk_${RUNNING}_amd64.deb\\n    sha512: ${'A'.repeat(86)}==\\n    size: 104857600\\npath: packdesk_${RUNNING}_amd64.deb\\nsha512: ${'A'.repeat(86)}==\\nreleaseDate: '2026-11-27T08:00:00.000Z'\\n";
const server = require('node:http').createServer((request, response) => {
  if (request.url.startsWith('/latest-linux.yml')) response.writeHead(200, { 'content-type': 'text/yaml' }).end(yml);
  else response.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** CPU time (user + system) this process spends on `work`, in ms. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/**
 * Checking the feed, as the four-hourly check and Help → Check for Updates… do: the main process's
 * CPU time per check (electron-updater's request, the feed's parsing, the rollout's decision, the
 * status and its event), against a plain fetch and read of the same file, in turns; and what the
 * renderer is sent per check (events, no call of its own).
 */
export async function measureUpdateCheck(runs: number): Promise<Figure> {
  const feed = spawn(process.execPath, ['-e', FEED_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const dataDir = mkdtempSync(join(tmpdir(), 'packdesk-bench-check-'));
  const appDir = mkdtempSync(join(tmpdir(), 'packdesk-bench-check-app-'));
  try {
    const port = await new Promise<string>((resolve) => createInterface({ input: feed.stdout }).once('line', resolve));
    const url = `http://127.0.0.1:${port}/`;
    const app = new StandInAppAdapter(RUNNING, appDir);
    const core = createCore({
      dataDir,
      secrets: createKeychainStore('Packdesk-bench'),
      version: RUNNING,
      builtInService: () => null,
      updater: prepareFeedUpdater(new StandInDebUpdater(app), app.userDataPath),
    });
    let events = 0;
    core.events.subscribe((event) => {
      if (event.name === 'event:updates-change') events += 1;
    });
    try {
      await core.handlers['updates:configure']({ feedUrl: url, channel: 'stable' });
      const checks: number[] = [];
      const plain: number[] = [];
      const eventsPerCheck: number[] = [];
      for (let round = 0; round < runs + 3; round += 1) {
        const seenBefore = events;
        const check = await cpuMs(async () => {
          const status = await core.handlers['updates:check']({});
          if (status.state !== 'up-to-date') throw new Error(`[bench] update check: the feed answered ${status.state}`);
        });
        const sent = events - seenBefore;
        const fetched = await cpuMs(async () => (await fetch(`${url}latest-linux.yml`)).text());
        if (round < 3) continue;
        checks.push(check);
        plain.push(fetched);
        eventsPerCheck.push(sent);
      }
      const spread = spreadOf(checks);
      const reference = spreadOf(plain);
      return {
        name: 'Update feed check: main-process CPU time per check',
        value: spread.p95,
        unit: 'ms',
        spread,
        target: `≤ ${TARGET_MS} ms (p95), no renderer work`,
        reference: `a plain fetch and read of the same latest-linux.yml p50 ${reference.p50.toFixed(2)} / p95 ${reference.p95.toFixed(2)} ms CPU; the renderer is sent ${Math.max(...eventsPerCheck)} status events per check and makes no call (electron-updater's DebUpdater on loopback, the feed served by another process)`,
        pass: spread.p95 <= TARGET_MS,
      };
    } finally {
      core.close();
    }
  } finally {
    feed.kill();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
  }
}

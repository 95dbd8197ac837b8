import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createCore } from '../electron/core/core';
import { createKeychainStore } from '../electron/core/secrets';
import { startSandbox } from '../electron/sandbox/sandbox';
import { API_PREFIX } from '../shared/api';
import { seedLedger } from '../test/support/seed-ledger';
import setup from '../test/e2e/global-setup';
import { startHarness } from '../test/e2e/harness';

export interface Figure {
  name: string;
  value: string;
  target: string;
  reference: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(times: number, work: () => unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** The renderer bundle as the app ships it, gzipped. */
function bundleSize(): Figure {
  const dir = 'out/renderer/assets';
  let raw = 0;
  let gzipped = 0;
  for (const file of readdirSync(dir)) {
    const content = readFileSync(join(dir, file));
    raw += content.length;
    gzipped += gzipSync(content, { level: 9 }).length;
  }
  return {
    name: 'renderer bundle (JS + CSS)',
    value: `${(gzipped / 1024).toFixed(0)} KiB gzip`,
    target: '< 600 KiB gzip',
    reference: `${(raw / 1024).toFixed(0)} KiB raw`,
  };
}

/** The engine's per-call cost over a plain fetch of the same request, against the built-in service. */
async function engineOverhead(): Promise<Figure> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-'));
  const service = await startSandbox({ dataFile: join(dir, 'service.db') });
  const core = createCore({
    dataDir: dir,
    secrets: createKeychainStore('Packdesk-bench'),
    version: 'bench',
    builtInService: () => ({ url: service.url, testKey: service.keys.testKey, liveKey: service.keys.liveKey }),
    connectivityIntervalMs: 600_000,
  });
  try {
    const plain = () =>
      fetch(`${service.url}${API_PREFIX}/packages?title=rome`, { headers: { Authorization: `Bearer ${service.keys.testKey}` } }).then(
        (response) => response.json(),
      );
    await timed(50, plain);
    await timed(50, () => core.engine.search('rome'));
    const fetchMs = median(await timed(400, plain));
    const engineMs = median(await timed(400, () => core.engine.search('rome')));
    return {
      name: 'engine call overhead (search)',
      value: `${(engineMs / fetchMs).toFixed(2)}× plain fetch`,
      target: '< 1.5×',
      reference: `plain fetch ${fetchMs.toFixed(2)} ms, engine ${engineMs.toFixed(2)} ms (median of 400)`,
    };
  } finally {
    core.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** History search over 100,000 stored bookings, through the ledger the app uses. */
async function historySearch(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-'));
  const core = createCore({
    dataDir: dir,
    secrets: createKeychainStore('Packdesk-bench'),
    version: 'bench',
    builtInService: () => null,
    connectivityIntervalMs: 600_000,
  });
  core.close();
  const seedStarted = performance.now();
  seedLedger(join(dir, 'ledger.db'), 1, 100_000);
  const seedMs = performance.now() - seedStarted;
  const reopened = createCore({
    dataDir: dir,
    secrets: createKeychainStore('Packdesk-bench'),
    version: 'bench',
    builtInService: () => null,
    connectivityIntervalMs: 600_000,
  });
  try {
    const cases: [string, Parameters<typeof reopened.ledger.list>[0]][] = [
      ['newest 100, no filter', { profileId: 1, limit: 100 }],
      ['full text "tanaka"', { profileId: 1, query: 'tanaka', limit: 100 }],
      ['full text e-mail', { profileId: 1, query: 'maria.99987@example.com', limit: 100 }],
      ['status Cancelled', { profileId: 1, statuses: ['Cancelled'], limit: 100 }],
      ['page 900 of 1000', { profileId: 1, offset: 90_000, limit: 100 }],
    ];
    return cases.map(([label, filter]) => {
      const samples: number[] = [];
      for (let index = 0; index < 30; index += 1) {
        const started = performance.now();
        reopened.ledger.list(filter);
        samples.push(performance.now() - started);
      }
      return {
        name: `history search at 100,000: ${label}`,
        value: `${median(samples).toFixed(1)} ms`,
        target: '< 50 ms',
        reference: `seeding 100,000 took ${(seedMs / 1000).toFixed(1)} s`,
      };
    });
  } finally {
    reopened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Opening Bookings with 100,000 rows until the first rows are on screen, in Chromium. */
async function bookingsFirstRows(): Promise<Figure> {
  await setup();
  const harness = await startHarness({ withoutTrainingService: true });
  try {
    seedLedger(join(harness.dataDir, 'ledger.db'), 1, 100_000);
    const samples: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      await harness.page.keyboard.press('Control+n');
      await harness.page.getByLabel('Search packages').waitFor();
      const started = performance.now();
      await harness.page.keyboard.press('Control+b');
      await harness.page.getByRole('row', { name: /PKDSEED99999/ }).waitFor();
      samples.push(performance.now() - started);
    }
    return {
      name: 'Bookings with 100,000 rows: open to first rows',
      value: `${median(samples).toFixed(0)} ms`,
      target: '< 500 ms',
      reference: `median of 5 (${samples.map((sample) => sample.toFixed(0)).join(', ')} ms), in Chromium through the test harness's bridge, which is slower than Electron's IPC`,
    };
  } finally {
    await harness.close();
  }
}

export async function measureCounter(): Promise<Figure[]> {
  return [bundleSize(), await engineOverhead(), ...(await historySearch()), await bookingsFirstRows()];
}

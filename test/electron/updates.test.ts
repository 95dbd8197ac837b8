import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import type { Core } from '../../electron/core/core';
import type { PaymentWindows } from '../../electron/core/engine/payments/payment-windows';
import { rolloutPosition } from '../../electron/core/updates/rollout';
import { prepareFeedUpdater } from '../../electron/main/updates/feed-updater';
import type { CardEntryResult } from '../../shared/payment-window';
import type { UpdateStatus } from '../../shared/updates';
import { heldBooking, useCore, waitUntil } from '../support/engine-helpers';
import { useSandbox } from '../support/sandbox-helpers';
import { useTempDir } from '../support/temp-dir';
import { useUpdateFeed } from '../support/update-feed';
import { dialog } from './electron-stand-in';
import { StandInAppAdapter, StandInDebUpdater } from '../support/updater-stand-in';

vi.mock('electron', () => import('./electron-stand-in'));
const { ledgerMenuActions } = await import('../../electron/main/ledger-menu');

const RUNNING = '1.4.2';
const INSTALLER = Buffer.from('Packdesk 1.5.0 installer bytes '.repeat(2_000));

/** An install id whose place in every rollout is below (first) or above (later) 10%. */
const idPlaced = (first: boolean) => {
  for (let n = 0; ; n += 1) {
    const id = `desk-${n}`;
    if (rolloutPosition(id) < 10 === first) return id;
  }
};

const useDesk = () => {
  const tempDir = useTempDir('packdesk-updates-');
  const coreFor = useCore();
  const sandboxFor = useSandbox();
  return async (options: { installId?: string; paymentWindows?: PaymentWindows } = {}) => {
    const appDir = tempDir();
    const app = new StandInAppAdapter(RUNNING, appDir);
    const updater = new StandInDebUpdater(app);
    const sandbox = await sandboxFor();
    const { core } = await coreFor(sandbox, {
      updater: prepareFeedUpdater(updater, app.userDataPath),
      version: RUNNING,
      ...(options.paymentWindows ? { paymentWindows: options.paymentWindows } : {}),
    });
    if (options.installId) core.preferences.set('updates.install-id', options.installId);
    const seen: UpdateStatus[] = [];
    core.events.subscribe((event) => {
      if (event.name === 'event:updates-change') seen.push(event.payload);
    });
    const cacheDir = join(app.baseCachePath, 'packdesk-updater');
    return { core, app, updater, seen, cacheDir };
  };
};

const settled = (core: Core) =>
  waitUntil(
    () => core.handlers['updates:status']({}),
    (status) => !['idle', 'checking', 'downloading'].includes(status.state),
  );

describe('updates from the counter’s feed (electron-updater on loopback)', () => {
  const desk = useDesk();
  const feed = useUpdateFeed();

  test('with no feed set, updates are off and say so', async () => {
    const { core, updater } = await desk();
    expect(await core.handlers['updates:check']({})).toMatchObject({ state: 'off', feedUrl: null });
    expect((await core.handlers['updates:status']({})).message).toBe(
      'Updates are off: no feed is set for this counter. An administrator sets one below.',
    );
    expect(updater.installs).toEqual([]);
  });

  test('a newer version is found, downloaded in the background with its sha512 checked, and set to install at quit', async () => {
    const { core, app, seen, cacheDir } = await desk();
    const served = await feed({ version: '1.5.0', file: INSTALLER });
    await core.handlers['updates:configure']({ feedUrl: served.url, channel: 'stable' });
    const status = await settled(core);

    expect(status).toMatchObject({ state: 'downloaded', available: '1.5.0', version: RUNNING, channel: 'stable' });
    expect(status.message).toBe('Packdesk 1.5.0 is downloaded: it installs when Packdesk quits, or now with “Install now”.');
    expect(status.lastCheckAt).not.toBeNull();
    expect(seen.map((step) => step.state)).toEqual(['idle', 'checking', 'downloading', 'downloaded']);
    expect(served.requested).toContain(`/${served.installer}`);
    // electron-updater keeps the verified file in its cache, waiting for the quit.
    const kept = join(cacheDir, 'pending', served.installer);
    expect(readFileSync(kept).equals(INSTALLER)).toBe(true);
    expect(app.quitHandlers).toBeGreaterThan(0);
    // Recorded in the audit as a settings action.
    expect(core.audit.log.list({ limit: 1 })[0]?.what).toBe(
      `Set updates to come from ${served.url.replace(/\/$/, '')} on the stable channel`,
    );
  });

  test('a file whose sha512 is not the feed’s is refused with words; nothing is kept or installed', async () => {
    const { core, updater, cacheDir } = await desk();
    const served = await feed({ version: '1.5.0', file: INSTALLER, statedSha512: Buffer.alloc(64, 7).toString('base64') });
    await core.handlers['updates:configure']({ feedUrl: served.url, channel: 'stable' });
    const status = await settled(core);

    expect(status).toMatchObject({ state: 'refused', available: null });
    expect(status.message).toBe(
      'The update 1.5.0 was refused: its file does not match the feed’s checksum. Nothing was installed; the counter keeps 1.4.2.',
    );
    expect(served.requested).toContain(`/${served.installer}`);
    expect(existsSync(join(cacheDir, 'pending')) ? readdirSync(join(cacheDir, 'pending')) : []).not.toContain(served.installer);
    await expect(core.handlers['updates:install-now']({})).rejects.toMatchObject({ code: 'update_not_downloaded' });
    expect(updater.installs).toEqual([]);
  });

  test('a counter outside the rollout percentage is not offered the version; one inside is', async () => {
    const later = await desk({ installId: idPlaced(false) });
    const served = await feed({ version: '1.5.0', file: INSTALLER, stagingPercentage: 10 });
    await later.core.handlers['updates:configure']({ feedUrl: served.url, channel: 'stable' });
    const held = await settled(later.core);
    expect(held).toMatchObject({ state: 'not-offered', available: null });
    expect(held.message).toBe('Packdesk 1.5.0 goes to 10% of counters first; this counter gets it later.');
    expect(served.requested).not.toContain(`/${served.installer}`);

    const first = await desk({ installId: idPlaced(true) });
    await first.core.handlers['updates:configure']({ feedUrl: served.url, channel: 'stable' });
    expect(await settled(first.core)).toMatchObject({ state: 'downloaded', available: '1.5.0' });
  });

  test('the early channel reads its own feed file', async () => {
    const { core } = await desk();
    const served = await feed({ version: '1.5.0', file: INSTALLER, channel: 'early' });
    await core.handlers['updates:configure']({ feedUrl: served.url, channel: 'early' });
    expect(await settled(core)).toMatchObject({ state: 'downloaded', channel: 'early' });
    expect(served.requested[0]).toMatch(/^\/early-linux/);
  });

  test('"Install now" waits while a booking is being paid, and installs once the payment is done', async () => {
    let giveCard: (result: CardEntryResult) => void = () => {};
    let windowOpened: () => void = () => {};
    const cardWindowOpened = new Promise<void>((resolve) => (windowOpened = resolve));
    const paymentWindows: PaymentWindows = {
      collectCard: () =>
        new Promise((resolve) => {
          giveCard = resolve;
          windowOpened();
        }),
      authenticate: async () => ({ kind: 'closed' }),
    };
    const { core, updater, seen } = await desk({ paymentWindows });
    const served = await feed({ version: '1.5.0', file: INSTALLER });
    await core.handlers['updates:configure']({ feedUrl: served.url, channel: 'stable' });
    expect(await settled(core)).toMatchObject({ state: 'downloaded' });

    const { booking } = await heldBooking(core);
    const paying = core.handlers['payments:pay']({ bookingId: booking.id });
    await cardWindowOpened;

    const asked = await core.handlers['updates:install-now']({});
    expect(asked).toMatchObject({ state: 'waiting-to-install' });
    expect(asked.message).toBe('A payment window is open; the update installs once the payment is finished.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updater.installs).toEqual([]);

    // The card is given: the window closes, and the booking is written to the service (a call still under way).
    giveCard({ kind: 'payment_method', paymentMethodId: 'pm_card_visa' });
    const paid = await paying;
    expect(paid.id).toBe(booking.id);
    // Still none the moment the payment's call answers: the install comes after it has ended.
    expect(updater.installs).toEqual([]);
    await waitUntil(
      () => updater.installs.length,
      (count) => count > 0,
    );
    expect(updater.installs).toEqual([{ isSilent: false, isForceRunAfter: true }]);
    // The counter said why it waited: the payment window, then the booking's write to the service.
    expect(seen.filter((step) => step.state === 'waiting-to-install').map((step) => step.message)).toEqual([
      'A payment window is open; the update installs once the payment is finished.',
      'A booking is being written; the update installs once it is done.',
    ]);
    await expect(core.handlers['updates:status']({})).resolves.toMatchObject({ state: 'installing' });
    expect(core.audit.log.list({ limit: 1 })[0]?.what).toBe('Asked for the downloaded update to be installed now');
  });

  test('Help → Check for Updates… tells the feed’s answer; About names the version, channel and last check', async () => {
    const { core } = await desk();
    const served = await feed({ version: RUNNING, file: INSTALLER });
    await core.handlers['updates:configure']({ feedUrl: served.url, channel: 'stable' });
    await settled(core);
    const menu = ledgerMenuActions(core, () => null);
    dialog.messages.length = 0;
    const feedReads = () => served.requested.filter((path) => path.endsWith('.yml')).length;
    expect(feedReads()).toBe(1);

    menu.checkForUpdates();
    await waitUntil(
      () => dialog.messages.length,
      (count) => count > 0,
    );
    expect(feedReads()).toBe(2);
    expect(dialog.messages[0]).toMatchObject({
      type: 'info',
      message: 'Updates',
      detail: 'Packdesk 1.4.2 is the newest on the stable channel.',
    });
    menu.about();
    await waitUntil(
      () => dialog.messages.length,
      (count) => count > 1,
    );
    expect(dialog.messages[1]?.detail).toMatch(
      /^Updates: stable channel, last checked .+\. Packdesk 1\.4\.2 is the newest on the stable channel\.\n/,
    );
  });
});

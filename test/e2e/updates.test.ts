import { describe, expect, test } from 'vitest';
import { prepareFeedUpdater } from '../../electron/main/updates/feed-updater';
import { useTempDir } from '../support/temp-dir';
import { useUpdateFeed } from '../support/update-feed';
import { StandInAppAdapter, StandInDebUpdater } from '../support/updater-stand-in';
import { useHarness } from './use-harness';
import { PRODUCT_NAME } from '../../shared/i18n/messages';
import { say } from './words';

describe('Settings → Updates', () => {
  const harnessFor = useHarness();
  const feed = useUpdateFeed();
  const tempDir = useTempDir('packdesk-e2e-updates-');

  test('the feed is set in Settings (https only); the newer version downloads, and “Install now” installs it', async () => {
    const app = new StandInAppAdapter('1.4.2', tempDir());
    const updater = new StandInDebUpdater(app);
    const harness = await harnessFor({ updater: prepareFeedUpdater(updater, app.userDataPath), version: '1.4.2' });
    const served = await feed({ version: '1.5.0', file: Buffer.from('Packdesk 1.5.0 for the browser test '.repeat(500)) });
    const { page } = harness;

    await page.keyboard.press('Control+Comma');
    const section = page.getByRole('group', { name: say('settings.updates.title') });
    const state = section.getByTestId('updates-state');
    await expect.poll(() => state.textContent()).toContain(say('updates.status.off'));

    await section.getByLabel(say('settings.updates.feed')).fill('http://updates.agency.example/packdesk/');
    await section.getByRole('button', { name: say('settings.updates.save') }).click();
    await expect.poll(() => section.getByText(say('validation.updates.feedNotHttps')).isVisible()).toBe(true);

    await section.getByLabel(say('settings.updates.feed')).fill(served.url);
    await section.getByRole('button', { name: say('settings.updates.save') }).click();
    await expect.poll(() => state.textContent()).toContain(say('updates.status.downloaded', { product: PRODUCT_NAME, available: '1.5.0' }));
    await harness.screenshot('settings-updates');

    await section.getByRole('button', { name: say('settings.updates.install') }).click();
    await expect.poll(() => updater.installs).toEqual([{ isSilent: false, isForceRunAfter: true }]);
    await expect.poll(() => state.textContent()).toContain(say('updates.status.installing', { product: PRODUCT_NAME, available: '1.5.0' }));
  });
});

import { describe, expect, test } from 'vitest';
import { prepareFeedUpdater } from '../../electron/main/updates/feed-updater';
import { useTempDir } from '../support/temp-dir';
import { useUpdateFeed } from '../support/update-feed';
import { StandInAppAdapter, StandInDebUpdater } from '../support/updater-stand-in';
import { useHarness } from './use-harness';

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
    const section = page.getByRole('group', { name: 'Updates' });
    const state = section.getByTestId('updates-state');
    await expect.poll(() => state.textContent()).toContain('Updates are off: no feed is set for this counter.');

    await section.getByLabel('Feed address').fill('http://updates.agency.example/packdesk/');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => section.getByText('The feed must be an https:// address (plain http only on this computer itself).').isVisible())
      .toBe(true);

    await section.getByLabel('Feed address').fill(served.url);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => state.textContent())
      .toContain('Packdesk 1.5.0 is downloaded: it installs when Packdesk quits, or now with “Install now”.');
    await harness.screenshot('settings-updates');

    await section.getByRole('button', { name: 'Install now' }).click();
    await expect.poll(() => updater.installs).toEqual([{ isSilent: false, isForceRunAfter: true }]);
    await expect.poll(() => state.textContent()).toContain('Installing Packdesk 1.5.0: Packdesk closes and starts again.');
  });
});

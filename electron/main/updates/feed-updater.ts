import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import electronUpdater from 'electron-updater';
import type { AppUpdater } from 'electron-updater';
import type { FeedUpdater } from '../../core/updates/feed-updater';

/**
 * electron-updater's updater, made ready for the core's update service. electron-builder writes an
 * app-update.yml into the installed app naming the download cache; Forge does not, so Packdesk
 * writes its own in the data folder (the feed itself comes from Settings through `setFeedURL`).
 * Returning it as a `FeedUpdater` checks the core's declaration against electron-updater's.
 */
export function prepareFeedUpdater(updater: AppUpdater, dataDir: string): FeedUpdater {
  const config = join(dataDir, 'app-update.yml');
  writeFileSync(config, 'updaterCacheDirName: packdesk-updater\n');
  updater.updateConfigPath = config;
  return updater;
}

/**
 * electron-updater's updater for the installer Packdesk came from. On Linux that is the .deb (the
 * zip does not update itself): electron-updater would tell it by a `package-type` file that
 * electron-builder writes and Forge does not, so it is named here. Elsewhere its own choice.
 */
export function installedUpdater(): AppUpdater {
  return process.platform === 'linux' ? new electronUpdater.DebUpdater() : electronUpdater.autoUpdater;
}

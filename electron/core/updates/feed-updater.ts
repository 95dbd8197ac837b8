/**
 * The part of electron-updater's `AppUpdater` the update service drives, declared here so the core
 * stays free of Electron; main hands in `autoUpdater` itself, and the assignment there checks these
 * lines against electron-updater's own declarations.
 */
export interface FeedInfo {
  version: string;
  /** How many counters in a hundred the feed offers this version to (electron-builder's field). */
  stagingPercentage?: number;
}

export interface FeedUpdater {
  /** Off: the service downloads itself, after deciding. */
  autoDownload: boolean;
  /** On: a downloaded update installs when Packdesk quits. */
  autoInstallOnAppQuit: boolean;
  /** Off: an older version in the feed is never installed. */
  allowDowngrade: boolean;
  /** The rollout decision; a method here so electron-updater's own signature is accepted. */
  isUserWithinRollout(info: FeedInfo): boolean | Promise<boolean>;
  setFeedURL(options: { provider: 'generic'; url: string; channel: string }): void;
  /** Null when the updater is not active (a copy of Packdesk that was not installed). */
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean; updateInfo: FeedInfo } | null>;
  /** Downloads the version the last check found; rejects when its sha512 does not match the feed's. */
  downloadUpdate(): Promise<string[]>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

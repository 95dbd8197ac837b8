import { defineMessages } from '../../../shared/i18n/messages';
import type { UpdateSettingsInput, UpdateState, UpdateStatus } from '../../../shared/updates';
import { AppError } from '../app-error';
import { englishText } from '../i18n/main-words';
import type { MainWords, Text } from '../i18n/main-words';
import type { FeedInfo, FeedUpdater } from './feed-updater';
import type { InstallGate } from './install-gate';
import { offeredToCounter } from './rollout';
import type { Preferences } from '../preferences';
import { updateSettings } from './update-settings';
import { CHECK_EVERY_MS, isChecksumRefusal, updateWords } from './update-words';

const words = defineMessages({
  notDownloaded: { id: 'error.updates.notDownloaded.message', defaultMessage: 'There is no downloaded update to install.' },
  notDownloadedHint: {
    id: 'error.updates.notDownloaded.hint',
    defaultMessage: 'A newer version downloads by itself once the feed offers it; check for updates first.',
  },
});

export interface UpdateServiceDeps {
  /** electron-updater's updater in the app; null where there is none (the browser tests, a build without it). */
  updater: FeedUpdater | null;
  /** The version running now. */
  version: string;
  /** Where the feed, channel, last check and this install's id are kept. */
  preferences: Preferences;
  /** The agency's id for this counter, which the rollout hashes (so an agency's 10% are its own desks); null in no agency. */
  agencyCounterId: () => string | null;
  gate: InstallGate;
  onChange: (status: UpdateStatus) => void;
  /** Main's words in the counter's language, asked each time the status is read; English without them. */
  words?: Pick<MainWords, 'text'>;
  checkEveryMs?: number;
  now?: () => Date;
}

/**
 * The counter's updates: the feed read at start and every four hours, a newer version offered to
 * this counter (staged rollout) downloaded in the background and its sha512 checked by
 * electron-updater, installed when Packdesk quits or, when the agent agrees, as soon as no write
 * or payment is under way.
 */
export function createUpdateService(deps: UpdateServiceDeps) {
  const { updater, version, gate } = deps;
  const settings = updateSettings(deps.preferences);
  const now = deps.now ?? (() => new Date());
  let state: UpdateState = 'idle';
  const say = (text: Text) => (deps.words ? deps.words.text(text) : englishText(text));
  let message: Text = updateWords.idle;
  let available: string | null = null;
  /** The version the rollout kept from this counter at the last check, with its percentage. */
  let heldBack: FeedInfo | null = null;
  let checking: Promise<UpdateStatus> | null = null;
  let installAsked = false;
  let timer: NodeJS.Timeout | null = null;

  const status = (): UpdateStatus => ({
    version,
    channel: settings.channel(),
    feedUrl: updater ? settings.feedUrl() : null,
    state: updater && settings.feedUrl() ? state : 'off',
    available,
    message: say(!updater ? updateWords.notInstalled : settings.feedUrl() ? message : updateWords.off),
    lastCheckAt: settings.lastCheckAt(),
  });
  const move = (next: UpdateState, words: Text): UpdateStatus => {
    state = next;
    message = words;
    const current = status();
    deps.onChange(current);
    return current;
  };

  function pointAtFeed(): void {
    const url = settings.feedUrl();
    if (!updater || !url) return;
    // electron-updater reads `<channel>-linux.yml`, `<channel>.yml` (Windows) or `<channel>-mac.yml` from the folder.
    updater.setFeedURL({ provider: 'generic', url, channel: settings.channel() === 'stable' ? 'latest' : 'early' });
  }

  if (updater) {
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = true;
    updater.allowDowngrade = false;
    updater.isUserWithinRollout = (info: FeedInfo) => {
      const offered = offeredToCounter(deps.agencyCounterId() ?? settings.installId(), info.stagingPercentage);
      heldBack = offered ? null : info;
      return offered;
    };
    pointAtFeed();
  }

  /** Reads the feed; a version offered to this counter starts downloading in the background. */
  async function checkFeed(feedUpdater: FeedUpdater): Promise<UpdateStatus> {
    move('checking', updateWords.checking);
    heldBack = null;
    try {
      const result = await feedUpdater.checkForUpdates();
      settings.checkedAt(now());
      if (!result) return move('off', updateWords.notInstalled);
      if (!result.isUpdateAvailable) {
        available = null;
        const kept = heldBack as FeedInfo | null;
        if (kept && kept.version === result.updateInfo.version)
          return move('not-offered', updateWords.notOffered(kept.version, kept.stagingPercentage));
        return move('up-to-date', updateWords.upToDate(version, settings.channel()));
      }
      available = result.updateInfo.version;
      const downloading = move('downloading', updateWords.downloading(available));
      void download(feedUpdater, available);
      return downloading;
    } catch (error) {
      console.error('[updates] the feed could not be read', error);
      return move('failed', updateWords.failed(version, error));
    }
  }

  async function download(feedUpdater: FeedUpdater, target: string): Promise<void> {
    try {
      await feedUpdater.downloadUpdate();
      move('downloaded', updateWords.downloaded(target));
    } catch (error) {
      console.error(`[updates] the download of ${target} failed`, error);
      available = null;
      if (isChecksumRefusal(error)) move('refused', updateWords.refused(target, version));
      else move('failed', updateWords.failed(version, error));
    }
  }

  /** Waits while a call or a payment window is under way (saying which), then lets electron-updater quit and install. */
  async function installWhenClear(feedUpdater: FeedUpdater, target: string): Promise<void> {
    for (let blocker = gate.blocker(); blocker !== null; blocker = gate.blocker()) {
      if (message !== blocker) move('waiting-to-install', blocker);
      await gate.nextChange();
    }
    move('installing', updateWords.installing(target));
    feedUpdater.quitAndInstall(false, true);
  }

  /** Reads the feed now (once at a time); what it offers this counter downloads in the background. */
  function check(): Promise<UpdateStatus> {
    if (!updater || !settings.feedUrl()) return Promise.resolve(status());
    // A downloaded update stays as it is until it is installed; a download under way is not started twice.
    if (state === 'downloaded' || state === 'downloading' || state === 'waiting-to-install' || state === 'installing')
      return Promise.resolve(status());
    checking ??= checkFeed(updater).finally(() => (checking = null));
    return checking;
  }

  return {
    status,
    check,
    /** A new feed or channel: saved, and read at once. */
    configure(input: UpdateSettingsInput): UpdateStatus {
      settings.save(input.feedUrl || null, input.channel);
      pointAtFeed();
      if (state !== 'downloaded' && state !== 'waiting-to-install' && state !== 'installing') {
        available = null;
        move('idle', updateWords.idle);
        void check();
      }
      return status();
    },
    /** The agent's "install now": at once when nothing is under way, else as soon as it ends. */
    installNow(): UpdateStatus {
      if (!updater || !available || (state !== 'downloaded' && state !== 'waiting-to-install'))
        throw new AppError('update_not_downloaded', { message: words.notDownloaded }, { message: words.notDownloadedHint });
      if (!installAsked) {
        installAsked = true;
        void installWhenClear(updater, available);
      }
      return status();
    },
    /** The first check, then one every four hours. */
    start(): void {
      if (!updater) return;
      void check();
      timer = setInterval(() => void check(), deps.checkEveryMs ?? CHECK_EVERY_MS);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type UpdateService = ReturnType<typeof createUpdateService>;

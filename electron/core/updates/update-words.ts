import type { UpdateChannel, UpdateStatus } from '../../../shared/updates';
import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';

/** How often a counter looks at its feed, besides at start and when asked. */
export const CHECK_EVERY_MS = 4 * 60 * 60_000;

/** electron-updater's (builder-util-runtime's) code for a downloaded file whose sha512 is not the feed's. */
const CHECKSUM_MISMATCH = 'ERR_CHECKSUM_MISMATCH';

const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** Whether a download failed because the file is not the one the feed describes. */
export function isChecksumRefusal(error: unknown): boolean {
  return codeOf(error) === CHECKSUM_MISMATCH || (error instanceof Error && /checksum mismatch/i.test(error.message));
}

export const updateWords = {
  off: 'Updates are off: no feed is set for this counter. An administrator sets one below.',
  notInstalled: 'Updates are off: this copy of Packdesk was not installed from an installer.',
  idle: 'Updates come from the feed; the first check is under way soon.',
  checking: 'Checking the feed for a newer Packdesk…',
  upToDate: (version: string, channel: UpdateChannel) => `Packdesk ${version} is the newest on the ${channel} channel.`,
  notOffered: (available: string, percentage: number | undefined) =>
    `Packdesk ${available} goes to ${percentage ?? 0}% of counters first; this counter gets it later.`,
  downloading: (available: string) => `Downloading Packdesk ${available} in the background…`,
  downloaded: (available: string) => `Packdesk ${available} is downloaded: it installs when Packdesk quits, or now with “Install now”.`,
  installing: (available: string) => `Installing Packdesk ${available}: Packdesk closes and starts again.`,
  refused: (available: string, version: string) =>
    `The update ${available} was refused: its file does not match the feed’s checksum. Nothing was installed; the counter keeps ${version}.`,
  failed: (version: string, error: unknown) => {
    const reason =
      codeOf(error) === 'ECONNREFUSED' || codeOf(error) === 'ENOTFOUND' ? 'it could not be reached' : 'it did not answer as a feed does';
    return `The update feed could not be read: ${reason}. The counter keeps ${version} and tries again in 4 hours.`;
  },
};

const words = defineMessages({
  updateRequired: {
    id: 'error.updates.updateRequired.message',
    defaultMessage:
      'The agency asks every counter to run Packdesk {minimum} or newer before it sells or changes its bookings; this counter runs {version}. Nothing was sent.',
  },
  downloadedHint: {
    id: 'error.updates.updateRequired.hint.downloaded',
    defaultMessage:
      'Packdesk {available} is downloaded: install it now in Settings → Updates (Install now), then do it again. Reading bookings works meanwhile.',
  },
  offHint: {
    id: 'error.updates.updateRequired.hint.off',
    defaultMessage:
      'This counter has no update feed: ask an administrator to set the agency’s feed in Settings → Updates, or install the new version by hand. Reading bookings works meanwhile.',
  },
  checkHint: {
    id: 'error.updates.updateRequired.hint.check',
    defaultMessage:
      'Check for updates in Settings → Updates (or Help → Check for Updates…) and install the new version, then do it again. Reading bookings works meanwhile.',
  },
});

/** A write on the agency's bookings from a counter older than the agency asks for: what to do, with where its update stands. */
export function updateRequired(version: string, minimum: string, status: UpdateStatus): AppError {
  const hint =
    status.state === 'downloaded' || status.state === 'waiting-to-install'
      ? { message: words.downloadedHint, values: { available: status.available ?? minimum } }
      : status.state === 'off'
        ? { message: words.offHint }
        : { message: words.checkHint };
  return new AppError('update_required', { message: words.updateRequired, values: { minimum, version } }, hint);
}

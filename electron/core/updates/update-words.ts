import type { UpdateChannel, UpdateStatus } from '../../../shared/updates';
import { defineMessages, PRODUCT_NAME } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';
import type { Text } from '../i18n/main-words';

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

const said = defineMessages({
  off: {
    id: 'updates.status.off',
    defaultMessage: 'Updates are off: no feed is set for this counter. An administrator sets one below.',
  },
  notInstalled: {
    id: 'updates.status.notInstalled',
    defaultMessage: 'Updates are off: this copy of {product} was not installed from an installer.',
  },
  idle: { id: 'updates.status.idle', defaultMessage: 'Updates come from the feed; the first check is under way soon.' },
  checking: { id: 'updates.status.checking', defaultMessage: 'Checking the feed for a newer {product}…' },
  upToDate: {
    id: 'updates.status.upToDate',
    defaultMessage: '{product} {version} is the newest on the {channel, select, early {early} other {stable}} channel.',
  },
  notOffered: {
    id: 'updates.status.notOffered',
    defaultMessage: '{product} {available} goes to {percentage}% of counters first; this counter gets it later.',
  },
  downloading: { id: 'updates.status.downloading', defaultMessage: 'Downloading {product} {available} in the background…' },
  downloaded: {
    id: 'updates.status.downloaded',
    defaultMessage: '{product} {available} is downloaded: it installs when {product} quits, or now with “Install now”.',
  },
  installing: { id: 'updates.status.installing', defaultMessage: 'Installing {product} {available}: {product} closes and starts again.' },
  refused: {
    id: 'updates.status.refused',
    defaultMessage:
      'The update {available} was refused: its file does not match the feed’s checksum. Nothing was installed; the counter keeps {version}.',
  },
  failed: {
    id: 'updates.status.failed',
    defaultMessage:
      'The update feed could not be read: {reason, select, unreachable {it could not be reached} other {it did not answer as a feed does}}. The counter keeps {version} and tries again in 4 hours.',
  },
  paymentWindowOpen: {
    id: 'updates.status.waiting.paymentWindow',
    defaultMessage: 'A payment window is open; the update installs once the payment is finished.',
  },
  bookingBeingWritten: {
    id: 'updates.status.waiting.booking',
    defaultMessage: 'A booking is being written; the update installs once it is done.',
  },
});

const product = { product: PRODUCT_NAME };

/** How updates stand, in words: catalog messages, worded in the counter's language when the status is read. */
export const updateWords = {
  off: { message: said.off },
  notInstalled: { message: said.notInstalled, values: product },
  idle: { message: said.idle },
  checking: { message: said.checking, values: product },
  upToDate: (version: string, channel: UpdateChannel): Text => ({ message: said.upToDate, values: { ...product, version, channel } }),
  notOffered: (available: string, percentage: number | undefined): Text => ({
    message: said.notOffered,
    values: { ...product, available, percentage: percentage ?? 0 },
  }),
  downloading: (available: string): Text => ({ message: said.downloading, values: { ...product, available } }),
  downloaded: (available: string): Text => ({ message: said.downloaded, values: { ...product, available } }),
  installing: (available: string): Text => ({ message: said.installing, values: { ...product, available } }),
  refused: (available: string, version: string): Text => ({ message: said.refused, values: { available, version } }),
  failed: (version: string, error: unknown): Text => ({
    message: said.failed,
    values: { version, reason: codeOf(error) === 'ECONNREFUSED' || codeOf(error) === 'ENOTFOUND' ? 'unreachable' : 'other' },
  }),
  /** Why an install waits (install-gate.ts): the same object each time, so a wait is told once. */
  paymentWindowOpen: { message: said.paymentWindowOpen },
  bookingBeingWritten: { message: said.bookingBeingWritten },
} satisfies Record<string, Text | ((...args: never[]) => Text)>;

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

import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';

const words = defineMessages({
  savedForOther: {
    id: 'error.keyOrigin.savedForOther.message',
    defaultMessage: 'This profile’s key was saved for {saved}, not for {asked}, so it was not sent and nothing was done.',
  },
  notSavedFor: {
    id: 'error.keyOrigin.notSavedFor.message',
    defaultMessage: 'This profile’s key was not saved for {asked}, so it was not sent and nothing was done.',
  },
  hint: {
    id: 'error.keyOrigin.mismatch.hint',
    defaultMessage:
      'If the service really moved, add the keys it gave you for its new address in Settings; if not, put the old address back.',
  },
});

/** A key, with the origin (scheme, host and port) of the service address it was saved for. */
export interface OriginBoundKey {
  secret: string;
  /** Null when no origin was recorded with it: such a key goes nowhere. */
  origin: string | null;
}

/** The host an agent reads in words: the host and port, or the whole origin when only the scheme tells two apart. */
export function hostsOf(first: string, second: string): [string, string] {
  const [a, b] = [new URL(first), new URL(second)];
  return a.host === b.host ? [a.origin, b.origin] : [a.host, b.host];
}

/** Whether a request to `url` may carry this key: only to the origin it was saved for. */
export function isSavedFor(key: OriginBoundKey, url: string): boolean {
  return key.origin !== null && key.origin === new URL(url).origin;
}

/**
 * The Authorization header of a request to `url`, or an AppError when the key was saved for another
 * origin. Checked where a request leaves, so that no mistake elsewhere can hand a key to another server.
 */
export function authorizationFor(key: OriginBoundKey, url: string): string {
  if (isSavedFor(key, url)) return `Bearer ${key.secret}`;
  const [saved, asked] = key.origin ? hostsOf(key.origin, url) : [null, new URL(url).host];
  throw new AppError(
    'key_origin_mismatch',
    saved ? { message: words.savedForOther, values: { saved, asked } } : { message: words.notSavedFor, values: { asked } },
    { message: words.hint },
  );
}

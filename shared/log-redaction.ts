/**
 * What a log line may not carry, taken out before it is written anywhere: the main process's log
 * file, its console, the test harness's logs. One pure function, so every writer redacts alike.
 */
import { redactCardNumbers } from './card-number-screening';

// An address with a scheme: only its origin is kept (a path or query may carry a token, a secret, an
// e-mail). Punctuation that ends the sentence around it is not part of it.
const ADDRESS = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'`<>]*[^\s"'`<>.,:;!?)\]]/gi;
// A Stripe client secret (pi_…_secret_…, seti_…_secret_…), wherever it stands.
const CLIENT_SECRET = /\b[a-z]{2,6}_[A-Za-z\d]+_secret_[A-Za-z\d]+/g;
// Service, Stripe and training-service keys: secret, publishable, restricted; the built-in service's admin key.
const API_KEY = /\b(sk|pk|rk)_(test|live)_[A-Za-z\d]+|\b(sk|pk|rk)_[A-Za-z\d]{16,}|\bsandbox_admin_[A-Za-z\d]+/g;
const BEARER = /\bBearer\s+[^\s"',;]+/gi;
// The value of a field named like a secret, in JSON, in an inspected object or in a query string.
const SECRET_FIELD = /(\b[\w-]*?(?:secret|password|passwd|token|api_?key)\\?["']?\s*[:=]\s*\\?["']?)(?!\[)[^\s"'&,;)}\]\\]+/gi;
const EMAIL = /[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

function originOnly(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return '[address]';
  }
  // `host` leaves out any user name and password; a file: address has no origin worth keeping.
  const origin = url.protocol === 'file:' ? 'file://' : `${url.protocol}//${url.host}`;
  return url.pathname.length > 1 || url.search || url.hash || url.protocol === 'file:' ? `${origin}/…` : origin;
}

/**
 * The text with no key (`sk_`, `pk_`, `rk_`, bearer tokens), client secret, secret-named field,
 * card number or e-mail address left in it, and every address cut to its origin. What was taken out
 * is named in brackets, so a line still says what happened.
 */
export function redactSecrets(text: string): string {
  const redacted = text
    .replace(ADDRESS, originOnly)
    .replace(CLIENT_SECRET, '[client secret]')
    .replace(API_KEY, (key) => `[${/^[a-z]+_(test|live)_/.exec(key)?.[0] ?? 'key '}…]`)
    .replace(BEARER, 'Bearer […]')
    .replace(SECRET_FIELD, '$1[…]')
    .replace(EMAIL, '[e-mail]');
  return redactCardNumbers(redacted);
}

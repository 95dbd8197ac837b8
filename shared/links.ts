/** A link a browser may be handed at all: https anywhere but loopback, plain http only on loopback; never credentials. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

export function hasSafeScheme(url: URL): boolean {
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return !LOOPBACK.has(url.hostname);
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

/** The payment link the service returned for a booking, if it is one a browser (or a phone scanning its QR code) may be handed. */
export function openablePaymentLink(returned: string | null | undefined): string | null {
  const url = returned ? parseUrl(returned) : null;
  return url && hasSafeScheme(url) ? url.href : null;
}

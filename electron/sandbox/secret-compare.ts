import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether a secret someone sent (a key, a client secret, a link's secret) is the one expected, in a
 * time that says nothing about how much of it was right: both are hashed to the same length first,
 * so neither the content nor the length of the expected secret leaks.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/**
 * scrypt with N = 2^15, r = 8, p = 3: one of OWASP's equivalent settings, 32 MiB of memory per hash,
 * so guessing PINs from a stolen settings file costs memory as well as time. The salt is 16 random
 * bytes per agent, the hash 32 bytes.
 */
const PARAMETERS = { logN: 15, r: 8, p: 3 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;

function derive(pin: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  // Node's default ceiling is 32 MiB; scrypt needs 128 * N * r bytes and a little more.
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r };
  return new Promise((resolve, reject) =>
    scrypt(pin.normalize('NFC'), salt, HASH_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** The stored form: "scrypt$logN$r$p$salt$hash" (base64), the parameters kept so a stronger setting later still reads old hashes. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { logN, r, p } = PARAMETERS;
  const hash = await derive(pin, salt, logN, r, p);
  return ['scrypt', logN, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Whether `pin` is the one `stored` was made from, compared in constant time. A stored value not in the form matches nothing. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const numbers = [logN, r, p].map(Number);
  if (expected.length !== HASH_BYTES || !numbers.every((n) => Number.isInteger(n) && n > 0 && n <= 20)) return false;
  const [n, blockSize, parallel] = numbers as [number, number, number];
  const actual = await derive(pin, Buffer.from(salt, 'base64'), n, blockSize, parallel);
  return timingSafeEqual(actual, expected);
}

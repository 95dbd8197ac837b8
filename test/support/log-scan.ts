import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileHoldsCardNumber } from './card-scan';

// Its own patterns, broader than the redactor's: a scan that shared the redactor's would be blind to its mistakes.
const FORBIDDEN: readonly [string, RegExp][] = [
  ['an API key (sk_, pk_, rk_)', /\b(?:sk|pk|rk)_(?:test_|live_)?[A-Za-z\d]{8,}/],
  ['the training service’s admin key', /sandbox_admin_[A-Za-z\d]{4,}/],
  ['a client secret', /_secret_[A-Za-z\d]{4,}/],
  ['an e-mail address', /[\w.%+-]+@[A-Za-z\d-]+(?:\.[A-Za-z\d-]+)*\.[A-Za-z]{2,}/],
];

/** What a log file holds that no log may: each kind found, with the line it was found on. */
export function secretsInLog(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [what, pattern] of FORBIDDEN) {
    const line = text.split('\n').find((candidate) => pattern.test(candidate));
    if (line !== undefined) found.push(`${what}: ${line.slice(0, 300)}`);
  }
  if (fileHoldsCardNumber(file)) found.push('something like a card number');
  return found;
}

/** Every *.log file under a folder, at any depth. */
export function logFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.log'))
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile());
}

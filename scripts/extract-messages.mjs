// Writes the English catalog from the messages the code declares (defineMessages / FormattedMessage / formatMessage).
// `node scripts/extract-messages.mjs` rewrites shared/i18n/catalogs/en.json; `--out FILE` writes elsewhere (the catalogs' test).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export const MESSAGE_SOURCES = ['renderer/src/**/*.{ts,tsx}', 'shared/**/*.ts', 'electron/core/**/*.ts', 'electron/main/**/*.ts'];

const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1] : 'shared/i18n/catalogs/en.json';
const cli = resolve('node_modules/@formatjs/cli/bin/formatjs');
execFileSync(process.execPath, [cli, 'extract', ...MESSAGE_SOURCES, '--format', 'simple', '--out-file', out], { stdio: 'inherit' });

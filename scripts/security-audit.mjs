// Electron security audit with @doyensec/electronegativity, run by `npm test`. Fails on any high or
// medium finding not accepted below (each acceptance is explained in docs/security.md).
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

// The tool downloads translations from the internet at start. These machines talk to nothing but
// loopback, so its HTTP client answers "offline" at once and it falls back to its bundled English.
const require = createRequire(import.meta.url);
const toolRequire = createRequire(require.resolve('@doyensec/electronegativity/dist/locales/i18n.js'));
const gotPath = toolRequire.resolve('got');
const offline = () => Promise.reject(new Error('Packdesk runs this audit offline'));
require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: Object.assign(offline, { default: offline }) };

const run = toolRequire('../runner.js');

/** Accepted findings: check id and file, with the reason in docs/security.md. */
const ACCEPTED = new Map([
  ['OPEN_EXTERNAL_JS_CHECK:electron/main/hardening.ts', 'only links that pass mayOpenExternally (the configured service’s own origin)'],
  [
    'OPEN_EXTERNAL_JS_CHECK:electron/main/packdesk-app.ts',
    'the core hands it only the payment link the service returned for a booking, checked by openablePaymentLink (https, or plain http on loopback)',
  ],
]);

// The tool reads every file under its input, node_modules included: it scans a copy of what the app
// itself runs in Electron (main, preload, the pages) and package.json (for the Electron version).
const staging = resolve('test-results/security-audit');
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
for (const path of ['electron/main', 'electron/preload', 'renderer/index.html', 'renderer/payment.html', 'package.json']) {
  cpSync(path, join(staging, path), { recursive: true });
}

const findings = [];
for (const input of [staging]) {
  const result = await run(
    {
      input,
      isRelative: true,
      isVerbose: false,
      // The check that downloads Electron's release list needs the network; Electron's version is pinned in package.json.
      excludeFromScan: ['availablesecurityfixesglobalcheck'],
      customScan: [],
      parserPlugins: [],
      electronVersionOverride: '45.4.1',
    },
    false,
  );
  for (const issue of result.issues) findings.push({ ...issue, input });
}

let blocking = 0;
for (const issue of findings) {
  const severity = issue.severity?.name ?? String(issue.severity);
  const key = `${issue.id}:${issue.file}`;
  const accepted = ACCEPTED.get(key);
  const blocks = (severity === 'HIGH' || severity === 'MEDIUM') && !accepted;
  if (blocks) blocking += 1;
  console.log(
    `${blocks ? '✗' : '·'} ${severity.padEnd(13)} ${issue.id} ${issue.file}:${issue.location?.line ?? ''}${accepted ? ` (accepted: ${accepted})` : ''}`,
  );
}
console.log(`electronegativity: ${findings.length} findings, ${blocking} high or medium not accepted`);
process.exit(blocking === 0 ? 0 : 1);

// `npm run test:pseudo [-- files…]`: the browser suite with every counter in the pseudo-locale (accented words in
// brackets). It passes when every test finds its words through the catalogs; then it lists, to be read, what the
// screens the tests photographed showed that no catalog wrote (data the counter holds, such as names, is left out;
// what a test typed that the counter does not keep yet, such as a traveler's name before the hold, is listed).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const FINDINGS = 'test-results/pseudo-locale/english.jsonl';

rmSync(FINDINGS, { force: true });
const run = spawnSync('vitest', ['run', '--project', 'e2e', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PACKDESK_TEST_LANGUAGE: 'en-XA' },
});

const screensByText = new Map();
if (existsSync(FINDINGS)) {
  for (const line of readFileSync(FINDINGS, 'utf8').trim().split('\n')) {
    const { screen, found } = JSON.parse(line);
    for (const text of found) screensByText.set(text, [...new Set([...(screensByText.get(text) ?? []), screen])]);
  }
}
console.log(`\nWords on screen that no catalog wrote, in the pseudo-locale's run: ${screensByText.size}`);
for (const [text, screens] of screensByText) console.log(`  “${text}” on ${screens.join(', ')}`);
process.exit(run.status ?? 1);

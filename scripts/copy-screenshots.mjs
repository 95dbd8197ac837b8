// `npm run screenshots`: copies the screenshots the browser tests took (test-results/screenshots)
// into docs/screenshots, where the README and the docs show them. Tests never write docs/ themselves.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const from = join(root, 'test-results/screenshots');
const to = join(root, 'docs/screenshots');
if (!existsSync(from)) {
  console.error('No screenshots yet: run the browser tests first (npm run test:e2e).');
  process.exit(1);
}
mkdirSync(to, { recursive: true });
// The docs show a step as the standard dialect answers it; the alternate dialect's copy of the same
// step stays in test-results, and only steps taken against the alternate alone are copied.
const all = readdirSync(from).filter((name) => name.endsWith('.png'));
const names = all.filter((name) => !name.endsWith('-alternate.png') || !all.includes(name.replace(/-alternate\.png$/, '.png')));
for (const name of names) copyFileSync(join(from, name), join(to, name));
console.log(`Copied ${names.length} screenshots into docs/screenshots.`);

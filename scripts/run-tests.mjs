// `npm test`: type checks, lint, then every vitest suite; ends with one line `N passed, N failed[, N skipped]`.
// Each check counts as one test; every step runs even when an earlier one fails, so one run shows everything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const REPORT = 'test-results/vitest.json';
const SUMMARY = 'test-results/summary.txt';
const checks = [
  ['typecheck (main, preload, core, sandbox)', 'tsc', ['--noEmit', '-p', 'tsconfig.node.json']],
  ['typecheck (renderer)', 'tsc', ['--noEmit', '-p', 'tsconfig.web.json']],
  ['typecheck (e2e tests, benchmarks)', 'tsc', ['--noEmit', '-p', 'tsconfig.e2e.json']],
  ['lint (type-aware, import fences)', 'eslint', ['--max-warnings', '0', '.']],
  ['formatting (prettier --check)', 'prettier', ['--check', '--log-level', 'warn', '.']],
  ['unused files, exports and dependencies (knip)', 'knip', ['--no-progress']],
  ['security audit (electronegativity)', 'node', ['scripts/security-audit.mjs']],
];

let passed = 0;
let failed = 0;
let skipped = 0;
for (const [name, command, args] of checks) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status === 0) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${name} failed`);
  }
}

console.log('\n▶ vitest (unit, integration, electron glue, e2e in Chromium)');
mkdirSync('test-results', { recursive: true });
rmSync(REPORT, { force: true });
const vitest = spawnSync('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`], { stdio: 'inherit' });
if (existsSync(REPORT)) {
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  const triedTwice = report.testResults.flatMap((suite) =>
    suite.assertionResults
      .filter((test) => test.meta?.failedOnce)
      .map((test) => `${test.status}: ${test.fullName}\n    first try: ${test.meta.failedOnce}`),
  );
  if (triedTwice.length) console.log(`\nBrowser tests that failed their first try:\n${triedTwice.join('\n')}`);
  // A suite that failed to load has no tests to count; count it as one failure.
  failed += report.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0).length;
} else {
  failed += 1;
}
if (vitest.status !== 0 && failed === 0) failed += 1;

const summary = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
writeFileSync(SUMMARY, `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed === 0 ? 0 : 1);

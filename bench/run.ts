import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import setup from '../test/e2e/global-setup';
import { measureAuditVerify } from './audit-figures';
import { AGENCY_FULL, AGENCY_HOW_MEASURED, AGENCY_QUICK, measureAgency } from './agency-figures';
import { measureBookingsScreen } from './bookings-screen';
import { DAY_HOW_MEASURED, measureDayFigures } from './day-figures';
import { figureReport, formatValue, resultsJson } from './figures';
import type { Figure } from './figures';
import { measureLedger } from './ledger-figures';
import { loadSections } from './load-sections';
import { measureMainMemory } from './main-memory';
import { measureRendererSize } from './renderer-size';
import { measureReports } from './report-figures';
import { measureTodayScreen } from './today-screen';
import { measureLanguageSwitch } from './language-switch';
import { measureService } from './service-figures';
import { measureUpdateCheck } from './update-check';
import { measureUpdateRestart } from './update-restart';

/**
 * `npm run bench [-- --quick] [-- --large] [-- --agency-only]`: every figure of issue 15 and issue 14's agency figures,
 * each with its target and its reference measured in the same run, written to bench/results.json and
 * bench/report.md. --quick: the same figures at smaller sizes (and without the load sections);
 * --large adds the 1,000,000-row figures; --agency-only measures and prints the agency figures alone
 * and writes no file; --audit-only does the same for verifying the audit of settings actions (1,000,000 entries);
 * --reports-only for Today, the end-of-day PDF and switching language in Chromium (at 1,000,000 rows with --large).
 */
const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const large = args.has('--large');
const agencyOnly = args.has('--agency-only');
const auditOnly = args.has('--audit-only');
const reportsOnly = args.has('--reports-only');
// --day-only[=cold,day,idle,fifty]: issue 29's new figures alone (all, or those named), printed, no file written.
const dayOnlyArg = process.argv.slice(2).find((arg) => arg === '--day-only' || arg.startsWith('--day-only='));
const dayParts = dayOnlyArg?.includes('=') ? new Set(dayOnlyArg.slice('--day-only='.length).split(',')) : undefined;
const SEED = 1;
const LARGE = 1_000_000;
const standard = quick ? 10_000 : 100_000;
const started = performance.now();
const loadBefore = loadavg();
const figures: Figure[] = [];
const notes: string[] = [];

const step = async <T>(label: string, work: () => T | Promise<T>): Promise<T> => {
  const at = performance.now();
  console.log(`[bench] ${label}…`);
  const result = await work();
  console.log(`[bench] ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
  return result;
};

const printFigures = (measured: readonly Figure[]) => {
  for (const figure of measured)
    console.log(
      `${figure.pass === null ? '   ' : figure.pass ? 'ok ' : 'MISS'} ${figure.name}: ${formatValue(figure.value, figure.unit)} (target ${figure.target}; ${figure.reference})`,
    );
};
const agencySizes = quick ? AGENCY_QUICK : AGENCY_FULL;
const measureAgencyFigures = () =>
  step(`agency ledger: ${agencySizes.counters} counters on one PostgreSQL`, () => measureAgency(agencySizes, SEED));
const measureAuditFigure = () =>
  step(`audit verify at ${(quick ? 100_000 : LARGE).toLocaleString('en-GB')} entries`, () =>
    measureAuditVerify(quick ? 100_000 : LARGE, quick ? 3 : 5, SEED),
  );
if (auditOnly) {
  printFigures([await measureAuditFigure()]);
  console.log(
    `[bench] audit figure (${quick ? '--quick' : 'full'}) took ${((performance.now() - started) / 1000).toFixed(0)} s; no file written`,
  );
  process.exit(0);
}
if (dayOnlyArg) {
  await step('building the app and the harness bridge', () => setup());
  const day = await measureDayFigures(quick, SEED, step, dayParts);
  printFigures(day.figures);
  for (const note of day.notes) console.log(note);
  console.log(
    `[bench] issue 29's new figures (${quick ? '--quick' : 'full'}) took ${((performance.now() - started) / 1000).toFixed(0)} s; no file written`,
  );
  process.exit(0);
}
const todaySizes = quick ? { openRuns: 6, warmUp: 2, pdfRuns: 2 } : { openRuns: 20, warmUp: 3, pdfRuns: 5 };
const measureTodayFigures = () =>
  step('Today and the end-of-day PDF in Chromium', () => measureTodayScreen(large ? LARGE : standard, todaySizes, SEED));
const measureLanguageFigures = () => step('switching language in Chromium', () => measureLanguageSwitch(quick ? 2 : 5));
if (reportsOnly) {
  await step('building the app and the harness bridge', () => setup());
  const today = await measureTodayFigures();
  today.figures.push(...(await measureLanguageFigures()));
  printFigures(today.figures);
  for (const note of today.notes) console.log(note);
  console.log(`[bench] Today's screen figures took ${((performance.now() - started) / 1000).toFixed(0)} s; no file written`);
  process.exit(0);
}
if (agencyOnly) {
  const agency = await measureAgencyFigures();
  printFigures(agency.figures);
  for (const note of agency.notes) console.log(note);
  console.log(
    `[bench] agency figures (${quick ? '--quick' : 'full'}) took ${((performance.now() - started) / 1000).toFixed(0)} s; no file written`,
  );
  process.exit(agency.figures.length ? 0 : 1);
}

await step('building the app and the harness bridge', () => setup());
figures.push(await step('renderer size', () => measureRendererSize()));
for (const size of large ? [standard, LARGE] : [standard]) {
  const ledger = await step(`history search and tracker tick at ${size.toLocaleString('en-GB')} rows`, () =>
    measureLedger(size, quick ? { runs: 100, warmUp: 10 } : { runs: size >= LARGE ? 200 : 300, warmUp: 20 }, SEED),
  );
  notes.push(
    ledger.seedMs
      ? `Seeding ${size.toLocaleString('en-GB')} rows took ${(ledger.seedMs / 1000).toFixed(1)} s (then cached in out/bench-cache).`
      : `The ${size.toLocaleString('en-GB')}-row ledger was copied from out/bench-cache, seeded by an earlier run.`,
  );
  figures.push(...ledger.figures);
}
const reports = await step('reports: Today', () =>
  measureReports(large ? [standard, LARGE] : [standard], { runs: quick ? 100 : 300, warmUp: 20 }, SEED),
);
figures.push(...reports.figures);
notes.push(...reports.notes);
figures.push(
  ...(await step('engine, whole flow, Paid seen, durable commits', () =>
    measureService(quick ? { overheadRuns: 100, flowRuns: 6, paidRuns: 3 } : { overheadRuns: 400, flowRuns: 30, paidRuns: 10 }, SEED),
  )),
);
const screen = await step('the Bookings screen in Chromium', () =>
  measureBookingsScreen(
    standard,
    large ? LARGE : null,
    quick ? { openRuns: 6, warmUp: 2, scrollSteps: 50 } : { openRuns: 20, warmUp: 3, scrollSteps: 300 },
    SEED,
  ),
);
figures.push(...screen.figures);
notes.push(
  ...screen.warnings.map(
    (warning) =>
      `The test harness's own checks on closing (focus left on the page, card numbers in the data folder's files) failed with: ${warning}`,
  ),
);
const today = await measureTodayFigures();
figures.push(...today.figures);
notes.push(...today.notes);
figures.push(...(await measureLanguageFigures()));
if (large) figures.push(await step('main-process memory', () => measureMainMemory(LARGE, SEED)));
figures.push(await measureAuditFigure());
figures.push(await step('update waiting: quit and restart', () => measureUpdateRestart(standard, quick ? 3 : 10, SEED)));
figures.push(await step('update feed check', () => measureUpdateCheck(quick ? 10 : 40)));
const agency = await measureAgencyFigures();
figures.push(...agency.figures);
notes.push(...agency.notes);
const day = await measureDayFigures(quick, SEED, step);
figures.push(...day.figures);
notes.push(...day.notes);
const sections = quick ? [] : await step('service load, many counters, change landing', () => loadSections());

const HOW_MEASURED = [
  '## How each figure is measured',
  '',
  '- Every sampled figure is warmed up first, then sampled; figures and their references are sampled in turns where both are cheap, so both see the same load.',
  '- Renderer JS: the scripts and modulepreload links of the built `out/renderer/index.html`, each gzipped at level 9.',
  '- Today open: in Chromium through the harness, on a report ledger of three profiles whose busiest day (2,000 bookings of the counter’s profile, with their money movements) is the day of the run; each sample the first open after the renderer started afresh, from Ctrl+Y to the frame showing the day’s count of bookings, against an empty ledger and the same day with no history. End-of-day PDF: from E on Today to every money movement on screen, then Save as PDF to the file written (the harness saves with Chromium’s print to PDF, the engine of Electron’s printToPDF).',
  '- Switching language: in Chromium through the harness, on Settings; from the click on a language in Settings → Language to the first animation frame whose navigation is in it, going round German, French, Spanish and English (each switch fetches that language’s catalog afresh, as only the active one is kept); a round first, unmeasured. Reference: the same screen drawn afresh without a change of language.',
  '- Bookings open: in Chromium through the e2e harness (the built renderer, the real core in this process); each sample is the first open after the renderer started afresh, from Ctrl+B to the animation frame in which the first row shows the newest booking (the empty ledger: its empty state). Long tasks from PerformanceObserver, checked once to see a 120 ms task.',
  '- History search (issue 29): a ledger of three profiles (training, test, live, interleaved; the live one searched, a third of the rows); `ledger.list` as the Bookings screen calls it, against the query a person would write on the same file with the same profile filter (raw FTS5 joined to the bookings for a full-text search, plain SQL otherwise). Every search is held to 5 ms (p95) at 100,000 rows and 15 ms at 1,000,000; a full-text search also to 2× the raw FTS5 query, on p50 and on p95.',
  '- Tracker tick: what the reconciler asks the ledger each pass (due writes, due bookings, the next due moment); 1 in 10 rows unfinished, 1 in 1,000 due now.',
  '- Service figures: the core with the app’s own settings against the built-in service in a process of its own; “seen on screen” is the core’s change event to the screens; the engine’s overhead the worse of search and pricing, its p50 against the plain fetch’s p50 and its p95 against the plain fetch’s p95. Search → Paid: on loopback the app’s own milliseconds per booking (no target); through a loopback proxy (`bench/latency-proxy.ts`) holding each answer 20 ms, on a second counter of its own, against the raw requests through the same proxy, in turns.',
  '- IPC per status change: the newest booking is cancelled in the ledger while Bookings shows it; counted are the bridge calls the renderer makes in the next 1.5 s (the list’s two-second poll for other writers not counted).',
  '- Heap: Chromium’s used JS heap after a forced garbage collection. Main-process memory: the RSS of a Node process opening the ledger through the core, not Electron’s main process itself.',
  '- Audit verify: `verify()` of the settings audit as the core runs it at start (workers check the chain, one per core; the walk that names a broken entry runs only when they find one), on an audit seeded in one commit; the reference hashes the same preimages with SHA-256 alone, in turns with it.',
  '- Update restart: “Install now” on a counter with a downloaded update (electron-updater’s Debian updater on a loopback feed, its install call recorded), the quit after it, and the first start of the new version (its data-folder self-check) less a normal start; the installer’s run and Electron’s restart are not in it.',
  '- Update feed check: `updates:check` as the four-hourly check runs it, through electron-updater’s Debian updater to a feed served by another process on loopback; the main process’s CPU time (process.cpuUsage) per check, in turns with a plain fetch and read of the same file; the status events sent to the renderer counted.',
  AGENCY_HOW_MEASURED,
  DAY_HOW_MEASURED,
];

const seconds = (performance.now() - started) / 1000;
// What was measured: the commit, and whether the product's code in the working tree (built as it is) held changes not committed yet.
const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { encoding: 'utf8' }).trim();
const uncommitted = git('status', '--porcelain', '--', 'electron', 'renderer', 'shared').split('\n').filter(Boolean).length;
const commit = git('rev-parse', '--short', 'HEAD');
const measuredTree = `commit ${commit}${uncommitted ? ` with ${uncommitted} product files changed or added but not committed (built as they were)` : ''}`;
const mode = [quick ? '--quick' : 'full', ...(large ? ['--large'] : [])].join(' ');
const stamp = { commit, uncommittedProductFiles: uncommitted, mode, date: new Date().toISOString(), seconds };
const report = [
  quick
    ? '# Packdesk benchmark report: --quick (smaller sizes, not the issue’s figures)'
    : `# Packdesk benchmark report (${mode}, ${stamp.date.slice(0, 10)}, commit ${commit})`,
  '',
  `Issue 15’s figures, issue 14’s agency figures and issue 29’s hard cases, each with its target from the issue and its reference measured in the same run, on ${measuredTree}. \`npm run bench\` (add \`-- --large\` for the 1,000,000-row figures, \`-- --quick\` for smaller sizes, \`-- --agency-only\` to print the agency figures alone). Seeded (seed ${SEED}).`,
  '',
  ...figureReport(figures, { mode, seconds, loadBefore }),
  ...(notes.length ? ['', ...notes] : []),
  '',
  ...HOW_MEASURED,
  '',
  ...sections,
].join('\n');
mkdirSync('bench', { recursive: true });
writeFileSync('bench/report.md', `${report}\n`);
writeFileSync('bench/results.json', resultsJson(figures, stamp));
printFigures(figures);
console.log(`[bench] ${mode} took ${seconds.toFixed(0)} s; wrote bench/report.md and bench/results.json`);
process.exit(0);

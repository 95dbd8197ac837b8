import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../electron/core/database';
import { createLedger } from '../electron/core/ledger/ledger';
import { ledgerMigrations } from '../electron/core/ledger/ledger-migrations';
import { CATALOG } from '../electron/sandbox/catalog';
import type { Figure } from './figures';
import { seededRandom } from './soak/seeded-random';
import { spreadOf, timedSyncInTurns } from './stats';

/** The day Today is asked for: the seeded ledger's last, busiest day. */
const DAY = '2026-01-15';
/** The month the period report is asked for, ending on that day. */
const MONTH_FROM = '2025-12-16';
/** Bookings made on that day at profile 1 (a busy counter's day, the size of the end-of-day figure). */
export const DAY_BOOKINGS = 2_000;
export const REPORT_PROFILES = 3;
const AGENTS = ['Ana Reis', 'Ben Costa', 'Cy Lopes', 'Dee Amaral', ''];
const SETTLED = ['Paid', 'Paid', 'Paid', 'Paid', 'Paid', 'Cancelled', 'Failed'];
/** Bumped whenever the rows written here change, so an older cached file is not reused. */
const SEEDER_VERSION = 1;

/**
 * Writes `size` bookings over five years and three profiles up to `day` (which holds DAY_BOOKINGS of
 * profile 1), through the ledger's own triggers, with the money movements each one's status means,
 * as money-movements.ts records them. Seeded; one transaction, no journal.
 */
function writeReportLedger(file: string, size: number, seed: number, day: string): void {
  openDatabase(file, ledgerMigrations).close();
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;');
  const random = seededRandom(seed, size, 31);
  const booking = db.prepare(
    `INSERT INTO bookings (profile_id, profile_kind, service_booking_id, package_id, package_title, property_id, property_name, check_in,
      check_out, adults, holder_name, holder_surname, holder_email, paxes, items, total_minor, currency, client_reference, booking_reference,
      status, attention, pending_modification_reference, pending_payment_link, pending_change, made_by, created_at, updated_at)
     VALUES (?, 'training', ?, ?, ?, ?, ?, ?, ?, 2, 'Ana', 'Silva', 'ana@example.com', '[40,38]', '[]', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const movement = db.prepare(
    "INSERT INTO money_movements (booking_id, profile_id, at, kind, amount_minor, currency, counter, agent) VALUES (?, ?, ?, ?, ?, ?, '', ?)",
  );
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  // Five years of history before the day.
  const start = new Date(dayStart).setUTCFullYear(Number(day.slice(0, 4)) - 5);
  const history = size - DAY_BOOKINGS;
  const step = history > 0 ? Math.floor((dayStart - start) / history) : 0;
  db.exec('BEGIN');
  for (let index = 0; index < size; index += 1) {
    const today = index >= history;
    const createdMs = today
      ? dayStart + Math.floor(((index - history) / DAY_BOOKINGS) * 86_399_000)
      : start + index * step + Math.floor(random() * step);
    const at = new Date(createdMs).toISOString();
    const profileId = today ? 1 : 1 + (index % REPORT_PROFILES);
    const pkg = CATALOG[Math.floor(random() * CATALOG.length)] as (typeof CATALOG)[number];
    const property = pkg.properties[0] as (typeof pkg.properties)[number];
    const status = SETTLED[Math.floor(random() * SETTLED.length)] as string;
    const total = property.baseNightly * 6;
    const agent = AGENTS[index % AGENTS.length] as string;
    // One booking in a hundred of the day waits for a change's payment; one in two hundred needs a person.
    const waiting = today && status === 'Paid' && index % 100 === 0;
    const reference = `MODB${index}`;
    const id = Number(
      booking.run(
        profileId,
        700_000 + index,
        pkg.id,
        pkg.title,
        property.id,
        property.name,
        '2026-03-01',
        '2026-03-04',
        total,
        pkg.currency,
        `PD-RPT-${String(index + 1).padStart(7, '0')}`,
        status === 'Failed' ? null : `PKDR${index}`,
        status,
        today && index % 200 === 1 ? 'Not confirmed yet: checking with the service.' : null,
        waiting ? reference : null,
        waiting ? `https://pay.example.com/${reference}` : null,
        waiting ? JSON.stringify({ amountMinor: 3000, requestedAt: at, request: {} }) : null,
        agent || null,
        at,
        at,
      ).lastInsertRowid,
    );
    const moved = (kind: string, amount: number) => movement.run(id, profileId, at, kind, amount, pkg.currency, agent);
    moved('authorized', total);
    if (status === 'Failed') moved('released', total);
    else {
      moved('captured', total);
      if (status === 'Cancelled') moved('refunded', total);
    }
  }
  db.exec('COMMIT');
  db.exec('PRAGMA journal_mode = WAL');
  db.close();
}

/** The seeded file, kept under out/bench-cache by seed, size, day, schema and seeder version; a copy for this run as `name` in `dir`. */
export function reportLedger(
  dir: string,
  size: number,
  seed: number,
  day = DAY,
  name = `ledger-${size}.db`,
): { file: string; seedMs: number } {
  const cacheDir = join(process.cwd(), 'out', 'bench-cache');
  const dayPart = day === DAY ? '' : `-${day}`;
  const cached = join(cacheDir, `report-ledger-seed${seed}-${size}${dayPart}-schema${ledgerMigrations.length}-v${SEEDER_VERSION}.db`);
  let seedMs = 0;
  if (!existsSync(cached)) {
    mkdirSync(cacheDir, { recursive: true });
    const started = performance.now();
    writeReportLedger(`${cached}.partial`, size, seed, day);
    seedMs = performance.now() - started;
    renameSync(`${cached}.partial`, cached);
  }
  const file = join(dir, name);
  copyFileSync(cached, file);
  return { file, seedMs };
}

/**
 * Today's figures as `reports:today` reads them in main (ledger.today: the kept day counts and money
 * totals, the day's bookings per hour, the changes waiting and the bookings needing a person), at
 * each size, sampled in turns with the same call on an empty ledger.
 */
export function measureReports(
  sizes: number[],
  samples: { runs: number; warmUp: number },
  seed: number,
): { figures: Figure[]; notes: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-report-bench-'));
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    const emptyDb = openDatabase(join(dir, 'empty.db'), ledgerMigrations);
    const empty = createLedger(emptyDb);
    // The same day with no history before it: what the day itself costs, apart from the ledger's size.
    const dayOnlyDb = openDatabase(reportLedger(dir, DAY_BOOKINGS, seed).file, ledgerMigrations);
    const dayOnly = createLedger(dayOnlyDb);
    for (const size of sizes) {
      const { file, seedMs } = reportLedger(dir, size, seed);
      notes.push(
        seedMs
          ? `Seeding the ${size.toLocaleString('en-GB')}-row report ledger took ${(seedMs / 1000).toFixed(1)} s (then cached in out/bench-cache).`
          : `The ${size.toLocaleString('en-GB')}-row report ledger was copied from out/bench-cache.`,
      );
      const db = openDatabase(file, ledgerMigrations);
      const ledger = createLedger(db);
      const shown = ledger.today(1, DAY, true);
      if (shown.made !== DAY_BOOKINGS) throw new Error(`Today shows ${shown.made} bookings, not the ${DAY_BOOKINGS} seeded`);
      const timed = timedSyncInTurns(
        samples.warmUp,
        samples.runs,
        () => ledger.today(1, DAY, true),
        () => empty.today(1, DAY, true),
      );
      const full = spreadOf(timed.first);
      const bare = spreadOf(timed.second);
      const words = `${size.toLocaleString('en-GB')} rows, ${REPORT_PROFILES} profiles, ${DAY_BOOKINGS.toLocaleString('en-GB')} bookings that day`;
      figures.push({
        name: `Today's figures in main (${words})`,
        value: full.p95,
        unit: 'ms',
        spread: full,
        target: '≤ 150 ms p95',
        reference: `an empty ledger: p95 ${bare.p95.toFixed(2)} ms`,
        pass: full.p95 <= 150,
      });
      // Main's part of Today opening, for comparison: the ratio is Today opening, judged on the screen
      // (bench/today-screen.ts); against an empty ledger's call, which does next to nothing, a ratio here says little.
      figures.push({
        name: `Today's figures in main against an empty ledger (${words})`,
        value: full.p95 / bare.p95,
        unit: '×',
        target: 'none (main’s part of Today opening; the ≤ 1.5× target is judged on the screen, in Chromium)',
        reference: `p95 ${full.p95.toFixed(2)} ms against ${bare.p95.toFixed(2)} ms: the day’s own ${DAY_BOOKINGS.toLocaleString('en-GB')} bookings (their hours, their waiting changes), not the ledger’s history (see the same day with no history)`,
        pass: null,
      });
      const againstDay = timedSyncInTurns(
        samples.warmUp,
        samples.runs,
        () => ledger.today(1, DAY, true),
        () => dayOnly.today(1, DAY, true),
      );
      const withHistory = spreadOf(againstDay.first);
      const noHistory = spreadOf(againstDay.second);
      figures.push({
        name: `Today's figures against the same day with no history (${words})`,
        value: withHistory.p95 / noHistory.p95,
        unit: '×',
        target: 'none (shows whether the ledger’s years cost anything)',
        reference: `p95 ${withHistory.p95.toFixed(2)} ms against ${noHistory.p95.toFixed(2)} ms`,
        pass: null,
      });
      // A month's period report: the month before the day, read along the index of when bookings were made.
      const month = timedSyncInTurns(
        samples.warmUp,
        Math.min(samples.runs, 50),
        () => ledger.period(1, MONTH_FROM, DAY),
        () => empty.period(1, MONTH_FROM, DAY),
      );
      const monthSpread = spreadOf(month.first);
      figures.push({
        name: `A month's period report in main (${size.toLocaleString('en-GB')} rows, ${REPORT_PROFILES} profiles)`,
        value: monthSpread.p95,
        unit: 'ms',
        spread: monthSpread,
        target: '≤ 1 s (1,000 ms) p95',
        reference: `an empty ledger: p95 ${spreadOf(month.second).p95.toFixed(2)} ms; ${ledger.period(1, MONTH_FROM, DAY).made.toLocaleString('en-GB')} bookings in the month`,
        pass: monthSpread.p95 <= 1_000,
      });
      db.close();
    }
    emptyDb.close();
    dayOnlyDb.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { figures, notes };
}

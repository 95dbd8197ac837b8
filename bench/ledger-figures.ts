import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue } from 'node:sqlite';
import { openDatabase } from '../electron/core/database';
import { createLedger } from '../electron/core/ledger/ledger';
import type { Ledger } from '../electron/core/ledger/ledger';
import { ledgerMigrations } from '../electron/core/ledger/ledger-migrations';
import { toRecord } from '../electron/core/ledger/ledger-rows';
import type { Row } from '../electron/core/ledger/ledger-rows';
import type { BookingFilter } from '../shared/bookings';
import type { Figure } from './figures';
import { RARE_SURNAME, seededLedger } from './seeded-ledger';
import { spreadOf, timedSync, timedSyncInTurns } from './stats';

export interface LedgerSizes {
  runs: number;
  warmUp: number;
}

const sizeWords = (size: number) => size.toLocaleString('en-GB');

/** One kind of history search: the ledger's call, and the plain SQL a person would write for the same page. */
interface SearchKind {
  label: string;
  filter: BookingFilter;
  raw: { sql: string; params: SQLInputValue[] };
  /** A full-text search: also held to 2× the raw FTS5 query. */
  fullText: boolean;
}

const RAW_FTS_PAGE =
  'SELECT b.* FROM bookings_search s JOIN bookings b ON b.id = s.rowid WHERE bookings_search MATCH ? ORDER BY s.rowid DESC LIMIT 100';

function searchKinds(size: number, oneEmail: string, commonSurname: string): SearchKind[] {
  const deepOffset = Math.floor(size * 0.9);
  return [
    {
      label: 'no filter',
      filter: { profileId: 1, limit: 100 },
      raw: { sql: 'SELECT * FROM bookings WHERE profile_id = 1 ORDER BY id DESC LIMIT 100', params: [] },
      fullText: false,
    },
    {
      label: `name "${commonSurname.toLowerCase()}"`,
      filter: { profileId: 1, query: commonSurname.toLowerCase(), limit: 100 },
      raw: { sql: RAW_FTS_PAGE, params: [`"${commonSurname.toLowerCase()}"*`] },
      fullText: true,
    },
    {
      label: 'e-mail',
      filter: { profileId: 1, query: oneEmail, limit: 100 },
      raw: { sql: RAW_FTS_PAGE, params: [`"${oneEmail}"*`] },
      fullText: true,
    },
    {
      label: 'status Cancelled',
      filter: { profileId: 1, statuses: ['Cancelled'], limit: 100 },
      raw: { sql: "SELECT * FROM bookings WHERE profile_id = 1 AND status = 'Cancelled' ORDER BY id DESC LIMIT 100", params: [] },
      fullText: false,
    },
    {
      label: `deep page (offset ${sizeWords(deepOffset)})`,
      filter: { profileId: 1, offset: deepOffset, limit: 100 },
      raw: { sql: 'SELECT * FROM bookings WHERE profile_id = 1 ORDER BY id DESC LIMIT 100 OFFSET ?', params: [deepOffset] },
      fullText: false,
    },
    {
      label: `a name matching about 20 rows ("${RARE_SURNAME.toLowerCase()}")`,
      filter: { profileId: 1, query: RARE_SURNAME.toLowerCase(), limit: 100 },
      raw: { sql: RAW_FTS_PAGE, params: [`"${RARE_SURNAME.toLowerCase()}"*`] },
      fullText: true,
    },
  ];
}

/** What the reconciler's tick asks the ledger, as it asks it: due writes, due bookings, the next due moment. */
function trackerTick(ledger: Ledger): void {
  const at = Date.now();
  ledger.dueIntents(at, 3);
  ledger.dueBookings(at, 3);
  ledger.nextDueAt(at);
}

function historyFigures(
  ledger: Ledger,
  raw: DatabaseSync,
  size: number,
  seeded: ReturnType<typeof seededLedger>,
  sizes: LedgerSizes,
): Figure[] {
  const limitMs = size >= 1_000_000 ? 30 : 10;
  return searchKinds(size, seeded.oneEmail, seeded.commonSurname).map((kind) => {
    const rawStatement = raw.prepare(kind.raw.sql);
    // The last answer's total, written inside the timed closure.
    const answer = { total: 0, totalIsEstimate: false };
    const turns = timedSyncInTurns(
      sizes.warmUp,
      sizes.runs,
      () => {
        const page = ledger.list(kind.filter);
        answer.total = page.total;
        answer.totalIsEstimate = page.totalIsEstimate;
      },
      () => rawStatement.all(...kind.raw.params),
    );
    const measured = spreadOf(turns.first);
    const reference = spreadOf(turns.second);
    // Part of the difference: the ledger hands out records, the raw query rows.
    const rawRows = rawStatement.all(...kind.raw.params) as unknown as Row[];
    const decoding = spreadOf(timedSync(sizes.warmUp, sizes.runs, () => rawRows.map(toRecord)));
    const withinLimit = measured.p95 <= limitMs;
    // The issue holds full-text searches to 2× the raw FTS5 query at 100,000 rows; at 1,000,000 it sets 30 ms alone.
    const heldToRaw = kind.fullText && size < 1_000_000;
    const withinRaw = !heldToRaw || measured.p95 <= 2 * reference.p95;
    const rawWords = kind.fullText ? 'raw FTS5 page query' : 'plain SQL page query';
    return {
      name: `history search at ${sizeWords(size)} rows, p95: ${kind.label}`,
      value: measured.p95,
      unit: 'ms',
      spread: measured,
      target: heldToRaw ? `≤ ${limitMs} ms and ≤ 2× raw FTS5` : `≤ ${limitMs} ms`,
      reference: `${rawWords} on the same file p50 ${reference.p50.toFixed(2)} / p95 ${reference.p95.toFixed(2)} ms (${(measured.p95 / reference.p95).toFixed(1)}×); total ${answer.total.toLocaleString('en-GB')}${answer.totalIsEstimate ? ' (estimated)' : ''}`,
      pass: withinLimit && withinRaw,
      ...(withinLimit && withinRaw
        ? {}
        : {
            why: `p95 ${measured.p95.toFixed(2)} ms against the raw query's ${reference.p95.toFixed(2)} ms (${(measured.p95 / reference.p95).toFixed(1)}×); turning the page's ${rawRows.length} rows into records alone takes ${decoding.p95.toFixed(2)} ms (p95), the rest is the ledger's own queries (its page and the total, ${answer.total.toLocaleString('en-GB')})`,
          }),
    };
  });
}

function tickFigure(ledger: Ledger, empty: Ledger, size: number, unfinished: number, sizes: LedgerSizes): Figure {
  const runs = sizes.runs * 2;
  const turns = timedSyncInTurns(
    sizes.warmUp,
    runs,
    () => trackerTick(ledger),
    () => trackerTick(empty),
  );
  const measured = spreadOf(turns.first);
  const reference = spreadOf(turns.second);
  return {
    name: `status tracker tick, ${sizeWords(size)} rows of which ${sizeWords(unfinished)} unfinished`,
    value: measured.p95,
    unit: 'ms',
    spread: measured,
    target: '≤ 5 ms',
    reference: `the same due-query on an empty ledger p50 ${reference.p50.toFixed(3)} / p95 ${reference.p95.toFixed(3)} ms`,
    pass: measured.p95 <= 5,
    ...(measured.p95 <= 5 ? {} : { why: 'the due-query reads more than its partial index (check its query plan)' }),
  };
}

/**
 * History search and the tracker's tick through the ledger the app uses, on a seeded ledger of
 * `size` rows, each against its reference on the same file (raw SQL, or an empty ledger).
 */
export function measureLedger(size: number, sizes: LedgerSizes, seed: number): { figures: Figure[]; seedMs: number } {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-ledger-'));
  const seeded = seededLedger(dir, size, seed);
  const db = openDatabase(seeded.file, ledgerMigrations);
  const raw = new DatabaseSync(seeded.file, { readOnly: true });
  const emptyDb = openDatabase(join(dir, 'empty-ledger.db'), ledgerMigrations);
  try {
    const ledger = createLedger(db);
    const figures = [
      ...historyFigures(ledger, raw, size, seeded, sizes),
      tickFigure(ledger, createLedger(emptyDb), size, seeded.unfinished, sizes),
    ];
    return { figures, seedMs: seeded.seedMs };
  } finally {
    raw.close();
    db.close();
    emptyDb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

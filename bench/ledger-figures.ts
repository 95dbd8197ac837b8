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
import { RARE_SURNAME, SEARCHED_PROFILE, seededLedger } from './seeded-ledger';
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

/** The raw FTS5 page a person would write, with the same profile filter as the ledger's call (on the joined row). */
const RAW_FTS_PAGE = `SELECT b.* FROM bookings_search s JOIN bookings b ON b.id = s.rowid
  WHERE bookings_search MATCH ? AND b.profile_id = ${SEARCHED_PROFILE} ORDER BY s.rowid DESC LIMIT 100`;

function searchKinds(size: number, oneEmail: string, commonSurname: string): SearchKind[] {
  const profileId = SEARCHED_PROFILE;
  // The searched profile holds a third of the rows: the deep page is 90% into its own.
  const deepOffset = Math.floor((size / 3) * 0.9);
  return [
    {
      label: 'no filter',
      filter: { profileId, limit: 100 },
      raw: { sql: `SELECT * FROM bookings WHERE profile_id = ${profileId} ORDER BY id DESC LIMIT 100`, params: [] },
      fullText: false,
    },
    {
      label: `name "${commonSurname.toLowerCase()}"`,
      filter: { profileId, query: commonSurname.toLowerCase(), limit: 100 },
      raw: { sql: RAW_FTS_PAGE, params: [`"${commonSurname.toLowerCase()}"*`] },
      fullText: true,
    },
    {
      label: 'e-mail',
      filter: { profileId, query: oneEmail, limit: 100 },
      raw: { sql: RAW_FTS_PAGE, params: [`"${oneEmail}"*`] },
      fullText: true,
    },
    {
      label: 'status Cancelled',
      filter: { profileId, statuses: ['Cancelled'], limit: 100 },
      raw: {
        sql: `SELECT * FROM bookings WHERE profile_id = ${profileId} AND status = 'Cancelled' ORDER BY id DESC LIMIT 100`,
        params: [],
      },
      fullText: false,
    },
    {
      label: `deep page (offset ${sizeWords(deepOffset)})`,
      filter: { profileId, offset: deepOffset, limit: 100 },
      raw: { sql: `SELECT * FROM bookings WHERE profile_id = ${profileId} ORDER BY id DESC LIMIT 100 OFFSET ?`, params: [deepOffset] },
      fullText: false,
    },
    {
      label: `a name matching about 20 rows of the profile ("${RARE_SURNAME.toLowerCase()}")`,
      filter: { profileId, query: RARE_SURNAME.toLowerCase(), limit: 100 },
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
  const limitMs = size >= 1_000_000 ? 15 : 5;
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
    const ratio = { p50: measured.p50 / reference.p50, p95: measured.p95 / reference.p95 };
    const withinLimit = measured.p95 <= limitMs;
    // A full-text search is held to 2× the raw FTS5 query with the same profile filter, on p50 and on p95, at every size.
    const withinRaw = !kind.fullText || (ratio.p50 <= 2 && ratio.p95 <= 2);
    const rawWords = kind.fullText ? 'raw FTS5 page query, same profile filter,' : 'plain SQL page query, same profile filter,';
    return {
      name: `history search, 3 profiles, ${sizeWords(size)} rows, p95: ${kind.label}`,
      value: measured.p95,
      unit: 'ms',
      spread: measured,
      target: kind.fullText ? `≤ ${limitMs} ms and ≤ 2× raw FTS5 (p50 and p95)` : `≤ ${limitMs} ms`,
      reference: `${rawWords} on the same file p50 ${reference.p50.toFixed(2)} / p95 ${reference.p95.toFixed(2)} ms (${ratio.p50.toFixed(1)}× / ${ratio.p95.toFixed(1)}×); total ${answer.total.toLocaleString('en-GB')}${answer.totalIsEstimate ? ' (estimated)' : ''}`,
      pass: withinLimit && withinRaw,
      ...(withinLimit && withinRaw
        ? {}
        : {
            why: `p50 ${measured.p50.toFixed(2)} / p95 ${measured.p95.toFixed(2)} ms against the raw query's ${reference.p50.toFixed(2)} / ${reference.p95.toFixed(2)} ms (${ratio.p50.toFixed(1)}× / ${ratio.p95.toFixed(1)}×); turning the page's ${rawRows.length} rows into records alone takes ${decoding.p95.toFixed(2)} ms (p95), the rest is the ledger's own queries (its page and the total, ${answer.total.toLocaleString('en-GB')})`,
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

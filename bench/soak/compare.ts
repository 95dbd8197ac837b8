import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileHoldsCardNumber } from '../../test/support/card-scan';
import { statusesOf } from '../../electron/sandbox/dialect';
import type { Dialect } from '../../electron/sandbox/dialect';
import { attentionByCause, matchBySale, overlappingWrites, saleByEmail } from './sale-matching';
import { ledgerTakings, serviceTakings, takingsMismatches } from './takings';
import type { Holder, LedgerBooking, LoggedWrite, SaleOf, ServiceBooking } from './sale-matching';

export * from './sale-matching';

// Every ledger row of every counter against the built-in service's own records, matched by intended
// sale (sale-matching.ts, re-exported here); the terms are defined in docs/ledger.md ("The soak's
// figures"). The readers are exported too, for any other comparator (the agency soak).

/** Files under these paths (folders walked) in which something looks like a card number. */
export function filesWithCardNumbers(paths: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    else files.push(path);
  };
  for (const path of paths) walk(path);
  return files.filter((file) => fileHoldsCardNumber(file));
}

type ServiceRow = {
  id: number;
  holder: string;
  status: string;
  check_in: string;
  check_out: string;
  total_minor: number;
  currency: string;
  authorizations: number;
};
type WriteRow = { operation: string; booking_id: number | null; received_at: number; done_at: number; outcome: string };

/** The service's bookings and its log of writes (null when it kept none: an older file, or logWrites off), read from its SQLite file. */
export function readService(
  serviceFile: string,
  dialect: Dialect = 'standard',
  saleOf: SaleOf = saleByEmail,
): { bookings: ServiceBooking[]; writes: LoggedWrite[] | null } {
  // The service keeps its own states; the client sees them as the dialect names them.
  const outward = statusesOf(dialect) as Partial<Record<string, string>>;
  const db = new DatabaseSync(serviceFile, { readOnly: true });
  try {
    const bookings = (
      db
        .prepare(
          `SELECT b.id, b.holder, b.status, b.check_in, b.check_out, b.total_minor, b.currency,
             (SELECT count(*) FROM payments p WHERE p.booking_id = b.id AND p.kind = 'authorization') AS authorizations
           FROM bookings b ORDER BY b.id`,
        )
        .all() as ServiceRow[]
    ).map((row) => ({
      id: row.id,
      sale: saleOf(JSON.parse(row.holder) as Holder),
      status: outward[row.status] ?? row.status,
      checkIn: row.check_in,
      checkOut: row.check_out,
      totalMinor: row.total_minor,
      currency: row.currency,
      authorizations: row.authorizations,
    }));
    // Every booking came from a prebook, which the log keeps too: a log empty beside bookings was not being kept (logWrites off).
    const logged =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'write_requests'").get() !== undefined &&
      (bookings.length === 0 || db.prepare('SELECT 1 FROM write_requests LIMIT 1').get() !== undefined);
    const writes = logged
      ? (db.prepare('SELECT operation, booking_id, received_at, done_at, outcome FROM write_requests ORDER BY id').all() as WriteRow[]).map(
          (row) => ({
            operation: row.operation,
            bookingId: row.booking_id,
            receivedAt: row.received_at,
            doneAt: row.done_at,
            outcome: row.outcome,
          }),
        )
      : null;
    return { bookings, writes };
  } finally {
    db.close();
  }
}

type LedgerRow = {
  id: number;
  service_booking_id: number | null;
  holder_name: string;
  holder_surname: string;
  holder_email: string;
  status: string;
  check_in: string;
  check_out: string;
  total_minor: number;
  currency: string;
  attention: string | null;
  in_flight: string | null;
  next_check_at: number | null;
};

/** A counter's ledger: its rows, their attention flags, and how many writes and rows are still unsettled. */
export function readLedger(
  counterDir: string,
  saleOf: SaleOf = saleByEmail,
): { rows: LedgerBooking[]; attention: (string | null)[]; unsettled: number } {
  const db = new DatabaseSync(join(counterDir, 'ledger.db'), { readOnly: true });
  try {
    const found = db
      .prepare(
        `SELECT id, service_booking_id, holder_name, holder_surname, holder_email, status, check_in, check_out, total_minor, currency,
           attention, in_flight, next_check_at FROM bookings ORDER BY id`,
      )
      .all() as LedgerRow[];
    const openWrites = (db.prepare('SELECT count(*) AS n FROM intents WHERE finished_at IS NULL').get() as { n: number }).n;
    const where = basename(counterDir);
    return {
      rows: found.map((row) => ({
        where,
        rowId: row.id,
        serviceBookingId: row.service_booking_id,
        sale: saleOf({ name: row.holder_name, surname: row.holder_surname, email: row.holder_email }),
        status: row.status,
        checkIn: row.check_in,
        checkOut: row.check_out,
        totalMinor: row.total_minor,
        currency: row.currency,
      })),
      attention: found.map((row) => row.attention),
      unsettled: openWrites + found.filter((row) => row.in_flight !== null || row.next_check_at !== null).length,
    };
  } finally {
    db.close();
  }
}

export interface CompareOptions {
  /** What names an intended sale (default: the holder's e-mail). */
  saleOf?: SaleOf;
  /** More files or folders to search for card numbers (a backup taken during the run). */
  alsoScan?: string[];
}

/** The terms that are anomalies: any of them above 0 fails a run (doubleWritten is -1 when the service kept no log to judge by). */
export const ANOMALIES = [
  'lost',
  'orphanHolds',
  'phantomRows',
  'duplicateRows',
  'wrongStatus',
  'wrongDates',
  'wrongTotal',
  'wrongTakings',
  'doubleCharged',
  'doubleWritten',
  'unsettled',
  'cardNumbers',
] as const;

export type Anomaly = (typeof ANOMALIES)[number];

/** The anomaly terms that are not 0 in these figures. */
export const anomaliesIn = (figures: Record<Anomaly, number>): Anomaly[] => ANOMALIES.filter((term) => figures[term] !== 0);

/** Every ledger row of every counter against the built-in service's own records; the terms are defined in docs/ledger.md. */
export function compareWithService(
  serviceFile: string,
  counterDirs: string[],
  dialect: Dialect = 'standard',
  options: CompareOptions = {},
) {
  const saleOf = options.saleOf ?? saleByEmail;
  const service = readService(serviceFile, dialect, saleOf);
  const ledgers = counterDirs.map((dir) => readLedger(dir, saleOf));
  const matched = matchBySale(
    service.bookings,
    ledgers.flatMap((ledger) => ledger.rows),
  );
  const overlaps = service.writes
    ? overlappingWrites(service.writes)
    : {
        doubleWritten: -1,
        findings: [
          { term: 'doubleWritten', detail: 'the service kept no log of its writes (write_requests; the control logWrites was off)' },
        ],
      };
  const flags = ledgers.flatMap((ledger) => ledger.attention);
  const takings = takingsMismatches(serviceTakings(serviceFile), counterDirs.map(ledgerTakings));
  const withCards = filesWithCardNumbers([...counterDirs, serviceFile, `${serviceFile}-wal`, ...(options.alsoScan ?? [])]);
  return {
    ...matched.figures,
    doubleWritten: overlaps.doubleWritten,
    wrongTakings: takings.wrongTakings,
    unsettled: ledgers.reduce((sum, ledger) => sum + ledger.unsettled, 0),
    cardNumbers: withCards.length,
    attention: flags.filter((flag) => flag !== null).length,
    attentionByCause: attentionByCause(flags),
    /** What each anomaly was; not part of the JSON line. */
    findings: [
      ...matched.findings,
      ...overlaps.findings,
      ...takings.findings,
      ...withCards.map((file) => ({ term: 'cardNumbers', detail: `${file} holds something that looks like a card number` })),
    ],
  };
}

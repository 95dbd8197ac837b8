import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileHoldsCardNumber } from '../../test/support/card-scan';
import { statusesOf } from '../../electron/sandbox/dialect';
import type { Dialect } from '../../electron/sandbox/dialect';

type ServiceRow = {
  id: number;
  status: string;
  check_in: string;
  check_out: string;
  total_minor: number;
  currency: string;
  authorizations: number;
};
type LedgerRow = {
  service_booking_id: number | null;
  status: string;
  check_in: string;
  check_out: string;
  total_minor: number;
  currency: string;
  attention: string | null;
  in_flight: string | null;
  next_check_at: number | null;
};

/** Every ledger row of every counter against the built-in service's own records; the terms are defined in docs/ledger.md. */
export function compareWithService(serviceFile: string, counterDirs: string[], dialect: Dialect = 'standard') {
  // The service keeps its own states; the client sees them as the dialect names them.
  const outward = statusesOf(dialect);
  const serviceDb = new DatabaseSync(serviceFile, { readOnly: true });
  const atService = new Map(
    (
      serviceDb
        .prepare(
          `SELECT b.id, b.status, b.check_in, b.check_out, b.total_minor, b.currency, coalesce(a.n, 0) AS authorizations FROM bookings b
           LEFT JOIN (SELECT booking_id, count(*) AS n FROM payments WHERE kind = 'authorization' GROUP BY booking_id) a ON a.booking_id = b.id`,
        )
        .all() as ServiceRow[]
    ).map((row) => [row.id, row]),
  );
  serviceDb.close();

  const figures = {
    bookings: atService.size,
    lost: 0,
    doubleCharged: 0,
    wrongStatus: 0,
    wrongDates: 0,
    wrongTotal: 0,
    duplicateRows: 0,
    orphanHolds: 0,
    unsettled: 0,
    attention: 0,
    cardNumbers: 0,
  };
  const seen = new Set<number>();
  for (const dir of counterDirs) {
    const db = new DatabaseSync(join(dir, 'ledger.db'), { readOnly: true });
    const rows = db
      .prepare(
        'SELECT service_booking_id, status, check_in, check_out, total_minor, currency, attention, in_flight, next_check_at FROM bookings',
      )
      .all() as LedgerRow[];
    figures.unsettled += (db.prepare('SELECT count(*) AS n FROM intents WHERE finished_at IS NULL').get() as { n: number }).n;
    db.close();
    for (const row of rows) {
      if (row.attention !== null) figures.attention += 1;
      if (row.in_flight !== null || row.next_check_at !== null) figures.unsettled += 1;
      if (row.service_booking_id === null) continue;
      const id = row.service_booking_id;
      if (seen.has(id)) {
        figures.duplicateRows += 1;
        continue;
      }
      seen.add(id);
      const truth = atService.get(id);
      if (!truth) continue;
      if (row.status !== ((outward as Partial<Record<string, string>>)[truth.status] ?? truth.status)) figures.wrongStatus += 1;
      if (row.check_in !== truth.check_in || row.check_out !== truth.check_out) figures.wrongDates += 1;
      if (row.total_minor !== truth.total_minor || row.currency !== truth.currency) figures.wrongTotal += 1;
    }
    for (const file of readdirSync(dir)) {
      if (fileHoldsCardNumber(join(dir, file))) figures.cardNumbers += 1;
    }
  }
  for (const [id, truth] of atService) {
    if (truth.authorizations > 1) figures.doubleCharged += 1;
    if (seen.has(id)) continue;
    figures.orphanHolds += 1;
    if (truth.authorizations > 0) figures.lost += 1;
  }
  return figures;
}

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Takings per currency, in its minor units (never added across currencies). */
export type Takings = Map<string, number>;

const sumsOf = (rows: { currency: string; takings: number }[]): Takings => new Map(rows.map((row) => [row.currency, row.takings]));

/** What the built-in service took per currency: captured and charged at a change's link, less refunded, from its own payment records. */
export function serviceTakings(serviceFile: string): Takings {
  const db = new DatabaseSync(serviceFile, { readOnly: true });
  try {
    return sumsOf(
      db
        .prepare(
          `SELECT currency, sum(CASE kind WHEN 'capture' THEN amount_minor WHEN 'charge' THEN amount_minor WHEN 'refund' THEN -amount_minor ELSE 0 END) AS takings
           FROM payments GROUP BY currency`,
        )
        .all() as { currency: string; takings: number }[],
    );
  } finally {
    db.close();
  }
}

/**
 * What a counter's reports say it took per currency: its own money movements (another counter's,
 * copied from the agency, are that counter's to count), as Today and the end-of-day report add them.
 */
export function ledgerTakings(counterDir: string): Takings {
  const db = new DatabaseSync(join(counterDir, 'ledger.db'), { readOnly: true });
  try {
    return sumsOf(
      db
        .prepare(
          `SELECT currency, sum(CASE kind WHEN 'captured' THEN amount_minor WHEN 'paid_at_link' THEN amount_minor WHEN 'refunded' THEN -amount_minor ELSE 0 END) AS takings
           FROM money_movements WHERE counter = '' GROUP BY currency`,
        )
        .all() as { currency: string; takings: number }[],
    );
  } finally {
    db.close();
  }
}

/**
 * The currencies in which the counters' reports, added up, differ from the service's takings, each in
 * words: the figure `wrongTakings` counts them (0 when the reports are the service's to the minor unit).
 */
export function takingsMismatches(
  service: Takings,
  counters: Takings[],
): { wrongTakings: number; findings: { term: 'wrongTakings'; detail: string }[] } {
  const reported: Takings = new Map();
  for (const counter of counters)
    for (const [currency, takings] of counter) reported.set(currency, (reported.get(currency) ?? 0) + takings);
  const currencies = [...new Set([...service.keys(), ...reported.keys()])].sort();
  const findings = currencies
    .filter((currency) => (service.get(currency) ?? 0) !== (reported.get(currency) ?? 0))
    .map((currency) => ({
      term: 'wrongTakings' as const,
      detail: `${currency}: the counters' reports take ${reported.get(currency) ?? 0} minor units, the service's records ${service.get(currency) ?? 0}`,
    }));
  return { wrongTakings: findings.length, findings };
}

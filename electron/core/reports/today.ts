import type { DatabaseSync } from 'node:sqlite';
import type { CurrencyTotals, MoneyKind, TodayFigures } from '../../../shared/reports';
import { statement } from '../ledger/statements';
import { parseWords } from '../ledger/ledger-words';

/** Shown at most in Today's lists; the totals say how many there are. */
const LIST_LIMIT = 50;

type MovementField = keyof Omit<CurrencyTotals, 'currency' | 'takings'>;
const FIELD_OF: Record<MoneyKind, MovementField> = {
  authorized: 'authorized',
  captured: 'captured',
  released: 'released',
  refunded: 'refunded',
  paid_at_link: 'paidAtLink',
};

/** Sums of movements per currency (sorted by code), with the takings of each. */
export function currencyTotals(rows: { currency: string; kind: string; amount: number }[]): CurrencyTotals[] {
  const byCurrency = new Map<string, CurrencyTotals>();
  for (const row of rows) {
    const field = (FIELD_OF as Partial<Record<string, MovementField>>)[row.kind];
    if (!field) continue;
    const totals = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      authorized: 0,
      captured: 0,
      released: 0,
      refunded: 0,
      paidAtLink: 0,
      takings: 0,
    };
    totals[field] += row.amount;
    totals.takings = totals.captured + totals.paidAtLink - totals.refunded;
    byCurrency.set(row.currency, totals);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

const holderOf = (row: { holder_name: string; holder_surname: string }) => `${row.holder_name} ${row.holder_surname}`;

/** Each desk's bookings made and money (an empty name: this counter), sorted by name with this counter first. */
function perCounter(
  counts: { counter: string; n: number }[],
  money: { counter: string; currency: string; kind: string; amount: number }[],
) {
  const counters = [...new Set([...counts.map((row) => row.counter), ...money.map((row) => row.counter)])].sort();
  return counters.map((counter) => ({
    counter,
    made: counts.filter((row) => row.counter === counter).reduce((sum, row) => sum + row.n, 0),
    money: currencyTotals(money.filter((row) => row.counter === counter)),
  }));
}

/**
 * The day in numbers for this counter, or for the agency from the copies of every desk's bookings this
 * counter holds (their money is recorded with the desk that sold them), read from the summaries the
 * ledger keeps with each change (report-schema.ts) and from partial indexes: its cost does not grow
 * with the ledger's years.
 */
export function todayFigures(
  db: DatabaseSync,
  profileId: number,
  day: string,
  withAgents: boolean,
  scope: TodayFigures['scope'] = 'counter',
): TodayFigures {
  const agency = scope === 'agency';
  // This counter's rows, or every desk's.
  // This counter's own rows carry no counter name; another counter's carry its name (report-schema.ts).
  const ofCounter = agency ? '' : "AND counter = ''";
  const ofOrigin = agency ? '' : 'AND origin_counter IS NULL';
  const counts = statement(
    db,
    `SELECT counter, agent, status, n FROM report_day_counts WHERE profile_id = ? AND day = ? ${ofCounter} AND n > 0`,
  ).all(profileId, day) as { counter: string; agent: string; status: string; n: number }[];
  const byStatus = new Map<string, number>();
  for (const row of counts) byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.n);

  const money = statement(
    db,
    `SELECT counter, agent, currency, kind, amount_minor AS amount FROM money_day_totals WHERE profile_id = ? AND day = ? ${ofCounter}`,
  ).all(profileId, day) as { counter: string; agent: string; currency: string; kind: string; amount: number }[];

  const madeByHour = Array.from({ length: 24 }, () => 0);
  const hours = statement(
    db,
    `SELECT CAST(substr(created_at, 12, 2) AS INTEGER) AS hour, count(*) AS n FROM bookings INDEXED BY bookings_newest
       WHERE profile_id = ? AND created_at >= ? AND created_at < ? ${ofOrigin} GROUP BY hour`,
  ).all(profileId, `${day}T00:00:00`, `${day}T24`) as { hour: number; n: number }[];
  for (const { hour, n } of hours) madeByHour[hour] = n;

  const waiting = statement(
    db,
    `SELECT id, client_reference, holder_name, holder_surname, pending_modification_reference AS reference, currency,
        json_extract(pending_change, '$.amountMinor') AS amount, json_extract(pending_change, '$.requestedAt') AS requested_at
       FROM bookings INDEXED BY bookings_change_waiting WHERE profile_id = ? AND pending_modification_reference IS NOT NULL ${ofOrigin}`,
  ).all(profileId) as {
    id: number;
    client_reference: string;
    holder_name: string;
    holder_surname: string;
    reference: string;
    currency: string;
    amount: number | null;
    requested_at: string | null;
  }[];
  waiting.sort((a, b) => (a.requested_at ?? '').localeCompare(b.requested_at ?? '') || a.id - b.id);

  const flagged = statement(
    db,
    `SELECT id, client_reference, holder_name, holder_surname, attention, attention_words FROM bookings INDEXED BY bookings_attention
       WHERE profile_id = ? AND attention IS NOT NULL ${ofOrigin} ORDER BY id DESC`,
  ).all(profileId) as {
    id: number;
    client_reference: string;
    holder_name: string;
    holder_surname: string;
    attention: string;
    attention_words: string | null;
  }[];

  const agents = [...new Set([...counts.map((row) => row.agent), ...money.map((row) => row.agent)])].sort();
  return {
    day,
    scope,
    made: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
    byStatus: [...byStatus].map(([status, n]) => ({ status, n })).sort((a, b) => b.n - a.n || a.status.localeCompare(b.status)),
    madeByHour,
    money: currencyTotals(money),
    changesWaiting: waiting.slice(0, LIST_LIMIT).map((row) => ({
      bookingId: row.id,
      clientReference: row.client_reference,
      holder: holderOf(row),
      reference: row.reference,
      amountMinor: row.amount,
      currency: row.currency,
      requestedAt: row.requested_at,
    })),
    changesWaitingTotal: waiting.length,
    flagged: flagged.slice(0, LIST_LIMIT).map((row) => ({
      bookingId: row.id,
      clientReference: row.client_reference,
      holder: holderOf(row),
      attention: row.attention,
      attentionWords: parseWords(row.attention_words),
    })),
    flaggedTotal: flagged.length,
    byAgent: withAgents
      ? agents.map((agent) => ({
          agent,
          made: counts.filter((row) => row.agent === agent).reduce((sum, row) => sum + row.n, 0),
          money: currencyTotals(money.filter((row) => row.agent === agent)),
        }))
      : null,
    byCounter: agency ? perCounter(counts, money) : null,
  };
}

import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';
import { AppError } from '../app-error';
import { checkOut } from './agency-connection';
import { agencyChangeSchema } from './agency-change';
import type { AgencyBooking, AgencyChange } from './agency-change';

/** The channel a push notifies on commit; its payload is the highest sequence it wrote. */
export const CHANGES_CHANNEL = 'agency_changes';

/**
 * Pushes take this lock for their transaction, so sequence numbers are handed out in commit order:
 * a puller reading "everything after 41" can never see 43 committed while 42 is still to come.
 */
const PUSH_LOCK = 0x70757368; // "push"

/** A change from a counter's outbox, numbered by that counter (1, 2, 3 …, never reused). */
export interface OutgoingChange {
  counterSeq: number;
  change: AgencyChange;
}

/** A change as the agency ordered it. */
export interface PulledChange {
  seq: number;
  counterId: string;
  counterName: string;
  counterSeq: number;
  committedAt: Date;
  change: AgencyChange;
}

function validated(changes: readonly OutgoingChange[]): OutgoingChange[] {
  return changes.map(({ counterSeq, change }) => {
    const parsed = agencyChangeSchema.safeParse(change);
    if (!Number.isSafeInteger(counterSeq) || counterSeq < 1 || !parsed.success) {
      throw new AppError(
        'invalid_input',
        `Change ${counterSeq} was not sent to the agency: it holds something other than a booking's fields.`,
        'Nothing was sent. This is a Packdesk fault; the change stays in this counter’s outbox.',
      );
    }
    return { counterSeq, change: parsed.data };
  });
}

async function applyToRecord(client: PoolClient, counterId: string, applied: { seq: number; change: AgencyChange }[]): Promise<void> {
  // Several states of one booking in a batch: only the last one is the record.
  const latest = new Map<string, { seq: number; booking: AgencyBooking }>();
  const events: { seq: number; bookingKey: string; at: string; type: string; summary: string }[] = [];
  for (const { seq, change } of applied) {
    if (change.kind === 'booking') latest.set(change.bookingKey, { seq, booking: change });
    else events.push({ seq, bookingKey: change.bookingKey, at: change.at, type: change.type, summary: change.summary });
  }
  if (latest.size > 0) {
    const rows = [...latest.values()].map(({ seq, booking }) => ({ ...booking, seq }));
    await client.query(
      `INSERT INTO agency_bookings (booking_key, origin_counter_id, service_booking_id, status, check_in, check_out, holder_name,
         holder_surname, package_title, property_name, total_minor, currency, client_reference, booking_reference, created_at,
         updated_at, last_seq)
       SELECT r."bookingKey", $1, r."serviceBookingId", r.status, r."checkIn", r."checkOut", r."holderName", r."holderSurname",
         r."packageTitle", r."propertyName", r."totalMinor", r.currency, r."clientReference", r."bookingReference", r."createdAt",
         r."updatedAt", r.seq
       FROM jsonb_to_recordset($2::jsonb) AS r ("bookingKey" text, "serviceBookingId" bigint, status text, "checkIn" date,
         "checkOut" date, "holderName" text, "holderSurname" text, "packageTitle" text, "propertyName" text, "totalMinor" bigint,
         currency text, "clientReference" text, "bookingReference" text, "createdAt" timestamptz, "updatedAt" timestamptz, seq bigint)
       ON CONFLICT (booking_key) DO UPDATE SET service_booking_id = excluded.service_booking_id, status = excluded.status,
         check_in = excluded.check_in, check_out = excluded.check_out, holder_name = excluded.holder_name,
         holder_surname = excluded.holder_surname, package_title = excluded.package_title, property_name = excluded.property_name,
         total_minor = excluded.total_minor, currency = excluded.currency, client_reference = excluded.client_reference,
         booking_reference = excluded.booking_reference, updated_at = excluded.updated_at, last_seq = excluded.last_seq`,
      [counterId, JSON.stringify(rows)],
    );
  }
  if (events.length > 0) {
    await client.query(
      `INSERT INTO agency_booking_events (seq, booking_key, at, type, summary)
       SELECT r.seq, r."bookingKey", r.at, r.type, r.summary
       FROM jsonb_to_recordset($1::jsonb) AS r (seq bigint, "bookingKey" text, at timestamptz, type text, summary text)`,
      [JSON.stringify(events)],
    );
  }
}

/**
 * Sends changes from one counter's outbox in one transaction. A change the agency already has (same
 * counter, same counter sequence) is skipped, so a push repeated after a lost answer or a crash
 * applies each change once. Resolves when they are committed; pullers are woken by NOTIFY.
 */
export async function pushChanges(
  pool: Pool,
  counterId: string,
  changes: readonly OutgoingChange[],
): Promise<{ applied: number; alreadyThere: number }> {
  const checked = validated(changes);
  if (checked.length === 0) return { applied: 0, alreadyThere: 0 };
  const client = await checkOut(pool);
  let failure: unknown = null;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [PUSH_LOCK]);
    const inserted = await client.query<{ seq: string; body: unknown }>(
      `INSERT INTO agency_changes (counter_id, counter_seq, booking_key, kind, body)
       SELECT $1, (e->>'counterSeq')::bigint, e->'change'->>'bookingKey', e->'change'->>'kind', e->'change'
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t (e, ord)
       ORDER BY (e->>'counterSeq')::bigint
       ON CONFLICT (counter_id, counter_seq) DO NOTHING
       RETURNING seq, body`,
      [counterId, JSON.stringify(checked)],
    );
    const applied = inserted.rows
      .map((row) => ({ seq: Number(row.seq), change: agencyChangeSchema.parse(row.body) }))
      .sort((a, b) => a.seq - b.seq);
    await applyToRecord(client, counterId, applied);
    const last = applied.at(-1);
    if (last) await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, String(last.seq)]);
    await client.query('COMMIT');
    return { applied: applied.length, alreadyThere: checked.length - applied.length };
  } catch (error) {
    failure = error;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.done(failure !== null);
  }
}

/** A pool, or one connection of it or of its own (the feed's LISTEN connection). */
interface Queryable {
  query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

/** Up to `limit` changes after `afterSeq`, in the agency's order, with the name of the counter that made each. */
export async function pullChanges(pool: Queryable, afterSeq: number, limit = 1_000): Promise<PulledChange[]> {
  const found = await pool.query<{
    seq: string;
    counter_id: string;
    name: string;
    counter_seq: string;
    committed_at: Date;
    body: unknown;
  }>(
    `SELECT c.seq, c.counter_id, n.name, c.counter_seq, c.committed_at, c.body
     FROM agency_changes c JOIN agency_counters n USING (counter_id)
     WHERE c.seq > $1 ORDER BY c.seq LIMIT $2`,
    [afterSeq, limit],
  );
  return found.rows.map((row) => ({
    seq: Number(row.seq),
    counterId: row.counter_id,
    counterName: row.name,
    counterSeq: Number(row.counter_seq),
    committedAt: row.committed_at,
    change: agencyChangeSchema.parse(row.body),
  }));
}

/** The highest sequence committed so far (0 for an empty log): how far behind a counter is. */
export async function latestSeq(pool: Queryable): Promise<number> {
  const found = await pool.query<{ seq: string | null }>('SELECT max(seq) AS seq FROM agency_changes');
  return Number(found.rows[0]?.seq ?? 0);
}

/**
 * The last change another counter made to this booking (0: none): a counter about to write it must
 * have applied that far, or it would write from a state the agency already moved past.
 */
export async function othersLatestSeqFor(pool: Queryable, bookingKey: string, counterId: string): Promise<number> {
  const found = await pool.query<{ seq: string | null }>(
    'SELECT max(seq) AS seq FROM agency_changes WHERE booking_key = $1 AND counter_id <> $2',
    [bookingKey, counterId],
  );
  return Number(found.rows[0]?.seq ?? 0);
}

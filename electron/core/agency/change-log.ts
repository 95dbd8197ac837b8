import { defineMessages } from '../../../shared/i18n/messages';
import type { Pool, QueryResult, QueryResultRow } from 'pg';
import { containsCardNumber } from '../../../shared/card-number-screening';
import { AppError } from '../app-error';
import { agencyChangeSchema } from './agency-change';
import type { AgencyChange, AgencyChangeSent } from './agency-change';

const words = defineMessages({
  notABooking: {
    id: 'error.agency.changeNotABooking.message',
    defaultMessage: "Change {counterSeq} was not sent to the agency: it holds something other than a booking's fields.",
  },
  notABookingHint: {
    id: 'error.agency.changeNotABooking.hint',
    defaultMessage: 'Nothing was sent. This is a Packdesk fault; the change stays in this counter’s outbox.',
  },
});

/** The channel a push notifies on commit; its payload is the highest sequence it wrote. */
export const CHANGES_CHANNEL = 'agency_changes';

/**
 * Pushes (agency_push, server schema 3) take this lock for their transaction, so sequence numbers are handed out in commit order:
 * a puller reading "everything after 41" can never see 43 committed while 42 is still to come.
 */
export const PUSH_LOCK = 0x70757368; // "push"

/** A change from a counter's outbox, numbered by that counter (1, 2, 3 …, never reused). */
export interface OutgoingChange {
  counterSeq: number;
  change: AgencyChangeSent;
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

/** A change in the agency's log that this counter cannot take (not a change it understands, or a card number in it): set aside. */
export interface UnreadableChange {
  seq: number;
  counterId: string;
  counterName: string;
  counterSeq: number;
  committedAt: Date;
  /** Why, in a few words; never the change's content. */
  problem: string;
}

export type PulledEntry = PulledChange | UnreadableChange;

export const isUnreadable = (entry: PulledEntry): entry is UnreadableChange => 'problem' in entry;

/** What a person typed or a service named in a change (its ids and keys are checked by their shape instead). */
const freeText = (change: AgencyChange): string[] =>
  change.kind === 'event'
    ? [
        change.type,
        change.summary,
        change.agent ?? '',
        change.approver ?? '',
        change.counter ?? '',
        ...Object.values(change.words?.values ?? {}).filter((value) => typeof value === 'string'),
      ]
    : [
        change.status,
        change.holderName,
        change.holderSurname,
        change.holderEmail,
        change.packageTitle,
        change.propertyName,
        change.clientReference,
        change.bookingReference ?? '',
        change.inFlight ?? '',
        change.madeBy ?? '',
        change.madeAtCounter ?? '',
        change.changedBy ?? '',
        change.changedApprover ?? '',
        change.changedAtCounter ?? '',
      ];

/**
 * The change in a row of the log, or why it cannot be taken. The server checks what a counter pushes,
 * but a server (or a row) is not trusted either: one bad row must not stop the feed for every counter.
 */
function readChange(body: unknown): { change: AgencyChange } | { problem: string } {
  const parsed = agencyChangeSchema.safeParse(body);
  if (!parsed.success) return { problem: 'not a change this counter understands' };
  // The fields as one text, a line apart (a line break joins no digit groups): one NFKC and regex pass instead of fourteen.
  if (containsCardNumber(freeText(parsed.data).join('\n'))) return { problem: 'it holds what looks like a card number' };
  return { change: parsed.data };
}

function validated(changes: readonly OutgoingChange[]): OutgoingChange[] {
  return changes.map(({ counterSeq, change }) => {
    const parsed = agencyChangeSchema.safeParse(change);
    if (!Number.isSafeInteger(counterSeq) || counterSeq < 1 || !parsed.success) {
      throw new AppError('invalid_input', { message: words.notABooking, values: { counterSeq } }, { message: words.notABookingHint });
    }
    return { counterSeq, change: parsed.data };
  });
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
  // One statement, one implicit transaction: agency_push (server schema 4) checks, applies, records and notifies.
  const result = await pool.query<{ applied: string }>('SELECT applied FROM agency_push($1, $2::jsonb)', [
    counterId,
    JSON.stringify(checked),
  ]);
  const applied = Number(result.rows[0]?.applied ?? 0);
  return { applied, alreadyThere: checked.length - applied };
}

/** A pool, or one connection of it or of its own (the feed's LISTEN connection). */
interface Queryable {
  query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

/** Up to `limit` changes after `afterSeq`, in the agency's order, with the name of the counter that made each. */
export async function pullChanges(pool: Queryable, afterSeq: number, limit = 1_000): Promise<PulledEntry[]> {
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
    ...readChange(row.body),
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

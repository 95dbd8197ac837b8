import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import type { AgencyBooking, AgencyRevision } from '../agency/agency-change';
import type { RemoteChangesPort } from '../agency/change-feed';
import { isUnreadable } from '../agency/change-log';
import type { PulledEntry } from '../agency/change-log';
import { CHANGE_AWAITING_PAYMENT } from '../../../shared/awaited-change';
import { AppError } from '../app-error';
import { relaxedTransaction } from '../database';
import type { AgencyLedgerOptions, AgencyMembership } from './agency-membership';
import { revisionJson } from './agency-ledger-schema';
import { serializeWords } from './ledger-words';
import { bookingWithPeopleJson } from './people-schema';
import { statement } from './statements';

const words = defineMessages({
  notJoined: { id: 'error.agency.notJoined.message', defaultMessage: 'This counter is not in an agency.' },
  notJoinedHint: { id: 'error.agency.notJoined.hint', defaultMessage: 'Connect it in Settings.' },
});

/** What names a booking for good once it is known: no change from another counter may re-point it. */
interface AgencyIdentity {
  service_booking_id: number | null;
  package_id: number;
  property_id: number;
  client_reference: string;
}

/** Why a change would re-point a booking this counter holds at another one; null when it keeps its identity. */
function identityProblem(held: AgencyIdentity, change: AgencyBooking): string | null {
  if (held.service_booking_id !== null && change.serviceBookingId !== held.service_booking_id) {
    return 'it would point the booking at another service booking';
  }
  if (change.packageId !== held.package_id || change.propertyId !== held.property_id)
    return 'it would move the booking to another package or hotel';
  if (change.clientReference !== held.client_reference) return 'it would change the booking’s reference';
  return null;
}

/** Who made and last changed the booking, as the change names them (null: not named, or an older change). */
const peopleOf = (change: AgencyBooking) =>
  [change.madeBy, change.madeAtCounter, change.changedBy, change.changedApprover, change.changedAtCounter] as const;

/** A booking this counter has never seen comes from the counter that made it: its key starts with that counter's id. */
const newBookingProblem = (change: AgencyBooking, authorId: string): string | null =>
  change.bookingKey.startsWith(`${authorId}/`) ? null : 'a new booking sent by a counter that did not make it';

/** Whether revision `a` comes after `b` in the agency's order: a higher number, or the same from a counter with a higher id. */
const isNewer = (a: AgencyRevision, b: { revision: number; counterId: string | null }): boolean =>
  a.revision > b.revision || (a.revision === b.revision && a.counterId > (b.counterId ?? ''));

/**
 * The other counters' changes, applied to this counter's ledger in the agency's order: each batch
 * with its sequence in one transaction (a crash resumes at the last batch applied), each booking
 * change only when it comes after what this counter holds, and never one that would re-point a
 * booking (set aside instead, with its sender and reason).
 */
export function createRemoteChanges(
  db: DatabaseSync,
  options: AgencyLedgerOptions,
  agencyState: {
    membership: () => AgencyMembership | null;
    get: (key: string) => string | null;
    set: (key: string, value: string) => void;
  },
) {
  const followAfter = options.followRemoteAfterMs ?? 30_000;
  const { membership } = agencyState;
  // How many of the agency's batches touched each booking since start: a write checks none arrived while it took its lease.
  const remoteTouches = new Map<number, number>();

  /** When this counter reads the booking itself next: never once final or while a write is out; else keep its schedule. */
  function nextCheck(change: AgencyBooking, current: number | null, profileId: number): number | null {
    if (change.serviceBookingId === null || change.inFlight !== null || options.isFinal(profileId, change.status)) return null;
    return current ?? options.now() + followAfter;
  }

  /**
   * Another counter's state of a booking, taken only when it is newer than what this counter holds
   * (a higher revision, or the same from a counter with a higher id), and never out of an ending the
   * service showed here (Cancelled stays Cancelled). A change made on top of something other than
   * what this counter holds means two counters changed the booking at once: the booking service
   * judges, so this counter reads it again now, whatever the order decided. Returns the row's id and
   * whether the change was taken.
   */
  function applyBooking(
    change: AgencyBooking,
    author: { id: string; name: string },
    member: AgencyMembership,
  ): { refused: false; id: number; applied: boolean } | { refused: true; problem: string } {
    const found = statement(
      db,
      `SELECT id, next_check_at, status, agency_revision, agency_revised_by, agency_claimed_status, service_booking_id, package_id,
         property_id, client_reference, pending_change IS NOT NULL AS watching_change,
         pending_modification_reference IS NOT NULL AS awaiting_own_change
       FROM bookings WHERE agency_key = ?`,
    ).get(change.bookingKey) as
      | (AgencyIdentity & {
          id: number;
          next_check_at: number | null;
          status: string;
          agency_revision: number;
          agency_revised_by: string | null;
          agency_claimed_status: string | null;
          watching_change: number;
          awaiting_own_change: number;
        })
      | undefined;
    const problem = found ? identityProblem(found, change) : newBookingProblem(change, author.id);
    if (problem) return { refused: true, problem };
    const values = [
      change.serviceBookingId,
      change.status,
      change.checkIn,
      change.checkOut,
      change.holderName,
      change.holderSurname,
      change.holderEmail,
      change.packageId,
      change.packageTitle,
      change.propertyId,
      change.propertyName,
      change.adults,
      JSON.stringify(change.paxAges),
      JSON.stringify(change.items),
      change.totalMinor,
      change.currency,
      change.bookingReference,
      // A change waiting for payment is marked only at the others: the counter that made it watches it.
      change.inFlight === CHANGE_AWAITING_PAYMENT && found?.awaiting_own_change ? null : change.inFlight,
    ];
    if (!found) {
      const id = Number(
        statement(
          db,
          `INSERT INTO bookings (service_booking_id, status, check_in, check_out, holder_name, holder_surname, holder_email, package_id,
             package_title, property_id, property_name, adults, paxes, items, total_minor, currency, booking_reference, in_flight,
             next_check_at, profile_id, profile_kind, client_reference, agency_key, origin_counter, created_at, updated_at, agency_known,
             agency_revision, agency_revised_by, made_by, made_at_counter, changed_by, changed_approver, changed_at_counter)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          ...values,
          nextCheck(change, null, member.profileId),
          member.profileId,
          member.profileKind,
          change.clientReference,
          change.bookingKey,
          author.name,
          change.createdAt,
          change.updatedAt,
          change.revision,
          author.id,
          ...peopleOf(change),
        ).lastInsertRowid,
      );
      options.followMoney?.(id);
      return { refused: false, id, applied: true };
    }
    const held = { revision: found.agency_revision, counterId: found.agency_revised_by };
    const made = { revision: change.revision, counterId: author.id };
    const madeOnWhatIsHeld =
      change.basedOn !== null
        ? change.basedOn.revision === held.revision && change.basedOn.counterId === held.counterId
        : held.counterId === null;
    const leavesAnEnding = found.status !== change.status && options.isTerminal(member.profileId, found.status);
    const taken = isNewer(made, held) && !leavesAnEnding;
    // A final status from another counter would end this counter's reads and may allow a write: this counter reads the service at
    // once, and until then a read may move the row out of it even if it is an ending (the service says what the booking is).
    const claimed =
      taken && change.status !== found.status && change.serviceBookingId !== null && options.isFinal(member.profileId, change.status);
    if (taken) {
      const [madeBy, madeAtCounter, changedBy, changedApprover, changedAtCounter] = peopleOf(change);
      statement(
        db,
        `UPDATE bookings SET service_booking_id = ?, status = ?, check_in = ?, check_out = ?, holder_name = ?, holder_surname = ?,
           holder_email = ?, package_id = ?, package_title = ?, property_id = ?, property_name = ?, adults = ?, paxes = ?, items = ?,
           total_minor = ?, currency = ?, booking_reference = ?,
           -- A write of this counter's own that is still out keeps its mark: only its outcome clears it. A change waiting
           -- for payment is marked only at the others: the counter that made it watches it and may still change the booking.
           in_flight = CASE WHEN EXISTS (SELECT 1 FROM intents WHERE booking_id = bookings.id AND finished_at IS NULL) THEN in_flight ELSE ? END,
           next_check_at = ?, updated_at = ?, version = version + 1, agency_known = 1, agency_revision = ?, agency_revised_by = ?,
           agency_claimed_status = ?,
           -- An older change names nobody: who made and changed the booking stay as this counter knows them.
           made_by = coalesce(?, made_by), made_at_counter = coalesce(?, made_at_counter), changed_by = coalesce(?, changed_by),
           changed_approver = CASE WHEN ? IS NULL THEN changed_approver ELSE ? END, changed_at_counter = coalesce(?, changed_at_counter)
         WHERE id = ?`,
      ).run(
        ...values,
        // A change made here that waits for the traveler's payment is watched here, whatever status the others report.
        claimed
          ? options.now()
          : found.watching_change
            ? (found.next_check_at ?? options.now())
            : nextCheck(change, found.next_check_at, member.profileId),
        change.updatedAt,
        made.revision,
        made.counterId,
        // A claim still to confirm stays while later changes keep its status.
        claimed ? change.status : found.agency_claimed_status === change.status ? found.agency_claimed_status : null,
        madeBy,
        madeAtCounter,
        changedBy,
        changedBy,
        changedApprover,
        changedAtCounter,
        found.id,
      );
      options.followMoney?.(found.id);
    } else if (leavesAnEnding && isNewer(made, held)) {
      // The service showed this ending here; the agency and the others are told again, above the change that undid it.
      reassert(found.id, made);
    }
    if (!madeOnWhatIsHeld) judgedByService(found.id);
    return { refused: false, id: found.id, applied: taken };
  }

  /** This counter's state of the booking sent again, ordered after `above`, so every copy ends on it. */
  function reassert(bookingId: number, above: AgencyRevision): void {
    const counterId = membership()?.counterId ?? null;
    statement(db, 'UPDATE bookings SET agency_revision = ?, agency_revised_by = ? WHERE id = ?').run(
      above.revision + 1,
      counterId,
      bookingId,
    );
    statement(
      db,
      `INSERT INTO agency_outbox (body) SELECT ${bookingWithPeopleJson(revisionJson('?', '?'))} FROM bookings b WHERE b.id = ?`,
    ).run(above.revision, above.counterId, bookingId);
  }

  /** Two counters disagree about a booking the service has: it is read again now, final or not, and what it shows is taken. */
  function judgedByService(bookingId: number): void {
    statement(db, 'UPDATE bookings SET next_check_at = ? WHERE id = ? AND service_booking_id IS NOT NULL').run(options.now(), bookingId);
  }

  const port = {
    lastPulledSeq: (): number => Number(agencyState.get('last_pulled_seq') ?? 0),
    applyRemote: ({ changes, throughSeq }: { changes: readonly PulledEntry[]; throughSeq: number }): void => {
      // Learnt again from the agency if a power cut undoes it: the batch and its sequence go together.
      const touched = relaxedTransaction(db, () => {
        const member = membership();
        if (!member) throw new AppError('agency_not_joined', { message: words.notJoined }, { message: words.notJoinedHint });
        statement(db, 'INSERT INTO agency_applying (id) VALUES (1)').run();
        const ids = new Set<number>();
        // Rows a late change left as they were: the screens hear of them only when a timeline line arrived.
        const skipped = new Set<number>();
        const setAside: { seq: number; counterName: string; problem: string }[] = [];
        for (const entry of changes) {
          if (isUnreadable(entry)) {
            setAside.push(entry);
            continue;
          }
          const { change, counterId, counterName } = entry;
          if (change.kind === 'booking') {
            const outcome = applyBooking(change, { id: counterId, name: counterName }, member);
            if (outcome.refused) setAside.push({ seq: entry.seq, counterName, problem: outcome.problem });
            else if (outcome.applied) ids.add(outcome.id);
            else skipped.add(outcome.id);
          } else {
            const booking = statement(db, 'SELECT id FROM bookings WHERE agency_key = ?').get(change.bookingKey) as
              { id: number } | undefined;
            if (!booking) continue;
            statement(
              db,
              'INSERT INTO booking_events (booking_id, at, type, summary, words, agent, approver, counter, by_packdesk) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
            ).run(
              booking.id,
              change.at,
              change.type,
              change.summary,
              // Worded here in this counter's agent's language; an id this counter's catalogs lack shows the English summary.
              serializeWords(change.words),
              change.agent,
              change.approver,
              // A line from before counters were named was written at the counter that sent it.
              change.counter ?? counterName,
              change.byPackdesk ? 1 : 0,
            );
            ids.add(booking.id);
          }
        }
        for (const { seq, counterName, problem } of setAside) {
          statement(db, 'INSERT OR IGNORE INTO agency_set_aside (seq, counter_name, problem, set_aside_at) VALUES (?, ?, ?, ?)').run(
            seq,
            counterName,
            problem,
            new Date(options.now()).toISOString(),
          );
        }
        agencyState.set('last_pulled_seq', String(throughSeq));
        statement(db, 'DELETE FROM agency_applying').run();
        return { ids, skipped, setAside };
      });
      // The feed goes on past them; each is said once, with its sender and reason (never its content).
      for (const { seq, counterName, problem } of touched.setAside) {
        console.warn(`[agency] change ${seq} from ${counterName} set aside: ${problem}`);
      }
      for (const id of touched.ids) {
        remoteTouches.set(id, (remoteTouches.get(id) ?? 0) + 1);
        options.announce(id);
      }
      // A booking to read again (two counters disagreed) is due now: the reconciler hears of it like any other.
      for (const id of touched.skipped) if (!touched.ids.has(id)) options.announce(id);
    },
  } satisfies RemoteChangesPort;

  return {
    port,
    /** How many of the agency's batches changed the booking since start. */
    touches: (bookingId: number): number => remoteTouches.get(bookingId) ?? 0,
  };
}

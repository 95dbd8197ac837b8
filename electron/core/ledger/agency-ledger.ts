import type { DatabaseSync } from 'node:sqlite';
import type { ProfileKind } from '../../../shared/profiles';
import type { AgencyBooking, AgencyChange, AgencyRevision } from '../agency/agency-change';
import type { RemoteChangesPort } from '../agency/change-feed';
import { isUnreadable } from '../agency/change-log';
import type { OutgoingChange, PulledEntry } from '../agency/change-log';
import type { OutboxPort } from '../agency/outbox-pusher';
import { AppError } from '../app-error';
import { transaction } from '../database';
import { bookingChangeJson, revisionJson } from './agency-ledger-schema';
import { statement } from './statements';

/** This ledger's place in an agency: the counter it is, and the profile whose bookings the agency shares. */
export interface AgencyMembership {
  counterId: string;
  profileId: number;
  profileKind: ProfileKind;
}

export interface AgencyLedgerOptions {
  now: () => number;
  /** Whether the service moves a booking in this status no more (the profile's status rules). */
  isFinal: (profileId: number, status: string) => boolean;
  /** Whether the status is an ending that is not a sale (Cancelled, a supplier's refusal): nothing comes after it. */
  isTerminal: (profileId: number, status: string) => boolean;
  /** Told of each booking the agency's changes touched, after their commit (the screens update). */
  announce: (bookingId: number) => void;
  /**
   * How long after another counter's change this counter first reads an unfinished booking itself:
   * the counter that wrote it reads at once and holds its tracker lease, so this is the fallback.
   */
  followRemoteAfterMs?: number;
}

const state = (db: DatabaseSync, key: string): string | null =>
  (statement(db, 'SELECT value FROM agency_state WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;

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

/** A booking this counter has never seen comes from the counter that made it: its key starts with that counter's id. */
const newBookingProblem = (change: AgencyBooking, authorId: string): string | null =>
  change.bookingKey.startsWith(`${authorId}/`) ? null : 'a new booking sent by a counter that did not make it';

/** Whether revision `a` comes after `b` in the agency's order: a higher number, or the same from a counter with a higher id. */
const isNewer = (a: AgencyRevision, b: { revision: number; counterId: string | null }): boolean =>
  a.revision > b.revision || (a.revision === b.revision && a.counterId > (b.counterId ?? ''));

const setState = (db: DatabaseSync, key: string, value: string): void => {
  statement(db, 'INSERT INTO agency_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
};

/**
 * The counter's half of the agency ledger, on its SQLite file: the outbox the triggers fill (read
 * and acknowledged by the pusher) and the other counters' changes applied in the agency's order,
 * each batch with its sequence in one transaction, so a crash resumes at the last batch applied.
 */
export function createAgencyLedger(db: DatabaseSync, options: AgencyLedgerOptions) {
  const followAfter = options.followRemoteAfterMs ?? 30_000;
  // How many of the agency's batches touched each booking since start: a write checks none arrived while it took its lease.
  const remoteTouches = new Map<number, number>();

  function membership(): AgencyMembership | null {
    const counterId = state(db, 'counter_id');
    const profileId = state(db, 'profile_id');
    const profileKind = state(db, 'profile_kind') as ProfileKind | null;
    return counterId && profileId && profileKind ? { counterId, profileId: Number(profileId), profileKind } : null;
  }

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
      `SELECT id, next_check_at, status, agency_revision, agency_revised_by, service_booking_id, package_id, property_id, client_reference
       FROM bookings WHERE agency_key = ?`,
    ).get(change.bookingKey) as
      | (AgencyIdentity & {
          id: number;
          next_check_at: number | null;
          status: string;
          agency_revision: number;
          agency_revised_by: string | null;
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
      change.inFlight,
    ];
    if (!found) {
      const id = Number(
        statement(
          db,
          `INSERT INTO bookings (service_booking_id, status, check_in, check_out, holder_name, holder_surname, holder_email, package_id,
             package_title, property_id, property_name, adults, paxes, items, total_minor, currency, booking_reference, in_flight,
             next_check_at, profile_id, profile_kind, client_reference, agency_key, origin_counter, created_at, updated_at, agency_known,
             agency_revision, agency_revised_by)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
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
        ).lastInsertRowid,
      );
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
    if (taken) {
      statement(
        db,
        `UPDATE bookings SET service_booking_id = ?, status = ?, check_in = ?, check_out = ?, holder_name = ?, holder_surname = ?,
           holder_email = ?, package_id = ?, package_title = ?, property_id = ?, property_name = ?, adults = ?, paxes = ?, items = ?,
           total_minor = ?, currency = ?, booking_reference = ?,
           -- A write of this counter's own that is still out keeps its mark: only its outcome clears it.
           in_flight = CASE WHEN EXISTS (SELECT 1 FROM intents WHERE booking_id = bookings.id AND finished_at IS NULL) THEN in_flight ELSE ? END,
           next_check_at = ?, updated_at = ?, version = version + 1, agency_known = 1, agency_revision = ?, agency_revised_by = ?
         WHERE id = ?`,
      ).run(...values, nextCheck(change, found.next_check_at, member.profileId), change.updatedAt, made.revision, made.counterId, found.id);
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
      `INSERT INTO agency_outbox (body) SELECT ${bookingChangeJson(revisionJson('?', '?'))} FROM bookings b WHERE b.id = ?`,
    ).run(above.revision, above.counterId, bookingId);
  }

  /** Two counters disagree about a booking the service has: it is read again now, final or not, and what it shows is taken. */
  function judgedByService(bookingId: number): void {
    statement(db, 'UPDATE bookings SET next_check_at = ? WHERE id = ? AND service_booking_id IS NOT NULL').run(options.now(), bookingId);
  }

  const outbox = {
    pending: (limit: number): OutgoingChange[] => {
      const rows = statement(db, 'SELECT counter_seq, body FROM agency_outbox ORDER BY counter_seq LIMIT +?').all(limit) as {
        counter_seq: number;
        body: string;
      }[];
      // Tracker reads commit without fsync. A change the agency took must survive a power cut here, or
      // its counter sequence would be handed out again to another change, which the agency would skip
      // as already applied. One fsynced commit makes every earlier one in the journal durable too.
      if (rows.length) transaction(db, () => setState(db, 'outbox_made_durable_at', String(options.now())));
      return rows.map((row) => ({ counterSeq: row.counter_seq, change: JSON.parse(row.body) as AgencyChange }));
    },
    acknowledge: (throughCounterSeq: number): void => {
      transaction(db, () => {
        statement(
          db,
          `UPDATE bookings SET agency_known = 1 WHERE agency_known = 0 AND agency_key IN
             (SELECT body ->> '$.bookingKey' FROM agency_outbox WHERE counter_seq <= ? AND body ->> '$.kind' = 'booking')`,
        ).run(throughCounterSeq);
        statement(db, 'DELETE FROM agency_outbox WHERE counter_seq <= ?').run(throughCounterSeq);
      });
    },
    size: (): number => (statement(db, 'SELECT count(*) AS n FROM agency_outbox').get() as { n: number }).n,
  } satisfies OutboxPort;

  const remote = {
    lastPulledSeq: (): number => Number(state(db, 'last_pulled_seq') ?? 0),
    applyRemote: ({ changes, throughSeq }: { changes: readonly PulledEntry[]; throughSeq: number }): void => {
      const touched = transaction(db, () => {
        const member = membership();
        if (!member) throw new AppError('agency_not_joined', 'This counter is not in an agency.', 'Connect it in Settings.');
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
            statement(db, 'INSERT INTO booking_events (booking_id, at, type, summary) VALUES (?, ?, ?, ?)').run(
              booking.id,
              change.at,
              change.type,
              change.summary,
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
        setState(db, 'last_pulled_seq', String(throughSeq));
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
    membership,
    outbox,
    remote,

    /**
     * Joins the agency as `counterId`: from now on every change of this profile's bookings is sent,
     * and every booking it already has is sent once (with its timeline). Joining again as the same
     * counter changes nothing; another agency needs `leave` first.
     */
    join(member: AgencyMembership, counterName?: string): { queued: number } {
      return transaction(db, () => {
        // Kept with the ledger so a backup of it says which counter it was made at.
        if (counterName !== undefined) setState(db, 'counter_name', counterName);
        const current = membership();
        if (current) {
          if (current.counterId === member.counterId && current.profileId === member.profileId) return { queued: 0 };
          throw new AppError(
            'agency_already_joined',
            'This counter’s ledger is already part of another agency connection.',
            'Disconnect it from the agency in Settings first.',
          );
        }
        setState(db, 'counter_id', member.counterId);
        setState(db, 'profile_id', String(member.profileId));
        setState(db, 'profile_kind', member.profileKind);
        statement(db, "UPDATE bookings SET agency_key = ? || '/' || id WHERE profile_id = ? AND agency_key IS NULL").run(
          member.counterId,
          member.profileId,
        );
        // A booking the agency never had a revision of starts the order here.
        statement(
          db,
          `UPDATE bookings SET agency_revision = 1, agency_revised_by = ?
           WHERE profile_id = ? AND origin_counter IS NULL AND agency_revised_by IS NULL`,
        ).run(member.counterId, member.profileId);
        const queued = Number(
          statement(
            db,
            `INSERT INTO agency_outbox (body) SELECT ${bookingChangeJson()} FROM bookings b
             WHERE b.profile_id = ? AND b.origin_counter IS NULL ORDER BY b.id`,
          ).run(member.profileId).changes,
        );
        statement(
          db,
          `INSERT INTO agency_outbox (body)
           SELECT json_object('kind', 'event', 'bookingKey', b.agency_key, 'at', e.at, 'type', e.type, 'summary', e.summary)
           FROM booking_events e JOIN bookings b ON b.id = e.booking_id
           WHERE b.profile_id = ? AND b.origin_counter IS NULL ORDER BY e.id`,
        ).run(member.profileId);
        return { queued };
      });
    },

    /** Stops sending and taking changes; the bookings stay, those from other counters marked as such. Unsent changes are dropped. */
    leave(): void {
      transaction(db, () => {
        statement(db, 'DELETE FROM agency_state').run();
        statement(db, 'DELETE FROM agency_outbox').run();
      });
    },

    /** The other counters' changes this counter would not take, counted by sender. */
    setAside(): { counterName: string; count: number }[] {
      const rows = statement(
        db,
        'SELECT counter_name, count(*) AS n FROM agency_set_aside GROUP BY counter_name ORDER BY counter_name',
      ).all() as {
        counter_name: string;
        n: number;
      }[];
      return rows.map((row) => ({ counterName: row.counter_name, count: row.n }));
    },

    /** The booking's key in the agency and the counter that made it (null: this one), or null outside an agency. */
    placeOf(bookingId: number): { agencyKey: string; originCounter: string | null; known: boolean; remoteTouches: number } | null {
      const row = statement(db, 'SELECT agency_key, origin_counter, agency_known FROM bookings WHERE id = ?').get(bookingId) as
        { agency_key: string | null; origin_counter: string | null; agency_known: number } | undefined;
      return row?.agency_key && membership()
        ? {
            agencyKey: row.agency_key,
            originCounter: row.origin_counter,
            known: row.agency_known === 1,
            remoteTouches: remoteTouches.get(bookingId) ?? 0,
          }
        : null;
    },
  };
}

export type AgencyLedger = ReturnType<typeof createAgencyLedger>;

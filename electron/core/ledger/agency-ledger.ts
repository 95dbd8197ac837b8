import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import type { ProfileKind } from '../../../shared/profiles';
import type { AgencyChangeSent } from '../agency/agency-change';
import type { OutgoingChange } from '../agency/change-log';
import type { OutboxPort } from '../agency/outbox-pusher';
import { AppError } from '../app-error';
import { relaxedTransaction, transaction } from '../database';
import { bookingWithPeopleJson } from './people-schema';
import { eventWithWordsJson } from './words-schema';
import type { AgencyLedgerOptions, AgencyMembership } from './agency-membership';
import { createRemoteChanges } from './agency-remote-changes';
import { statement } from './statements';

const words = defineMessages({
  otherConnection: {
    id: 'error.agency.otherConnection.message',
    defaultMessage: 'This counter’s ledger is already part of another agency connection.',
  },
  otherConnectionHint: { id: 'error.agency.otherConnection.hint', defaultMessage: 'Disconnect it from the agency in Settings first.' },
});

const state = (db: DatabaseSync, key: string): string | null =>
  (statement(db, 'SELECT value FROM agency_state WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;

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
  function membership(): AgencyMembership | null {
    const counterId = state(db, 'counter_id');
    const profileId = state(db, 'profile_id');
    const profileKind = state(db, 'profile_kind') as ProfileKind | null;
    return counterId && profileId && profileKind ? { counterId, profileId: Number(profileId), profileKind } : null;
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
      return rows.map((row) => ({ counterSeq: row.counter_seq, change: JSON.parse(row.body) as AgencyChangeSent }));
    },
    acknowledge: (throughCounterSeq: number): void => {
      // Undone by a power cut, the batch is sent again and the agency takes it once.
      relaxedTransaction(db, () => {
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

  const remote = createRemoteChanges(db, options, {
    membership,
    get: (key) => state(db, key),
    set: (key, value) => setState(db, key, value),
  });

  return {
    membership,
    outbox,
    remote: remote.port,

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
          throw new AppError('agency_already_joined', { message: words.otherConnection }, { message: words.otherConnectionHint });
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
            `INSERT INTO agency_outbox (body) SELECT ${bookingWithPeopleJson()} FROM bookings b
             WHERE b.profile_id = ? AND b.origin_counter IS NULL ORDER BY b.id`,
          ).run(member.profileId).changes,
        );
        statement(
          db,
          `INSERT INTO agency_outbox (body)
           SELECT ${eventWithWordsJson('e')}
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

    /** Whether the row's status is one another counter claimed and this counter's service has not shown yet. */
    claimedByPeer(bookingId: number): boolean {
      const row = statement(db, 'SELECT agency_claimed_status FROM bookings WHERE id = ?').get(bookingId) as
        { agency_claimed_status: string | null } | undefined;
      return (row?.agency_claimed_status ?? null) !== null;
    },

    /** The service was read: what it showed is now the row's (the read applied it, and sent any correction to everyone). */
    serviceRead(bookingId: number): void {
      // Looked up first: most reads confirm nothing, and a write statement that changes nothing still takes the write lock.
      const row = statement(db, 'SELECT agency_claimed_status FROM bookings WHERE id = ?').get(bookingId) as
        { agency_claimed_status: string | null } | undefined;
      if (row?.agency_claimed_status == null) return;
      statement(db, 'UPDATE bookings SET agency_claimed_status = NULL WHERE id = ?').run(bookingId);
    },

    /** The booking's key in the agency and the counter that made it (null: this one), or null outside an agency. */
    placeOf(
      bookingId: number,
    ): { agencyKey: string; originCounter: string | null; known: boolean; remoteTouches: number; claimed: boolean } | null {
      const row = statement(db, 'SELECT agency_key, origin_counter, agency_known, agency_claimed_status FROM bookings WHERE id = ?').get(
        bookingId,
      ) as
        | { agency_key: string | null; origin_counter: string | null; agency_known: number; agency_claimed_status: string | null }
        | undefined;
      return row?.agency_key && membership()
        ? {
            agencyKey: row.agency_key,
            originCounter: row.origin_counter,
            known: row.agency_known === 1,
            remoteTouches: remote.touches(bookingId),
            claimed: row.agency_claimed_status !== null,
          }
        : null;
    },
  };
}

export type AgencyLedger = ReturnType<typeof createAgencyLedger>;

import type { DatabaseSync } from 'node:sqlite';
import { CHANGE_AWAITING_PAYMENT } from '../../../shared/awaited-change';

/**
 * The fields of a booking change, from the stored row `b` (shared by every version of the outbox's
 * triggers), its `inFlight` from the SQL expression given: the triggers of migrations 7 to 10 send the
 * row's own mark (ROW_IN_FLIGHT); from migration 11 on, a change waiting for payment too (IN_FLIGHT_SENT).
 */
const bookingFieldsJson = (inFlight: string) => `'kind', 'booking', 'bookingKey', b.agency_key, 'serviceBookingId', b.service_booking_id,
  'status', b.status, 'checkIn', b.check_in, 'checkOut', b.check_out, 'holderName', b.holder_name, 'holderSurname', b.holder_surname,
  'holderEmail', b.holder_email, 'packageId', b.package_id, 'packageTitle', b.package_title, 'propertyId', b.property_id,
  'propertyName', b.property_name, 'adults', b.adults, 'paxAges', json(b.paxes), 'items', json(b.items), 'totalMinor', b.total_minor,
  'currency', b.currency, 'clientReference', b.client_reference, 'bookingReference', b.booking_reference, 'inFlight', ${inFlight},
  'createdAt', b.created_at, 'updatedAt', b.updated_at`;

const ROW_IN_FLIGHT = 'b.in_flight';
export const IN_FLIGHT_SENT = `coalesce(b.in_flight, CASE WHEN b.pending_modification_reference IS NOT NULL THEN '${CHANGE_AWAITING_PAYMENT}' END)`;

/**
 * A booking row as the change the agency receives (electron/core/agency/agency-change.ts), built
 * from the stored row `b` so the outbox never holds anything the row does not: no key, no card, no
 * client secret, no pending payment link. Days and instants are stored as the change wants them.
 * It carries the row's agency revision and, as `basedOn`, the revision it was made on top of
 * (an SQL expression giving a JSON object, or NULL when the agency holds no earlier state of it).
 */
export const bookingChangeJson = (basedOn = 'NULL', inFlight = IN_FLIGHT_SENT) =>
  `json_object(${bookingFieldsJson(inFlight)}, 'revision', b.agency_revision, 'basedOn', json(${basedOn}))`;

/** The JSON of a revision (a number and the counter that made it) from two SQL expressions. */
export const revisionJson = (revision: string, counterId: string) => `json_object('revision', ${revision}, 'counterId', ${counterId})`;

/** The columns whose change the agency is told of; a reconciler read that changes none of them sends nothing. */
export const SHARED_COLUMNS = [
  'service_booking_id',
  'status',
  'check_in',
  'check_out',
  'holder_name',
  'holder_surname',
  'holder_email',
  'package_id',
  'package_title',
  'property_id',
  'property_name',
  'adults',
  'paxes',
  'items',
  'total_minor',
  'currency',
  'booking_reference',
  'in_flight',
];

/** In an agency, and not applying the agency's own changes (those are not sent back). */
const SENDING = `EXISTS (SELECT 1 FROM agency_state WHERE key = 'counter_id') AND NOT EXISTS (SELECT 1 FROM agency_applying)`;

/**
 * Ledger migration 7: the agency outbox, written by triggers in the same transaction as each change
 * of a booking of the profile connected to an agency. Without an agency (no `counter_id` in
 * agency_state) the triggers write nothing and the counter works as before.
 */
export function addAgencyOutbox(db: DatabaseSync): void {
  db.exec(`
    -- keys: counter_id (uuid), profile_id (the profile in the agency), last_pulled_seq (the agency's order).
    CREATE TABLE agency_state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    -- '<counter id of the counter that made it>/<its id there>': the same booking at every counter.
    ALTER TABLE bookings ADD COLUMN agency_key TEXT;
    -- The name of the counter that made it; NULL: this counter.
    ALTER TABLE bookings ADD COLUMN origin_counter TEXT;
    -- 1 once the agency has it (pushed and taken, or pulled): other counters may write it from then on.
    ALTER TABLE bookings ADD COLUMN agency_known INTEGER NOT NULL DEFAULT 0;
    CREATE UNIQUE INDEX bookings_agency_key ON bookings (agency_key) WHERE agency_key IS NOT NULL;
    -- Other counters' bookings, covering the history's filters: 'This counter' totals subtract a count from it alone.
    CREATE INDEX bookings_elsewhere ON bookings (profile_id, status, check_in, created_at) WHERE origin_counter IS NOT NULL;
    -- The counter's own sequence (never reused: AUTOINCREMENT), deleted once the agency has committed it.
    CREATE TABLE agency_outbox (counter_seq INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL);
    -- One row while the agency's changes are applied, so they are not sent back.
    CREATE TABLE agency_applying (id INTEGER PRIMARY KEY CHECK (id = 1));

    CREATE TRIGGER agency_booking_insert AFTER INSERT ON bookings
      WHEN new.agency_key IS NULL AND ${SENDING}
        AND new.profile_id = (SELECT CAST(value AS INTEGER) FROM agency_state WHERE key = 'profile_id')
    BEGIN
      UPDATE bookings SET agency_key = (SELECT value FROM agency_state WHERE key = 'counter_id') || '/' || new.id WHERE id = new.id;
      INSERT INTO agency_outbox (body) SELECT json_object(${bookingFieldsJson(ROW_IN_FLIGHT)}) FROM bookings b WHERE b.id = new.id;
    END;
    CREATE TRIGGER agency_booking_update AFTER UPDATE OF ${SHARED_COLUMNS.join(', ')} ON bookings
      WHEN new.agency_key IS NOT NULL AND ${SENDING}
        AND (${SHARED_COLUMNS.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')})
    BEGIN
      INSERT INTO agency_outbox (body) SELECT json_object(${bookingFieldsJson(ROW_IN_FLIGHT)}) FROM bookings b WHERE b.id = new.id;
    END;
    CREATE TRIGGER agency_event_insert AFTER INSERT ON booking_events
      WHEN ${SENDING} AND (SELECT agency_key FROM bookings WHERE id = new.booking_id) IS NOT NULL
    BEGIN
      INSERT INTO agency_outbox (body)
        SELECT json_object('kind', 'event', 'bookingKey', b.agency_key, 'at', new.at, 'type', new.type, 'summary', new.summary)
        FROM bookings b WHERE b.id = new.booking_id;
    END;
  `);
}

const THIS_COUNTER = `(SELECT value FROM agency_state WHERE key = 'counter_id')`;

/**
 * The outbox's booking triggers, ordered by revision (migration 8 on), sending a change of any of `columns`
 * as `changeJson` builds it (migration 13 adds who made and changed the booking).
 */
export const revisedBookingTriggers = (columns: readonly string[], inFlight: string, changeJson = bookingChangeJson) => `
    DROP TRIGGER agency_booking_insert;
    DROP TRIGGER agency_booking_update;
    CREATE TRIGGER agency_booking_insert AFTER INSERT ON bookings
      WHEN new.agency_key IS NULL AND ${SENDING}
        AND new.profile_id = (SELECT CAST(value AS INTEGER) FROM agency_state WHERE key = 'profile_id')
    BEGIN
      UPDATE bookings SET agency_key = ${THIS_COUNTER} || '/' || new.id, agency_revision = 1, agency_revised_by = ${THIS_COUNTER}
        WHERE id = new.id;
      INSERT INTO agency_outbox (body) SELECT ${changeJson('NULL', inFlight)} FROM bookings b WHERE b.id = new.id;
    END;
    CREATE TRIGGER agency_booking_update AFTER UPDATE OF ${columns.join(', ')} ON bookings
      WHEN new.agency_key IS NOT NULL AND ${SENDING}
        AND (${columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')})
    BEGIN
      UPDATE bookings SET agency_revision = old.agency_revision + 1, agency_revised_by = ${THIS_COUNTER} WHERE id = new.id;
      INSERT INTO agency_outbox (body)
        SELECT ${changeJson(`CASE WHEN old.agency_revised_by IS NULL THEN NULL ELSE ${revisionJson('old.agency_revision', 'old.agency_revised_by')} END`, inFlight)}
        FROM bookings b WHERE b.id = new.id;
    END;
`;

/**
 * Ledger migration 8: each booking's changes are ordered by a revision the agency and every counter
 * compare, so a change that arrives late (a desk cut off for a minute) never undoes a newer one. A
 * change made here takes the revision after the one the row holds, and names that one as what it
 * was made on top of; the counter id breaks a tie between two counters that changed it at once.
 */
export function orderAgencyChanges(db: DatabaseSync): void {
  db.exec(`
    -- The booking's revision in the agency's order, and the counter that made it (NULL: none yet).
    ALTER TABLE bookings ADD COLUMN agency_revision INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE bookings ADD COLUMN agency_revised_by TEXT;
    ${revisedBookingTriggers(SHARED_COLUMNS, ROW_IN_FLIGHT)}
  `);
}

/**
 * Ledger migration 9: another counter is a peer, not an authority.
 * - `agency_set_aside`: the other counters' changes this counter would not take (a change it cannot
 *   read, a card number in it, a booking it would re-point), by their place in the agency's order.
 *   Only the sender and the reason are kept here; the change itself stays in the agency's log.
 * - `bookings.agency_claimed_status`: a final status another counter says a booking has, not yet
 *   shown to this counter by the service: read at once, and until then a read may move the row out of
 *   it even if it is an ending (the service, not the other counter, says what the booking is).
 */
export function distrustPeers(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE agency_set_aside (
      seq INTEGER PRIMARY KEY,
      counter_name TEXT NOT NULL,
      problem TEXT NOT NULL,
      set_aside_at TEXT NOT NULL
    );
    ALTER TABLE bookings ADD COLUMN agency_claimed_status TEXT;
  `);
}

/**
 * Ledger migration 11: a change made here that waits for the traveler's payment is told to the
 * agency (as CHANGE_AWAITING_PAYMENT in the change's `inFlight`, never its link), and so is its end
 * (paid and made, or marked abandoned): no other counter makes the same change meanwhile.
 */
export function shareAwaitedChanges(db: DatabaseSync): void {
  db.exec(revisedBookingTriggers([...SHARED_COLUMNS, 'pending_modification_reference'], IN_FLIGHT_SENT));
}

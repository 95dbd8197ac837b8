import type { DatabaseSync } from 'node:sqlite';
import { bookingChangeJson, IN_FLIGHT_SENT, revisedBookingTriggers, SHARED_COLUMNS } from './agency-ledger-schema';

/** Who made and last changed a booking, from the stored row `b`, as the agency change carries them (agency-change.ts). */
const PEOPLE_FIELDS = `'$.madeBy', b.made_by, '$.madeAtCounter', b.made_at_counter, '$.changedBy', b.changed_by,
  '$.changedApprover', b.changed_approver, '$.changedAtCounter', b.changed_at_counter`;

/** A booking row as the agency change of migration 13 on: migration 11's fields and who made and changed it (null: nobody named). */
export const bookingWithPeopleJson = (basedOn = 'NULL', inFlight = IN_FLIGHT_SENT) =>
  `json_insert(${bookingChangeJson(basedOn, inFlight)}, ${PEOPLE_FIELDS})`;

/** A timeline line `e` of booking `b` as the agency change of migration 13 on: its words, and who wrote it at which counter. */
export const eventWithPeopleJson = (e: string) =>
  `json_object('kind', 'event', 'bookingKey', b.agency_key, 'at', ${e}.at, 'type', ${e}.type, 'summary', ${e}.summary,
    'agent', ${e}.agent, 'approver', ${e}.approver, 'counter', ${e}.counter, 'byPackdesk', json(CASE WHEN ${e}.by_packdesk THEN 'true' ELSE 'false' END))`;

const PEOPLE_COLUMNS = ['made_by', 'made_at_counter', 'changed_by', 'changed_approver', 'changed_at_counter'];

/**
 * Ledger migration 13: the people at the counter. A timeline line names the agent who wrote it, the
 * supervisor who approved it and the counter (or says Packdesk wrote it itself: a read, a recovery);
 * an intent keeps who started its write, so its outcome names them whoever is signed in when it
 * lands; a booking names who made it and who last changed or cancelled it, and where. Rows from
 * before name nobody. The agency is told all of it with the booking and its lines.
 */
export function recordPeople(db: DatabaseSync): void {
  db.exec(`
    ALTER TABLE booking_events ADD COLUMN agent TEXT;
    ALTER TABLE booking_events ADD COLUMN approver TEXT;
    ALTER TABLE booking_events ADD COLUMN counter TEXT;
    ALTER TABLE booking_events ADD COLUMN by_packdesk INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE intents ADD COLUMN agent TEXT;
    ALTER TABLE intents ADD COLUMN approver TEXT;
    ALTER TABLE intents ADD COLUMN by_packdesk INTEGER NOT NULL DEFAULT 0;
    ${PEOPLE_COLUMNS.map((column) => `ALTER TABLE bookings ADD COLUMN ${column} TEXT;`).join('\n    ')}
    -- The history's filter by agent: the bookings they made or last changed.
    CREATE INDEX bookings_made_by ON bookings (profile_id, made_by) WHERE made_by IS NOT NULL;
    CREATE INDEX bookings_changed_by ON bookings (profile_id, changed_by) WHERE changed_by IS NOT NULL;

    ${revisedBookingTriggers([...SHARED_COLUMNS, 'pending_modification_reference', ...PEOPLE_COLUMNS], IN_FLIGHT_SENT, bookingWithPeopleJson)}
    DROP TRIGGER agency_event_insert;
    CREATE TRIGGER agency_event_insert AFTER INSERT ON booking_events
      WHEN EXISTS (SELECT 1 FROM agency_state WHERE key = 'counter_id') AND NOT EXISTS (SELECT 1 FROM agency_applying)
        AND (SELECT agency_key FROM bookings WHERE id = new.booking_id) IS NOT NULL
    BEGIN
      INSERT INTO agency_outbox (body) SELECT ${eventWithPeopleJson('new')} FROM bookings b WHERE b.id = new.booking_id;
    END;
  `);
}

import type { DatabaseSync } from 'node:sqlite';
import { eventWithPeopleJson } from './people-schema';

/**
 * A timeline line `e` of booking `b` as the agency change of migration 15 on: migration 13's fields and,
 * when the line has them, its words (the catalog message and values each counter shows in its agent's language).
 */
export const eventWithWordsJson = (e: string) =>
  `CASE WHEN ${e}.words IS NULL THEN ${eventWithPeopleJson(e)} ELSE json_insert(${eventWithPeopleJson(e)}, '$.words', json(${e}.words)) END`;

/**
 * Ledger migration 15: the words of what main writes. A timeline line and a booking's attention keep,
 * beside their English text (what exports, logs and older counters read), the catalog message they
 * were written from and its values as JSON ({"id", "values"}, shared/stored-words.ts), so each agent
 * reads them in their own language. Rows from before have none and show their recorded English.
 * The agency is told a line's words with it.
 */
export function keepWords(db: DatabaseSync): void {
  db.exec(`
    ALTER TABLE booking_events ADD COLUMN words TEXT;
    ALTER TABLE bookings ADD COLUMN attention_words TEXT;
    DROP TRIGGER agency_event_insert;
    CREATE TRIGGER agency_event_insert AFTER INSERT ON booking_events
      WHEN EXISTS (SELECT 1 FROM agency_state WHERE key = 'counter_id') AND NOT EXISTS (SELECT 1 FROM agency_applying)
        AND (SELECT agency_key FROM bookings WHERE id = new.booking_id) IS NOT NULL
    BEGIN
      INSERT INTO agency_outbox (body) SELECT ${eventWithWordsJson('new')} FROM bookings b WHERE b.id = new.booking_id;
    END;
  `);
}

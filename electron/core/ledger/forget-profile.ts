import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';
import { statement } from './statements';

const words = defineMessages({
  writesOpen: {
    id: 'error.freshDay.writesOpen.message',
    defaultMessage: 'A hold, payment or change of this profile is still being checked with the service.',
  },
  writesOpenHint: {
    id: 'error.freshDay.writesOpen.hint',
    defaultMessage: 'Wait until Bookings shows its outcome, then start the fresh day.',
  },
});

/**
 * Every booking of a profile, with its timeline and journal, removed (a fresh training day); the caller
 * holds the transaction. Refused while one of its writes is still open: its outcome would have nowhere to go.
 */
export function forgetProfileRows(db: DatabaseSync, profileId: number): number {
  const owned = 'SELECT id FROM bookings WHERE profile_id = ?1';
  const ofProfile = `booking_id IN (${owned}) OR (booking_id IS NULL AND json_extract(detail, '$.profileId') = ?1)`;
  const open = statement(db, `SELECT count(*) AS open FROM intents WHERE finished_at IS NULL AND (${ofProfile})`).get(profileId) as {
    open: number;
  };
  if (open.open > 0) throw new AppError('writes_open', { message: words.writesOpen }, { message: words.writesOpenHint });
  statement(db, `DELETE FROM booking_events WHERE booking_id IN (${owned})`).run(profileId);
  statement(db, `DELETE FROM intents WHERE ${ofProfile}`).run(profileId);
  return Number(statement(db, 'DELETE FROM bookings WHERE profile_id = ?1').run(profileId).changes);
}

import type { DatabaseSync } from 'node:sqlite';
import { actingPeople } from '../people/acting-people';
import { statement } from './statements';

/** Who wrote a line of the ledger: a named agent (and the supervisor who approved it), nobody named, or Packdesk itself. */
export interface Author {
  agent: string | null;
  approver: string | null;
  byPackdesk: boolean;
}

/** Packdesk's own lines: what a read of the service showed, what a start-up found, a lost answer. */
export const PACKDESK: Author = Object.freeze({ agent: null, approver: null, byPackdesk: true });

/**
 * The author of a change made now: the call's agent and approver as the call started (access.ts), or
 * Packdesk when no call is running (the reconciler). In training with no agents, a call names nobody.
 */
export function authorNow(): Author {
  const people = actingPeople();
  if (!people) return PACKDESK;
  return { agent: people.agent?.name ?? null, approver: people.approver?.name ?? null, byPackdesk: false };
}

/** The author kept with a write's intent: its outcome names who started it, whoever is signed in when it lands. */
export function authorOfIntent(db: DatabaseSync, intentId: number): Author {
  const row = statement(db, 'SELECT agent, approver, by_packdesk FROM intents WHERE id = ?').get(intentId) as
    { agent: string | null; approver: string | null; by_packdesk: number } | undefined;
  return row ? { agent: row.agent, approver: row.approver, byPackdesk: row.by_packdesk === 1 } : PACKDESK;
}

/** Which of a booking's people a write's outcome names: the one who made it, or the one who last changed it. */
export type BookingRole = 'made' | 'changed';

/** Names the booking's maker, or its last changer and their approver, and the counter; a write naming nobody (training) leaves it. */
export function stampBooking(db: DatabaseSync, bookingId: number, role: BookingRole, author: Author, counter: string | null): void {
  if (author.agent === null) return;
  if (role === 'made')
    statement(db, 'UPDATE bookings SET made_by = ?, made_at_counter = ? WHERE id = ?').run(author.agent, counter, bookingId);
  else
    statement(db, 'UPDATE bookings SET changed_by = ?, changed_approver = ?, changed_at_counter = ? WHERE id = ?').run(
      author.agent,
      author.approver,
      counter,
      bookingId,
    );
}

import type { BookingRecord, TimelineEvent } from '../../../../shared/bookings';

const atCounter = (counter: string | null) => (counter ? ` at ${counter}` : '');
const approvedBy = (approver: string | null) => (approver ? `, approved by ${approver}` : '');

/**
 * Who made the booking and who last changed it, and where: "Made by Ana at Desk 2 · last changed by
 * Ben at Desk 1, approved by Sam". Null when no agent is named (training with no agents, bookings from before).
 */
export function madeAndChangedWords(booking: BookingRecord): string | null {
  const made = booking.madeBy ? `Made by ${booking.madeBy}${atCounter(booking.madeAtCounter)}` : null;
  const changed = booking.changedBy
    ? `${made ? 'last changed' : 'Last changed'} by ${booking.changedBy}${atCounter(booking.changedAtCounter)}${approvedBy(booking.changedApprover)}`
    : null;
  const words = [made, changed].filter(Boolean).join(' · ');
  return words || null;
}

/** Who wrote a timeline line: "— Ana, approved by Sam", "— Packdesk" for its own reads and recoveries; null when nobody is named. */
export function lineAuthorWords(event: TimelineEvent): string | null {
  if (event.byPackdesk) return '— Packdesk';
  return event.agent ? `— ${event.agent}${approvedBy(event.approver)}` : null;
}

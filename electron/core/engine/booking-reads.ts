import type { ServiceBooking } from '../../../shared/api';
import type { BookingRecord } from '../../../shared/bookings';
import { UNCONFIRMED_HOLD } from '../../../shared/bookings';
import { isConfirmedStatus, isFinalStatus, isTerminalStatus } from '../../../shared/status-rules';
import type { StatusRules } from '../../../shared/status-rules';
import type { BookingPatch } from '../ledger/ledger';

/**
 * Whether a read may move the row from one status to another. Any status the service shows is
 * taken as it comes, except a step back that only a late read can explain: out of an ending, or
 * back to Pending once paid for.
 */
function mayMove(from: string, to: string, paidFor: boolean, rules: StatusRules, claimedElsewhere: boolean): boolean {
  if (from === to) return false;
  if (claimedElsewhere) return true;
  if (isTerminalStatus(from, rules)) return false;
  if (to === 'Pending' && paidFor && isConfirmedStatus(from, rules)) return false;
  return true;
}

/** What the service shows of the stay, where it shows it (fields beyond the spec's three). */
export function stayFromRead(read: ServiceBooking): BookingPatch {
  return {
    ...(read.check_in ? { checkIn: read.check_in } : {}),
    ...(read.check_out ? { checkOut: read.check_out } : {}),
    ...(read.total_price_cents !== undefined ? { totalMinor: read.total_price_cents } : {}),
    ...(read.currency ? { currency: read.currency } : {}),
    ...(read.items ? { items: read.items } : {}),
  };
}

/** The change a read of the service calls for on a ledger row, in words for its timeline; null if none. */
export function patchFromRead(
  row: BookingRecord,
  read: ServiceBooking,
  rules: StatusRules,
  claimedElsewhere = false,
): { patch: BookingPatch; summary: string } | null {
  const patch: BookingPatch = {};
  const words: string[] = [];
  if (mayMove(row.status, read.status, row.bookingReference !== null, rules, claimedElsewhere)) {
    patch.status = read.status;
    words.push(`Status is now ${read.status}`);
  }
  if (read.booking_reference && read.booking_reference !== row.bookingReference) {
    patch.bookingReference = read.booking_reference;
    words.push(`reference ${read.booking_reference}`);
  }
  const stay = stayFromRead(read);
  if (stay.checkIn !== undefined && (stay.checkIn !== row.checkIn || stay.checkOut !== row.checkOut)) {
    patch.checkIn = stay.checkIn;
    if (stay.checkOut !== undefined) patch.checkOut = stay.checkOut;
    words.push(`the service shows the stay ${stay.checkIn} to ${stay.checkOut}`);
  }
  if (stay.totalMinor !== undefined && stay.totalMinor !== row.totalMinor) {
    patch.totalMinor = stay.totalMinor;
    words.push(`total ${stay.totalMinor} (minor units)`);
  }
  if (stay.currency !== undefined && stay.currency !== row.currency) patch.currency = stay.currency;
  if (stay.items !== undefined && JSON.stringify(stay.items) !== JSON.stringify(row.items)) patch.items = stay.items;
  if (Object.keys(patch).length === 0) return null;
  return { patch, summary: `${words.join('; ') || 'Details updated from the service'}.` };
}

/**
 * Whether the service may still move this booking without a write of ours: a paid-for booking in
 * any status not known to be final, or a change waiting for payment. A hold (no reference yet)
 * waits for the agent, not the service.
 */
export function needsFollowing(booking: BookingRecord, rules: StatusRules): boolean {
  if (booking.serviceBookingId === null || booking.status === UNCONFIRMED_HOLD) return false;
  if (booking.pendingModification) return true;
  return booking.bookingReference !== null && !isFinalStatus(booking.status, rules);
}

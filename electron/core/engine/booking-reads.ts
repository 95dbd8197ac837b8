import type { ServiceBooking } from '../../../shared/api';
import type { BookingRecord } from '../../../shared/bookings';
import { FINAL_STATUSES, UNCONFIRMED_HOLD } from '../../../shared/bookings';
import type { BookingPatch } from '../ledger/ledger';

const TERMINAL = new Set(['Cancelled', 'Failed']);

/** How far along a status is: a read never moves a booking back (Paid to Pending, Cancelled to Paid). */
function rank(status: string): number {
  if (TERMINAL.has(status)) return 3;
  if (status === 'Paid') return 2;
  if (status === 'Pending') return 0;
  return 1;
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
export function patchFromRead(row: BookingRecord, read: ServiceBooking): { patch: BookingPatch; summary: string } | null {
  const patch: BookingPatch = {};
  const words: string[] = [];
  if (read.status !== row.status && rank(read.status) >= rank(row.status) && !TERMINAL.has(row.status)) {
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
  // A change waiting for payment is done once the service shows the booking changed.
  if (row.pendingModification && (patch.checkIn !== undefined || patch.totalMinor !== undefined || patch.items !== undefined)) {
    patch.pendingModification = null;
    words.push(`change ${row.pendingModification.reference} paid and applied`);
  }
  if (Object.keys(patch).length === 0) return null;
  return { patch, summary: `${words.join('; ') || 'Details updated from the service'}.` };
}

/**
 * Whether the service may still move this booking without a write of ours: any status that is not
 * final, or a change waiting for payment. A hold (Pending) waits for the agent, not the service.
 */
export function needsFollowing(booking: BookingRecord): boolean {
  if (booking.serviceBookingId === null || booking.status === UNCONFIRMED_HOLD) return false;
  if (booking.pendingModification) return true;
  return !FINAL_STATUSES.has(booking.status) && booking.status !== 'Pending';
}

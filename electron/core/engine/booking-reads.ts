import type { ServiceBooking } from '../../../shared/api';
import type { BookingRecord } from '../../../shared/bookings';
import { UNCONFIRMED_HOLD } from '../../../shared/bookings';
import { isConfirmedStatus, isFinalStatus, isTerminalStatus } from '../../../shared/status-rules';
import type { StatusRules } from '../../../shared/status-rules';
import { defineMessages } from '../../../shared/i18n/messages';
import type { StoredWords } from '../../../shared/stored-words';
import type { BookingPatch } from '../ledger/ledger';
import { eventWords } from '../ledger/ledger-words';

/**
 * What a read changed, as one line: each part shown or not (yes/no), and whether a part comes after
 * another (its "; "). The status and references are the service's own words.
 */
const lines = defineMessages({
  readChanged: {
    id: 'timeline.read.changed',
    defaultMessage:
      '{moved, select, yes {Status is now {status}} other {}}{referenced, select, yes {{referenceAfter, select, yes {; } other {}}reference {reference}} other {}}{restayed, select, yes {{stayAfter, select, yes {; } other {}}the service shows the stay {checkIn} to {checkOut}} other {}}{retotalled, select, yes {{totalAfter, select, yes {; } other {}}total {total} (minor units)} other {}}{details, select, yes {Details updated from the service} other {}}.',
  },
});

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
): { patch: BookingPatch; summary: string; words: StoredWords } | null {
  const patch: BookingPatch = {};
  const yes = (shown: boolean) => (shown ? 'yes' : 'no');
  let parts = 0;
  const moved = mayMove(row.status, read.status, row.bookingReference !== null, rules, claimedElsewhere);
  if (moved) {
    patch.status = read.status;
    parts += 1;
  }
  const referenceAfter = parts > 0;
  const referenced = Boolean(read.booking_reference && read.booking_reference !== row.bookingReference);
  if (referenced) {
    patch.bookingReference = read.booking_reference;
    parts += 1;
  }
  const stay = stayFromRead(read);
  const stayAfter = parts > 0;
  const restayed = stay.checkIn !== undefined && (stay.checkIn !== row.checkIn || stay.checkOut !== row.checkOut);
  if (restayed) {
    patch.checkIn = stay.checkIn;
    if (stay.checkOut !== undefined) patch.checkOut = stay.checkOut;
    parts += 1;
  }
  const totalAfter = parts > 0;
  const retotalled = stay.totalMinor !== undefined && stay.totalMinor !== row.totalMinor;
  if (retotalled) {
    patch.totalMinor = stay.totalMinor;
    parts += 1;
  }
  if (stay.currency !== undefined && stay.currency !== row.currency) patch.currency = stay.currency;
  if (stay.items !== undefined && JSON.stringify(stay.items) !== JSON.stringify(row.items)) patch.items = stay.items;
  if (Object.keys(patch).length === 0) return null;
  return {
    patch,
    ...eventWords(lines.readChanged, {
      moved: yes(moved),
      status: read.status,
      referenced: yes(referenced),
      referenceAfter: yes(referenceAfter),
      reference: read.booking_reference ?? '',
      restayed: yes(restayed),
      stayAfter: yes(stayAfter),
      checkIn: String(stay.checkIn),
      checkOut: String(stay.checkOut),
      retotalled: yes(retotalled),
      totalAfter: yes(totalAfter),
      // In minor units, as the service gave it: no currency is sure to go with it here.
      total: String(stay.totalMinor),
      details: yes(parts === 0),
    }),
  };
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

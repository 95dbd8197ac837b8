import type { Changes, ServiceBooking } from '../../../shared/api';
import type { BookingRecord, ChangeRequest, PriceSummary } from '../../../shared/bookings';
import { ServiceError } from '../api/service-errors';
import type { MoneyValue } from '../i18n/main-words';
import type { ChangeTarget, ModificationDetail } from '../ledger/intent-details';
import type { BookingPatch } from '../ledger/ledger';
import { stayFromRead } from './booking-reads';
import type { EngineContext } from './engine-context';

/** The spec's `changes` object for a change request. */
export function changesFor(booking: BookingRecord, change: ChangeRequest): Changes {
  return {
    ...(change.dates ? { booking: { dates: { check_in: change.dates.checkIn, check_out: change.dates.checkOut } } } : {}),
    ...(change.room
      ? {
          rooms: booking.items.map((item) => ({
            action: 'update' as const,
            availability_id: item.availability_id,
            selected_availability_id: change.room?.availabilityId as number,
          })),
        }
      : {}),
  };
}

/**
 * A preview as a message's values: what the traveler pays (`more`) or gets back (`refund`), or `nothing`,
 * with the amount; a message says it as `{price, select, more {…} refund {…} other {…}}`.
 */
export function priceValues(summary: PriceSummary): { price: 'more' | 'refund' | 'nothing'; amount: MoneyValue } {
  if (summary.paymentRequired && summary.paymentAmountMinor > 0)
    return { price: 'more', amount: { minor: summary.paymentAmountMinor, currency: summary.currency } };
  if (summary.refundAmountMinor > 0) return { price: 'refund', amount: { minor: summary.refundAmountMinor, currency: summary.currency } };
  return { price: 'nothing', amount: { minor: 0, currency: summary.currency } };
}

/** The ledger's new stay after a completed change: what the service shows, else what it accepted. */
export function stayAfterChange(booking: BookingRecord, target: ChangeTarget, total: number, read: ServiceBooking | null): BookingPatch {
  return {
    checkIn: target.checkIn,
    checkOut: target.checkOut,
    propertyId: target.propertyId,
    propertyName: target.propertyName,
    totalMinor: total,
    ...(target.roomAvailabilityId !== null
      ? { items: booking.items.map((item) => ({ ...item, availability_id: target.roomAvailabilityId as number })) }
      : {}),
    ...(read ? stayFromRead(read) : {}),
  };
}

/** Whether the service shows the change made; null when its answer cannot tell. */
export function changeShown(read: ServiceBooking, target: ChangeTarget): boolean | null {
  if (!read.check_in || !read.check_out) return null;
  const datesMatch = read.check_in === target.checkIn && read.check_out === target.checkOut;
  if (target.roomAvailabilityId === null) return datesMatch;
  if (!read.items) return null;
  return datesMatch && read.items.some((item) => item.availability_id === target.roomAvailabilityId);
}

/**
 * Whether the service shows a change as made: the booking read back where it shows the stay, else
 * the same change previewed again (on a changed booking it costs nothing more). Null: cannot tell yet.
 */
export async function changeLanded(
  context: EngineContext,
  booking: BookingRecord,
  detail: ModificationDetail,
  read: ServiceBooking,
): Promise<boolean | null> {
  const shown = changeShown(read, detail.target);
  if (shown !== null) return shown;
  try {
    const again = (await context.clientOf(booking).previewModification(context.serviceIdOf(booking), detail.changes)).data.price_summary
      .net_price_diff;
    if (detail.expectedDiff !== 0 && again === 0) return true;
    if (detail.expectedDiff !== 0 && again === detail.expectedDiff) return false;
    return null;
  } catch (error) {
    // A refused preview (a change still waiting for payment, a status that allows none) tells nothing.
    if (error instanceof ServiceError && !error.mayHaveReachedService && error.kind !== 'rate_limit') return null;
    throw error;
  }
}

/** Spec endpoints 5 and 6: read a booking, cancel it. */
import { cancelRequestSchema } from '../../shared/api';
import type { ApiItem } from '../../shared/api';
import { transaction } from '../core/database';
import { ApiError } from './api-error';
import type { Reason } from './api-error';
import { findPackage } from './catalog';
import { parseBody, requireLive } from './service-context';
import type { BookingRow, Caller, ServiceContext } from './service-context';

function cancelRefusal(reason: Reason, booking: BookingRow, status: string): string {
  if (reason === 'already_cancelled') return `Booking ${booking.id} is already cancelled.`;
  if (reason === 'change_awaiting_payment') return `Booking ${booking.id} has a change waiting for payment; pay it, then cancel.`;
  if (booking.status === 'failed') return `Booking ${booking.id} failed at the supplier and holds nothing to cancel.`;
  return `Booking ${booking.id} is ${status} and cannot be cancelled.`;
}

export function bookings(context: ServiceContext, settleDue: (bookingId?: number) => void) {
  const { db, dialect } = context;

  return {
    getBooking(caller: Caller, bookingId: number) {
      requireLive(caller);
      context.ownBooking(caller, bookingId);
      settleDue(bookingId);
      const booking = context.ownBooking(caller, bookingId);
      const property = findPackage(booking.package_id)?.properties.find((candidate) => candidate.id === booking.property_id);
      return dialect.shapes.booking(
        {
          id: booking.id,
          status: context.statusOf(booking),
          reference: booking.booking_reference,
          checkIn: booking.check_in,
          checkOut: booking.check_out,
          totalMinor: booking.total_minor,
          currency: booking.currency,
          items: JSON.parse(booking.items) as ApiItem[],
          createdAt: booking.created_at,
          updatedAt: booking.updated_at,
          supplierName: property?.name ?? 'Training supplier',
        },
        context.shapeContext(),
      );
    },

    cancel(caller: Caller, bookingId: number, body: unknown) {
      requireLive(caller);
      const request = parseBody(cancelRequestSchema, body);
      settleDue(bookingId);
      const booking = context.ownBooking(caller, bookingId);
      const verdict = dialect.cancel[booking.status];
      if (verdict !== 'allowed') throw new ApiError(verdict, cancelRefusal(verdict, booking, context.statusOf(booking)));
      transaction(db, () => {
        // An authorization not yet captured is released; a captured charge is refunded.
        if (booking.status === 'confirming') context.recordPayment(booking, 'release', booking.total_minor);
        if (booking.status === 'paid' || booking.status === 'changePending') context.recordPayment(booking, 'refund', booking.total_minor);
        db.prepare(
          "UPDATE bookings SET status = 'cancelled', cancellation_reason = ?, confirm_due_at = NULL, updated_at = ? WHERE id = ?",
        ).run(request.cancellation_reason, context.isoNow(), bookingId);
        context.logEvent(bookingId, 'cancelled', { reason: request.cancellation_reason, previous_status: context.statusOf(booking) });
      });
      return dialect.shapes.cancel({ id: bookingId, status: dialect.statuses.cancelled }, context.shapeContext());
    },

    /** Read-only views for tests and the training controls: payments and events of a booking, its status as the dialect names it. */
    ledger(bookingId: number) {
      const row = context.bookingRow(bookingId);
      return {
        payments: db
          .prepare(
            'SELECT kind, amount_minor, currency, payment_method_id, payment_intent_id, modification_reference FROM payments WHERE booking_id = ? ORDER BY id',
          )
          .all(bookingId),
        events: db.prepare('SELECT type, data FROM events WHERE booking_id = ? ORDER BY id').all(bookingId),
        booking: row ? { ...row, state: row.status, status: context.statusOf(row) } : undefined,
      };
    },
  };
}

/** Spec endpoints 5 and 6: read a booking, cancel it. */
import { cancelRequestSchema } from '../../shared/api';
import type { ApiItem } from '../../shared/api';
import { transaction } from '../sqlite/database';
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

/** A booking as a trainer's exercise checks it: the service's own state, the holder, the money that moved, and what happened. */
function exerciseViewOf(db: ServiceContext['db'], row: BookingRow, sinceIso: string) {
  const holder = JSON.parse(row.holder) as { name: string; surname: string };
  return {
    id: row.id,
    state: row.status,
    holder: `${holder.name} ${holder.surname}`,
    packageId: row.package_id,
    checkIn: row.check_in,
    checkOut: row.check_out,
    totalMinor: row.total_minor,
    // The first price quoted for this stay since then: what the traveler was told before any rise.
    firstQuotedMinor:
      (
        db
          .prepare(
            'SELECT total_minor FROM offers WHERE organization_id = ? AND package_id = ? AND property_id = ? AND check_in = ? AND check_out = ? AND created_at >= ? ORDER BY id LIMIT 1',
          )
          .get(row.organization_id, row.package_id, row.property_id, row.check_in, row.check_out, sinceIso) as
          { total_minor: number } | undefined
      )?.total_minor ?? null,
    payments: db
      .prepare(
        'SELECT kind, amount_minor AS amountMinor, payment_intent_id AS paymentIntentId FROM payments WHERE booking_id = ? ORDER BY id',
      )
      .all(row.id) as {
      kind: 'authorization' | 'capture' | 'release' | 'refund' | 'charge';
      amountMinor: number;
      paymentIntentId: string | null;
    }[],
    events: (db.prepare('SELECT type FROM events WHERE booking_id = ? ORDER BY id').all(row.id) as { type: string }[]).map(
      (event) => event.type,
    ),
  };
}

export function bookings(context: ServiceContext, settleDue: (bookingId?: number) => void) {
  const { db, dialect } = context;
  const exerciseView = (row: BookingRow, sinceIso: string) => exerciseViewOf(db, row, sinceIso);

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

    /** Read-only, for the trainer's exercises: an organization's bookings made or changed since a moment, with what was paid and refused. */
    bookingsSince(organizationId: number, sinceIso: string) {
      const rows = db
        .prepare('SELECT * FROM bookings WHERE organization_id = ? AND (created_at >= ? OR updated_at >= ?) ORDER BY id')
        .all(organizationId, sinceIso, sinceIso) as BookingRow[];
      return rows.map((row) => exerciseView(row, sinceIso));
    },

    /** Read-only, for the trainer's exercises: one booking of an organization as it is now (null: not theirs, or none). */
    exerciseBooking(organizationId: number, bookingId: number, sinceIso: string) {
      const row = context.bookingRow(bookingId);
      return row && row.organization_id === organizationId ? exerciseView(row, sinceIso) : null;
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

/** Spec endpoints 7 and 8: preview and confirm a change of dates and rooms, and the page that pays a dearer one. */
import { createHmac, randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { modificationRequestSchema } from '../../shared/api';
import type { ApiItem, Changes } from '../../shared/api';
import { transaction } from '../sqlite/database';
import { ApiError, notFound } from './api-error';
import { code } from './dialect';
import { sameSecret } from './secret-compare';
import { checkStayDates, invalid, parseBody, requireLive } from './service-context';
import type { BookingRow, Caller, ServiceContext } from './service-context';

interface PlannedChange {
  checkIn: string;
  checkOut: string;
  propertyId: number;
  newItems: ApiItem[];
  total: number;
  diff: number;
}

type ModificationRow = {
  reference: string;
  booking_id: number;
  status: 'payment_required' | 'completed';
  new_check_in: string;
  new_check_out: string;
  new_property_id: number;
  new_items: string;
  new_total_minor: number;
  net_diff: number;
};

/** The key that signs payment links, made once per data file (a file from before links were signed gets one now). */
function paymentLinkKey(db: DatabaseSync): string {
  const read = () =>
    (db.prepare("SELECT value FROM service_settings WHERE key = 'payment_link_key'").get() as { value: string } | undefined)?.value;
  const kept = read();
  if (kept) return kept;
  db.prepare("INSERT OR IGNORE INTO service_settings (key, value) VALUES ('payment_link_key', ?)").run(
    randomBytes(32).toString('base64url'),
  );
  return read() as string;
}

export function modifications(context: ServiceContext, settleDue: (bookingId?: number) => void) {
  const { db, dialect } = context;
  const linkKey = paymentLinkKey(db);

  /**
   * The secret a change's payment link carries: only who was given the link (the agency, through the
   * service's answer) can open or pay the page; a reference alone, short and guessable, is not enough.
   * Letters and digits only, so it never reads as part of a card number.
   */
  const linkSecret = (reference: string) =>
    createHmac('sha256', linkKey).update(`modification-payment:${reference}`).digest('base64url').replace(/[-_]/g, 'x');

  /** A change by its reference, if the secret is its link's; with a wrong secret it is not found, exactly like a missing one. */
  function payableModification(reference: string, secret: string): ModificationRow & { currency: string } {
    const row = db
      .prepare('SELECT m.*, b.currency FROM modifications m JOIN bookings b ON b.id = m.booking_id WHERE m.reference = ?')
      .get(reference) as (ModificationRow & { currency: string }) | undefined;
    if (!sameSecret(secret, linkSecret(reference)) || !row) throw notFound(`Modification ${reference}`);
    return row;
  }

  const paymentLink = (reference: string) => `${context.publicUrl()}/sandbox/pay/modification/${reference}?secret=${linkSecret(reference)}`;

  /**
   * The room of the booking an availability id names: its current offer, or any offer it had
   * before (booked with, or from an earlier change), as a date change gives every room a new one.
   */
  function roomNamed(booking: BookingRow, currentItems: ApiItem[], availabilityId: number): number | undefined {
    const current = currentItems.findIndex((item) => item.availability_id === availabilityId);
    if (current >= 0) return current;
    const known = db.prepare('SELECT room FROM room_ids WHERE booking_id = ? AND availability_id = ?').get(booking.id, availabilityId) as
      { room: number } | undefined;
    return known && known.room < currentItems.length ? known.room : undefined;
  }

  /** New dates and items of a modification, and the new total; throws if the change cannot be made. */
  function plannedChange(caller: Caller, booking: BookingRow, changes: Changes): PlannedChange {
    const checkIn = changes.booking?.dates.check_in ?? booking.check_in;
    const checkOut = changes.booking?.dates.check_out ?? booking.check_out;
    if (changes.booking) checkStayDates(checkIn, checkOut, context.today());
    const currentItems = JSON.parse(booking.items) as ApiItem[];
    const replaced = new Map<number, { selectedId: number; field: string }>();
    for (const [index, room] of (changes.rooms ?? []).entries()) {
      const field = `changes.rooms.${index}.availability_id`;
      const named = roomNamed(booking, currentItems, room.availability_id);
      if (named === undefined)
        throw invalid(`rooms[${index}].availability_id ${room.availability_id} is not a room of this booking.`, [
          { field, problem: 'not a room of this booking' },
        ]);
      if (replaced.has(named))
        throw invalid(`rooms[${index}] changes room ${named + 1} of the booking again.`, [
          { field, problem: 'names a room already changed' },
        ]);
      replaced.set(named, { selectedId: room.selected_availability_id, field: `changes.rooms.${index}.selected_availability_id` });
    }
    let propertyId = booking.property_id;
    const newItems: ApiItem[] = [];
    let total = 0;
    for (const [index, item] of currentItems.entries()) {
      const change = replaced.get(index);
      // A room already on the selected offer (the same change previewed again once made) is unchanged.
      if (change !== undefined && change.selectedId !== item.availability_id) {
        const { selectedId } = change;
        const selected = context.offer(caller, selectedId);
        const problem = (text: string) => ({ fields: [{ field: change.field, problem: text }] });
        if (!selected || selected.package_id !== booking.package_id) {
          throw new ApiError(
            'invalid_fields',
            `selected_availability_id ${selectedId} is not an offer for this package; price the new room first.`,
            problem('not an offer for this package'),
          );
        }
        if (selected.check_in !== checkIn || selected.check_out !== checkOut) {
          throw new ApiError(
            'offer_mismatch',
            `Offer ${selectedId} was priced for ${selected.check_in} to ${selected.check_out}, not for the booking's dates ${checkIn} to ${checkOut}.`,
            problem('priced for other dates'),
          );
        }
        if (selected.adults !== item.paxes.length)
          throw new ApiError(
            'pax_count_mismatch',
            `Offer ${selectedId} is for ${selected.adults} adults but the room has ${item.paxes.length} guests.`,
            problem('priced for another number of guests'),
          );
        propertyId = selected.property_id;
        newItems.push({ availability_id: selected.id, paxes: item.paxes });
        total += selected.total_minor;
        continue;
      }
      const current = context.offer(caller, item.availability_id);
      if (!current) throw new ApiError('internal', `Offer ${item.availability_id} of booking ${booking.id} is missing.`);
      if (current.check_in === checkIn && current.check_out === checkOut) {
        newItems.push(item);
        total += current.total_minor;
        continue;
      }
      const { pkg, property } = context.catalogEntry(booking.package_id, current.property_id);
      const repriced = context.mintOffer(caller, pkg, property, checkIn, checkOut, current.adults);
      if (!repriced) throw new ApiError('sold_out', `${property.name} is sold out on some of the nights from ${checkIn} to ${checkOut}.`);
      newItems.push({ availability_id: repriced.id, paxes: item.paxes });
      total += repriced.total;
    }
    return { checkIn, checkOut, propertyId, newItems, total, diff: total - booking.total_minor };
  }

  function modifiable(caller: Caller, bookingId: number): BookingRow {
    const booking = context.ownBooking(caller, bookingId);
    const verdict = dialect.modify[booking.status];
    if (verdict === 'change_awaiting_payment') {
      const open = db.prepare("SELECT reference FROM modifications WHERE booking_id = ? AND status = 'payment_required'").get(bookingId) as
        { reference: string } | undefined;
      throw new ApiError(
        verdict,
        `Modification ${open?.reference ?? ''} of booking ${bookingId} is waiting for payment; pay it before making another change.`,
      );
    }
    if (verdict !== 'allowed')
      throw new ApiError(
        verdict,
        `Booking ${bookingId} is ${context.statusOf(booking)}; only a ${dialect.statuses.paid} booking can be modified.`,
      );
    return booking;
  }

  function applyChange(booking: BookingRow, change: PlannedChange): void {
    db.prepare(
      "UPDATE bookings SET check_in = ?, check_out = ?, property_id = ?, items = ?, total_minor = ?, status = 'paid', updated_at = ? WHERE id = ?",
    ).run(change.checkIn, change.checkOut, change.propertyId, JSON.stringify(change.newItems), change.total, context.isoNow(), booking.id);
    context.rememberRooms(booking.id, change.newItems);
  }

  const direction = (diff: number) => (diff > 0 ? dialect.direction.charge : diff < 0 ? dialect.direction.refund : dialect.direction.none);

  return {
    previewModification(caller: Caller, bookingId: number, body: unknown) {
      const request = parseBody(modificationRequestSchema, body);
      settleDue(bookingId);
      const booking = modifiable(caller, bookingId);
      const change = plannedChange(caller, booking, request.changes);
      return dialect.shapes.preview(
        { bookingId, diff: change.diff, direction: direction(change.diff), currency: booking.currency },
        context.shapeContext(),
      );
    },

    confirmModification(caller: Caller, bookingId: number, body: unknown) {
      requireLive(caller);
      const request = parseBody(modificationRequestSchema, body);
      settleDue(bookingId);
      const booking = modifiable(caller, bookingId);
      const change = plannedChange(caller, booking, request.changes);
      const reference = `MOD${code(7)}`;
      const row = [
        reference,
        bookingId,
        JSON.stringify(request.changes),
        change.checkIn,
        change.checkOut,
        change.propertyId,
        JSON.stringify(change.newItems),
        change.total,
        change.diff,
      ] as const;
      const insert =
        'INSERT INTO modifications (reference, booking_id, changes, new_check_in, new_check_out, new_property_id, new_items, new_total_minor, net_diff, status, created_at, completed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
      if (change.diff > 0) {
        transaction(db, () => {
          db.prepare(insert).run(...row, 'payment_required', context.isoNow(), null);
          // The booking keeps its old stay until the change is paid.
          context.setState(bookingId, 'changePending');
          context.logEvent(bookingId, 'modification_payment_required', { reference, amount_minor: change.diff });
        });
        const link = paymentLink(reference);
        return dialect.shapes.paymentRequired(
          { bookingId, link, reference, amountMinor: change.diff, currency: booking.currency },
          context.shapeContext(),
        );
      }
      transaction(db, () => {
        db.prepare(insert).run(...row, 'completed', context.isoNow(), context.isoNow());
        applyChange(booking, change);
        if (change.diff < 0) context.recordPayment(booking, 'refund', -change.diff, { modification: reference });
        context.logEvent(bookingId, 'modified', { reference, net_price_diff: change.diff });
      });
      return dialect.shapes.completed({ bookingId, status: dialect.statuses.paid, reference }, context.shapeContext());
    },

    /** The link to a change's payment page, as the service gave it when the change was confirmed. */
    modificationPaymentLink: paymentLink,

    /** The payment page of a modification that costs more: paying applies the change. Needs the link's secret. */
    modificationForPayment(reference: string, secret: string) {
      const row = payableModification(reference, secret);
      return { reference: row.reference, net_diff: row.net_diff, status: row.status, currency: row.currency };
    },

    payModification(reference: string, secret: string) {
      const modification = payableModification(reference, secret);
      if (modification.status !== 'payment_required')
        throw new ApiError('modification_paid', `Modification ${reference} is already paid and applied.`);
      const booking = context.bookingRow(modification.booking_id) as BookingRow;
      if (booking.status !== 'changePending')
        throw new ApiError('wrong_state', `Booking ${booking.id} is ${context.statusOf(booking)}; the change can no longer be applied.`);
      transaction(db, () => {
        applyChange(booking, {
          checkIn: modification.new_check_in,
          checkOut: modification.new_check_out,
          propertyId: modification.new_property_id,
          newItems: JSON.parse(modification.new_items) as ApiItem[],
          total: modification.new_total_minor,
          diff: modification.net_diff,
        });
        context.recordPayment(booking, 'charge', modification.net_diff, { modification: reference });
        db.prepare("UPDATE modifications SET status = 'completed', completed_at = ? WHERE reference = ?").run(context.isoNow(), reference);
        context.logEvent(booking.id, 'modified', { reference, net_price_diff: modification.net_diff, paid: true });
      });
    },
  };
}

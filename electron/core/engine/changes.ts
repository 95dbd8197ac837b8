import type { Changes, ServiceBooking } from '../../../shared/api';
import type { BookingRecord, ChangeRequest, PriceSummary } from '../../../shared/bookings';
import { FINAL_STATUSES } from '../../../shared/bookings';
import { formatMoney } from '../../../shared/format';
import { AppError } from '../app-error';
import { ServiceError } from '../api/service-errors';
import type { BookingPatch, OpenIntent } from '../ledger/ledger';
import type { createBookingLocks } from './booking-locks';
import { stayFromRead } from './booking-reads';
import { notConfirmedYet } from './engine-context';
import type { EngineContext } from './engine-context';
import type { Holds } from './holds';
import { doubtOver, journaledWrite } from './journaled-write';
import type { Settlement } from './settlement';

/** Where a confirmed change takes the booking, as the service's own answers describe it. */
interface ChangeTarget {
  checkIn: string;
  checkOut: string;
  propertyId: number;
  propertyName: string;
  /** The new room's offer, for a room change. */
  roomAvailabilityId: number | null;
}

interface ModificationDetail {
  changes: Changes;
  target: ChangeTarget;
  expectedDiff: number;
  totalBefore: number;
}

/** The spec's `changes` object for a change request. */
function changesFor(booking: BookingRecord, change: ChangeRequest): Changes {
  return {
    ...(change.dates ? { booking: { dates: { check_in: change.dates.checkIn, check_out: change.dates.checkOut } } } : {}),
    ...(change.room ? { rooms: booking.items.map((item) => ({ action: 'update' as const, availability_id: item.availability_id, selected_availability_id: change.room?.availabilityId as number })) } : {}),
  };
}

/** A preview in words: what the traveler pays or gets back. */
function priceInWords(summary: PriceSummary): string {
  if (summary.paymentRequired && summary.paymentAmountMinor > 0) return `costs ${formatMoney(summary.paymentAmountMinor, summary.currency)} more`;
  if (summary.refundAmountMinor > 0) return `refunds ${formatMoney(summary.refundAmountMinor, summary.currency)}`;
  return 'costs nothing more';
}

/** The ledger's new stay after a completed change: what the service shows, else what it accepted. */
function stayAfterChange(booking: BookingRecord, target: ChangeTarget, total: number, read: ServiceBooking | null): BookingPatch {
  return {
    checkIn: target.checkIn,
    checkOut: target.checkOut,
    propertyId: target.propertyId,
    propertyName: target.propertyName,
    totalMinor: total,
    ...(target.roomAvailabilityId !== null ? { items: booking.items.map((item) => ({ ...item, availability_id: target.roomAvailabilityId as number })) } : {}),
    ...(read ? stayFromRead(read) : {}),
  };
}

/** Whether the service shows the change made; null when its answer cannot tell. */
function changeShown(read: ServiceBooking, target: ChangeTarget): boolean | null {
  if (!read.check_in || !read.check_out) return null;
  const datesMatch = read.check_in === target.checkIn && read.check_out === target.checkOut;
  if (target.roomAvailabilityId === null) return datesMatch;
  if (!read.items) return null;
  return datesMatch && read.items.some((item) => item.availability_id === target.roomAvailabilityId);
}

/** Cancel, and changes of dates or rooms (preview, then confirm). */
export function createChanges(context: EngineContext, locks: ReturnType<typeof createBookingLocks>, holds: Holds) {
  const { ledger } = context;
  /** A preview belongs to the booking's version it was made on. */
  const previews = new Map<string, { version: number; summary: PriceSummary }>();
  const keyOf = (change: ChangeRequest) => JSON.stringify(change);

  async function previewChange(change: ChangeRequest): Promise<PriceSummary> {
    const booking = context.bookingOf(change.bookingId);
    if (change.room) holds.quoteFor(change.room.availabilityId);
    const answer = await context.clientOf(booking).previewModification(context.serviceIdOf(booking), changesFor(booking, change));
    const summary = answer.data.price_summary;
    const result: PriceSummary = {
      netPriceDiffMinor: summary.net_price_diff,
      direction: summary.direction,
      paymentRequired: summary.payment_required,
      paymentAmountMinor: summary.payment_amount,
      refundAmountMinor: summary.refund_amount,
      currency: booking.currency,
    };
    previews.set(keyOf(change), { version: booking.version, summary: result });
    return result;
  }

  async function settleCancel(intent: OpenIntent, fromReconciler: boolean): Promise<Settlement> {
    const booking = context.bookingOf(intent.bookingId as number);
    const readStartedAt = context.now();
    const read = await context.readBack(booking);
    if (!read) return { settled: false };
    if (read.status === 'Cancelled') {
      const updated = ledger.finishWrite(intent.id, 'reconciled_cancelled', {
        patch: { status: read.status, pendingModification: null, nextCheckAt: null, attention: fromReconciler ? 'The cancellation’s answer was lost; the service shows the booking cancelled. Tell the traveler.' : null },
        event: { type: 'reconciled', summary: 'The cancellation’s answer was lost; the service shows the booking Cancelled.' },
      });
      return { settled: true, booking: updated };
    }
    if (!doubtOver(context, intent, readStartedAt)) return { settled: false };
    const updated = ledger.finishWrite(intent.id, 'not_cancelled', {
      patch: { attention: fromReconciler ? `A cancellation whose answer was lost did not go through: the service shows the booking still ${read.status}. Cancel it again if the traveler still wants to.` : null },
      event: { type: 'reconciled', summary: `The cancellation’s answer was lost; the service shows the booking still ${read.status}: it was not cancelled.` },
    });
    return { settled: true, booking: updated, refusal: new AppError('cancel_not_made', `The service shows the booking still ${read.status}: the cancellation did not go through.`, 'Cancel again if the traveler still wants to.') };
  }

  /**
   * Settles a change whose answer was lost. The booking is read back (and, where the service does
   * not show the stay, the same change previewed again) until the ledger matches the service.
   */
  async function settleModification(intent: OpenIntent, fromReconciler: boolean): Promise<Settlement> {
    const booking = context.bookingOf(intent.bookingId as number);
    const detail = intent.detail as unknown as ModificationDetail;
    const readStartedAt = context.now();
    const read = await context.readBack(booking);
    if (!read) return { settled: false };
    let shown = changeShown(read, detail.target);
    if (shown === null) {
      try {
        const again = (await context.clientOf(booking).previewModification(context.serviceIdOf(booking), detail.changes)).data.price_summary.net_price_diff;
        // The same change previewed on a changed booking costs nothing; on an unchanged one, what it cost before.
        if (detail.expectedDiff !== 0 && again === 0) shown = true;
        else if (detail.expectedDiff !== 0 && again === detail.expectedDiff) shown = false;
      } catch (error) {
        if (!(error instanceof ServiceError) || error.mayHaveReachedService || error.kind === 'rate_limit') return { settled: false };
      }
    }
    if (shown) {
      const updated = ledger.finishWrite(intent.id, 'reconciled_changed', {
        patch: { ...stayAfterChange(booking, detail.target, detail.totalBefore + detail.expectedDiff, read), status: read.status, pendingModification: null, attention: fromReconciler ? `The change’s answer was lost; the service shows it made (${detail.target.checkIn} to ${detail.target.checkOut}). Tell the traveler.` : null },
        event: { type: 'reconciled', summary: `The change’s answer was lost; the service shows it made: ${detail.target.checkIn} to ${detail.target.checkOut}.` },
      });
      return { settled: true, booking: updated };
    }
    if (!doubtOver(context, intent, readStartedAt)) return { settled: false };
    if (shown === false) {
      const waitingForPayment = detail.expectedDiff > 0 ? ' A change that costs more may be waiting for payment at a link Packdesk never received: if the service refuses a new change as waiting for payment, ask its support for the link.' : '';
      const updated = ledger.finishWrite(intent.id, 'not_changed', {
        patch: { attention: fromReconciler || waitingForPayment ? `A change whose answer was lost was not made: the service shows the booking unchanged.${waitingForPayment}` : null },
        event: { type: 'reconciled', summary: 'The change’s answer was lost; the service shows the booking unchanged.' },
      });
      return { settled: true, booking: updated, refusal: new AppError('change_not_made', 'The service shows the booking unchanged: the change did not go through.', 'Preview the change again and confirm it if the traveler still wants it.') };
    }
    // Neither the booking nor a preview can tell (a change that costs nothing, on a service that does not show the stay).
    const updated = ledger.finishWrite(intent.id, 'unknown', {
      patch: { attention: `A change’s answer was lost and the service cannot show whether it was made (${detail.target.checkIn} to ${detail.target.checkOut}, no difference in price). Check the booking’s dates and room with the service’s support before telling the traveler.` },
      event: { type: 'reconciled', summary: 'The change’s answer was lost; the service cannot show whether it was made.' },
    });
    return { settled: true, booking: updated };
  }

  return {
    previewChange,
    settleCancel,
    settleModification,

    async cancel(bookingId: number, reason: string): Promise<BookingRecord> {
      return locks.run(bookingId, async () => {
        context.requireOnline();
        const booking = context.bookingOf(bookingId);
        if (booking.status === 'Cancelled') throw new AppError('already_cancelled', 'This booking is already cancelled.', 'Nothing more to do.');
        const client = context.clientOf(booking);
        const result = await journaledWrite(context, {
          operation: 'cancel',
          bookingId,
          detail: { reason },
          send: () => client.cancel(context.serviceIdOf(booking), reason),
          whileUnknown: 'Cancellation not confirmed yet: its answer was lost, and Packdesk is checking with the service. Do not cancel again.',
        });
        if (result.kind === 'lost') {
          const settlement = await settleCancel(result.intent, false);
          if (!settlement.settled) throw notConfirmedYet('the booking was cancelled');
          if (settlement.refusal) throw settlement.refusal;
          return context.changed(settlement.booking ?? context.bookingOf(bookingId));
        }
        const status = result.answer.status;
        const updated = ledger.finishWrite(result.intentId, 'cancelled', {
          patch: { status, attention: null, pendingModification: null, nextCheckAt: FINAL_STATUSES.has(status) ? null : context.now() },
          event: { type: 'cancelled', summary: `Cancelled: ${reason}` },
        });
        return context.changed(updated ?? context.bookingOf(bookingId));
      });
    },

    /** Confirms a change previewed on this very version of the booking; otherwise previews again and says the new price first. */
    async confirmChange(change: ChangeRequest): Promise<BookingRecord> {
      return locks.run(change.bookingId, async () => {
        context.requireOnline();
        const booking = context.bookingOf(change.bookingId);
        const seen = previews.get(keyOf(change));
        if (!seen || seen.version !== booking.version) {
          const fresh = await previewChange(change);
          throw new AppError(
            'preview_outdated',
            seen ? `The booking changed since this price was shown. The change now ${priceInWords(fresh)}.` : `The price of this change was not shown yet: it ${priceInWords(fresh)}.`,
            'Tell the traveler the price shown now, then confirm again.',
          );
        }
        const room = change.room ? holds.quoteFor(change.room.availabilityId) : null;
        const target: ChangeTarget = {
          checkIn: change.dates?.checkIn ?? booking.checkIn,
          checkOut: change.dates?.checkOut ?? booking.checkOut,
          propertyId: room?.propertyId ?? booking.propertyId,
          propertyName: room?.propertyName ?? booking.propertyName,
          roomAvailabilityId: room?.availabilityId ?? null,
        };
        const changes = changesFor(booking, change);
        const preview = seen.summary;
        const client = context.clientOf(booking);
        const detail: ModificationDetail = { changes, target, expectedDiff: preview.netPriceDiffMinor, totalBefore: booking.totalMinor };
        const result = await journaledWrite(context, {
          operation: 'modification',
          bookingId: booking.id,
          detail: { ...detail },
          send: () => client.confirmModification(context.serviceIdOf(booking), changes),
          whileUnknown: 'Change not confirmed yet: its answer was lost, and Packdesk is checking with the service whether the dates or room changed. Do not send it again.',
        });
        previews.delete(keyOf(change));
        if (result.kind === 'lost') {
          const settlement = await settleModification(result.intent, false);
          if (!settlement.settled) throw notConfirmedYet('the change was made');
          if (settlement.refusal) throw settlement.refusal;
          return context.changed(settlement.booking ?? context.bookingOf(booking.id));
        }
        const answer = result.answer;
        if (answer.status === 'payment_required' && answer.payment_link && answer.modification_reference) {
          const updated = ledger.finishWrite(result.intentId, 'payment_required', {
            patch: { pendingModification: { reference: answer.modification_reference, paymentLink: answer.payment_link }, nextCheckAt: context.now() },
            event: { type: 'modification_payment_required', summary: `Change ${answer.modification_reference} costs ${formatMoney(preview.paymentAmountMinor, preview.currency)} more; waiting for it to be paid at its payment link.` },
          });
          return context.changed(updated ?? context.bookingOf(booking.id));
        }
        // The service's own view of the changed stay, where it shows one (new offers, new total).
        const read = await context.readBack(booking);
        const updated = ledger.finishWrite(result.intentId, 'completed', {
          patch: { ...stayAfterChange(booking, target, booking.totalMinor + preview.netPriceDiffMinor, read), status: read?.status ?? answer.booking?.status ?? booking.status, pendingModification: null },
          event: { type: 'modified', summary: preview.refundAmountMinor > 0 ? `Changed; ${formatMoney(preview.refundAmountMinor, preview.currency)} refunded automatically.` : 'Changed at no extra cost.' },
        });
        return context.changed(updated ?? context.bookingOf(booking.id));
      });
    },
  };
}

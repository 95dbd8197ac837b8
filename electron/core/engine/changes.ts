import type { Changes, ServiceBooking } from '../../../shared/api';
import type { BookingRecord, ChangeRequest, PriceSummary } from '../../../shared/bookings';
import { isConfirmedStatus, isFinalStatus } from '../../../shared/status-rules';
import { formatMoney } from '../../../shared/format';
import { AppError } from '../app-error';
import { serviceSays } from '../api/messages';
import { ServiceError } from '../api/service-errors';
import type { BookingPatch, OpenIntent, PendingChange } from '../ledger/ledger';
import type { createBookingLocks } from './booking-locks';
import { patchFromRead, stayFromRead } from './booking-reads';
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

/** A preview in words: what the traveler pays or gets back. */
function priceInWords(summary: PriceSummary): string {
  if (summary.paymentRequired && summary.paymentAmountMinor > 0)
    return `costs ${formatMoney(summary.paymentAmountMinor, summary.currency)} more`;
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
    ...(target.roomAvailabilityId !== null
      ? { items: booking.items.map((item) => ({ ...item, availability_id: target.roomAvailabilityId as number })) }
      : {}),
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

/** A conflict with the booking's state: what a service answers when a status does not allow the step (409 or 422 in practice). */
const isStateRefusal = (error: unknown): error is ServiceError =>
  error instanceof ServiceError && (error.status === 409 || error.status === 422);

/** Cancel, and changes of dates or rooms (preview, then confirm). */
export function createChanges(context: EngineContext, locks: ReturnType<typeof createBookingLocks>, holds: Holds) {
  const { ledger } = context;

  /**
   * A cancel or change the service refused as a conflict with the booking (409 or 422). The booking
   * is read back first: the ledger may be behind (cancelled elsewhere, changed at another counter),
   * and then the read explains the refusal. Only a cancel refused in the very status the service
   * still shows is learnt as not cancellable, and never a confirmed status (a Paid booking may be
   * refused for reasons of its own). The agent reads the service's reason either way.
   */
  async function refusedInStatus(error: unknown, booking: BookingRecord, action: 'cancel' | 'change'): Promise<unknown> {
    if (!isStateRefusal(error)) return error;
    const read = await context.readBack(booking);
    const rules = context.rulesOf(booking);
    const shown = read?.status ?? booking.status;
    if (read) {
      // The row as it is after the refused write was recorded (its version moved on with it).
      const current = context.bookingOf(booking.id);
      const found = patchFromRead(current, read, rules);
      if (found)
        context.changed(
          ledger.applyRead(current.id, current.version, found.patch, { type: 'status', summary: found.summary }) ??
            context.bookingOf(current.id),
        );
    }
    const learnt = action === 'cancel' && read !== null && read.status === booking.status && !isConfirmedStatus(shown, rules);
    if (learnt) context.learn(booking, 'notCancellable', true);
    const said = serviceSays(error.serviceMessage);
    return new AppError(
      action === 'cancel' ? 'cancel_refused' : 'change_refused',
      `The service refused to ${action} this booking${read ? `, which it shows as ${shown}` : ''}${said ? `: “${said}”` : ` (service code ${error.serviceCode ?? 'none'}, HTTP ${error.status ?? '–'})`}. Nothing was changed.`,
      learnt
        ? `Packdesk no longer offers to cancel bookings in status ${shown} on this profile; Settings → the profile → Statuses of this service changes that.`
        : 'The booking on screen is as the service shows it now; check it before trying again.',
    );
  }

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
        patch: {
          status: read.status,
          pendingModification: null,
          nextCheckAt: null,
          attention: fromReconciler
            ? 'The cancellation’s answer was lost; the service shows the booking cancelled. Tell the traveler.'
            : null,
        },
        event: { type: 'reconciled', summary: 'The cancellation’s answer was lost; the service shows the booking Cancelled.' },
      });
      return { settled: true, booking: updated };
    }
    if (!doubtOver(context, intent, readStartedAt)) return { settled: false };
    const updated = ledger.finishWrite(intent.id, 'not_cancelled', {
      patch: {
        attention: fromReconciler
          ? `A cancellation whose answer was lost did not go through: the service shows the booking still ${read.status}. Cancel it again if the traveler still wants to.`
          : null,
      },
      event: {
        type: 'reconciled',
        summary: `The cancellation’s answer was lost; the service shows the booking still ${read.status}: it was not cancelled.`,
      },
    });
    return {
      settled: true,
      booking: updated,
      refusal: new AppError(
        'cancel_not_made',
        `The service shows the booking still ${read.status}: the cancellation did not go through.`,
        'Cancel again if the traveler still wants to.',
      ),
    };
  }

  /**
   * Settles a change whose answer was lost. The booking is read back (and, where the service does
   * not show the stay, the same change previewed again) until the ledger matches the service.
   */
  async function settleModification(intent: OpenIntent, fromReconciler: boolean): Promise<Settlement> {
    const booking = context.bookingOf(intent.bookingId as number);
    const detail = intent.detail as unknown as ModificationDetail;
    if (!('target' in intent.detail)) {
      // Journaled by a Packdesk before schema 4, with the changes only: what they were meant to make cannot be checked.
      const updated = ledger.finishWrite(intent.id, 'unknown_earlier_version', {
        patch: {
          attention:
            'A change was being sent when Packdesk was updated, and its answer was lost. This version cannot tell from the service whether it was made: check the booking’s dates and room with the service before telling the traveler.',
        },
        event: {
          type: 'reconciled',
          summary: 'A change sent by an earlier Packdesk lost its answer; whether it was made cannot be checked.',
        },
      });
      return { settled: true, booking: updated };
    }
    const readStartedAt = context.now();
    const read = await context.readBack(booking);
    if (!read) return { settled: false };
    let shown = changeShown(read, detail.target);
    if (shown === null) {
      try {
        const again = (await context.clientOf(booking).previewModification(context.serviceIdOf(booking), detail.changes)).data.price_summary
          .net_price_diff;
        // The same change previewed on a changed booking costs nothing; on an unchanged one, what it cost before.
        if (detail.expectedDiff !== 0 && again === 0) shown = true;
        else if (detail.expectedDiff !== 0 && again === detail.expectedDiff) shown = false;
      } catch (error) {
        if (!(error instanceof ServiceError) || error.mayHaveReachedService || error.kind === 'rate_limit') return { settled: false };
      }
    }
    if (shown) {
      const updated = ledger.finishWrite(intent.id, 'reconciled_changed', {
        patch: {
          ...stayAfterChange(booking, detail.target, detail.totalBefore + detail.expectedDiff, read),
          status: read.status,
          pendingModification: null,
          attention: fromReconciler
            ? `The change’s answer was lost; the service shows it made (${detail.target.checkIn} to ${detail.target.checkOut}). Tell the traveler.`
            : null,
        },
        event: {
          type: 'reconciled',
          summary: `The change’s answer was lost; the service shows it made: ${detail.target.checkIn} to ${detail.target.checkOut}.`,
        },
      });
      return { settled: true, booking: updated };
    }
    if (!doubtOver(context, intent, readStartedAt)) return { settled: false };
    if (shown === false) {
      const waitingForPayment =
        detail.expectedDiff > 0
          ? ' A change that costs more may be waiting for payment at a link Packdesk never received: if the service refuses a new change as waiting for payment, ask its support for the link.'
          : '';
      const updated = ledger.finishWrite(intent.id, 'not_changed', {
        patch: {
          attention:
            fromReconciler || waitingForPayment
              ? `A change whose answer was lost was not made: the service shows the booking unchanged.${waitingForPayment}`
              : null,
        },
        event: { type: 'reconciled', summary: 'The change’s answer was lost; the service shows the booking unchanged.' },
      });
      return {
        settled: true,
        booking: updated,
        refusal: new AppError(
          'change_not_made',
          'The service shows the booking unchanged: the change did not go through.',
          'Preview the change again and confirm it if the traveler still wants it.',
        ),
      };
    }
    // Neither the booking nor a preview can tell (a change that costs nothing, on a service that does not show the stay).
    const updated = ledger.finishWrite(intent.id, 'unknown', {
      patch: {
        attention: `A change’s answer was lost and the service cannot show whether it was made (${detail.target.checkIn} to ${detail.target.checkOut}, no difference in price). Check the booking’s dates and room with the service’s support before telling the traveler.`,
      },
      event: { type: 'reconciled', summary: 'The change’s answer was lost; the service cannot show whether it was made.' },
    });
    return { settled: true, booking: updated };
  }

  /**
   * Whether the service shows a change as made: the booking read back where it shows the stay, else
   * the same change previewed again (on a changed booking it costs nothing more). Null: cannot tell yet.
   */
  async function changeLanded(booking: BookingRecord, detail: ModificationDetail, read: ServiceBooking): Promise<boolean | null> {
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

  /** How long a change the agent marked (abandoned, or paid where the service cannot show it) is still watched. */
  const HIDDEN_WATCH_MS = 7 * 86_400_000;

  /**
   * Looks for a change under watch having landed, after a read of the booking: one waiting for the
   * traveler's payment, or one the agent marked abandoned whose link was paid after all. Then the
   * ledger takes the new stay and total, and the voucher with it. Returns the row as it is now.
   */
  async function checkPendingChange(booking: BookingRecord, read: ServiceBooking): Promise<BookingRecord | null> {
    const watched = ledger.watchedChange(booking.id);
    if (!watched) {
      // A change kept before its request was (an older ledger): done once the service shows the stay changed.
      const pending = booking.pendingModification;
      const stay = stayFromRead(read);
      const shownChanged =
        stay.checkIn !== undefined &&
        (stay.checkIn !== booking.checkIn ||
          stay.checkOut !== booking.checkOut ||
          (stay.totalMinor !== undefined && stay.totalMinor !== booking.totalMinor));
      if (!pending || !shownChanged) return null;
      return ledger.applyRead(
        booking.id,
        booking.version,
        { ...stay, pendingModification: null },
        { type: 'modified', summary: `Change ${pending.reference} paid and made: the service shows ${stay.checkIn} to ${stay.checkOut}.` },
      );
    }
    const detail = watched.request as unknown as ModificationDetail;
    const reference = watched.reference ?? 'waiting for payment';
    const landed = await changeLanded(booking, detail, read);
    const hiddenSince = watched.markedPaidAt ?? watched.abandonedAt;
    if (landed === false && watched.markedPaidAt) {
      return ledger.applyRead(
        booking.id,
        booking.version,
        {
          watchedChange: null,
          attention: `Change ${reference} was marked paid by the agent, but the service shows it not made (previewing it again still costs more). The dates and total on this booking may be wrong: check with the traveler and the service.`,
        },
        {
          type: 'modification_contradicted',
          summary: `The service shows change ${reference} not made, although the agent marked it paid.`,
        },
      );
    }
    if (landed !== true) {
      if (hiddenSince && context.now() - Date.parse(hiddenSince) > HIDDEN_WATCH_MS) {
        return ledger.applyRead(
          booking.id,
          booking.version,
          { watchedChange: null },
          {
            type: 'modification_watch_ended',
            summary: `Packdesk stopped watching change ${reference}: a week passed and the service never showed whether it was paid.`,
          },
        );
      }
      return null;
    }
    const paid = watched.amountMinor !== null ? `, ${formatMoney(watched.amountMinor, booking.currency)} paid` : '';
    const stay = `${detail.target.checkIn} to ${detail.target.checkOut}`;
    return ledger.applyRead(
      booking.id,
      booking.version,
      {
        ...stayAfterChange(booking, detail.target, detail.totalBefore + detail.expectedDiff, read),
        pendingModification: null,
        watchedChange: null,
      },
      {
        type: 'modified',
        summary: watched.markedPaidAt
          ? `The service now shows change ${reference}, marked paid by the agent, made: ${stay}.`
          : watched.abandonedAt
            ? `Change ${reference}, marked abandoned, was paid by the traveler after all and made: ${stay}${paid}. Tell the traveler the new dates.`
            : `Change ${reference} paid by the traveler and made: ${stay}${paid}.`,
      },
    );
  }

  return {
    previewChange,
    settleCancel,
    settleModification,
    checkPendingChange,

    /** Whether a booking has a change under watch that is not shown (marked abandoned or paid by the agent). */
    watchingHidden: (bookingId: number) => {
      const watched = ledger.watchedChange(bookingId);
      return Boolean(watched?.abandonedAt ?? watched?.markedPaidAt);
    },

    /**
     * The agent's word on a change waiting for payment. "Abandoned" hides it and keeps watching,
     * since the link can still be paid. "Paid" is checked with the service first: shown made, the
     * service's view is taken; shown unpaid, it is refused; where the service cannot show it, the
     * agent's word is recorded as such and the booking keeps being read.
     */
    async resolvePendingChange(bookingId: number, outcome: 'paid' | 'abandoned', note: string): Promise<BookingRecord> {
      return locks.run(bookingId, async () => {
        const booking = context.bookingOf(bookingId);
        const pending = booking.pendingModification;
        if (!pending)
          throw new AppError(
            'no_change_waiting',
            'No change of this booking is waiting for payment.',
            'Refresh the booking to see it as it is now.',
          );
        const watched = ledger.watchedChange(bookingId);
        const said = note.trim() ? ` Note: ${note.trim()}` : '';
        if (outcome === 'abandoned') {
          const stillWatched = watched
            ? {
                ...watched,
                reference: pending.reference,
                paymentLink: pending.paymentLink,
                abandonedAt: new Date(context.now()).toISOString(),
              }
            : null;
          return context.changed(
            ledger.update(
              bookingId,
              { pendingModification: null, watchedChange: stillWatched, nextCheckAt: stillWatched ? context.now() : null },
              {
                type: 'modification_abandoned',
                summary: `Change ${pending.reference} marked abandoned by the agent: the booking keeps its dates and room. If the traveler pays its link after all, Packdesk sees it and updates the booking.${said}`,
              },
            ),
          );
        }
        context.requireOnline();
        const read = await context.readBack(booking);
        const detail = watched?.request as unknown as ModificationDetail | undefined;
        const landed = read && detail ? await changeLanded(booking, detail, read) : null;
        if (landed === false) {
          throw new AppError(
            'change_not_paid',
            `The service still shows change ${pending.reference} unpaid: previewing it again still costs ${pending.amountMinor !== null ? formatMoney(pending.amountMinor, booking.currency) : 'more'}. Nothing was recorded.`,
            'Ask the traveler to finish paying at the link; Packdesk sees the payment by itself.',
          );
        }
        if (landed === true && read) {
          const made = await checkPendingChange(context.bookingOf(bookingId), read);
          if (made)
            return context.changed(
              ledger.update(
                bookingId,
                {},
                {
                  type: 'modification_marked_paid',
                  summary: `The agent marked change ${pending.reference} paid; the service shows it made.${said}`,
                },
              ),
            );
        }
        const stay = detail ? stayAfterChange(booking, detail.target, detail.totalBefore + detail.expectedDiff, null) : {};
        const stillWatched = watched
          ? {
              ...watched,
              reference: pending.reference,
              paymentLink: pending.paymentLink,
              markedPaidAt: new Date(context.now()).toISOString(),
            }
          : null;
        return context.changed(
          ledger.update(
            bookingId,
            // Still watched: the service's own view confirms the agent's word, or contradicts it, when it can show it.
            { ...stay, pendingModification: null, watchedChange: stillWatched, nextCheckAt: context.now() },
            {
              type: 'modification_marked_paid',
              summary: `Change ${pending.reference} marked paid by the agent${detail ? `: ${detail.target.checkIn} to ${detail.target.checkOut}` : ''}. The service cannot show whether it was paid: this is the agent’s word.${said}`,
            },
          ),
        );
      });
    },

    async cancel(bookingId: number, reason: string): Promise<BookingRecord> {
      return locks.run(bookingId, async () => {
        context.requireOnline();
        const booking = context.bookingOf(bookingId);
        if (booking.status === 'Cancelled')
          throw new AppError('already_cancelled', 'This booking is already cancelled.', 'Nothing more to do.');
        const client = context.clientOf(booking);
        let result;
        try {
          result = await journaledWrite(context, {
            operation: 'cancel',
            bookingId,
            detail: { reason },
            send: () => client.cancel(context.serviceIdOf(booking), reason),
            whileUnknown:
              'Cancellation not confirmed yet: its answer was lost, and Packdesk is checking with the service. Do not cancel again.',
          });
        } catch (error) {
          throw await refusedInStatus(error, booking, 'cancel');
        }
        if (result.kind === 'lost') {
          const settlement = await context.settleOnce(result.intent.id, () => settleCancel(result.intent, false));
          if (!settlement.settled) throw notConfirmedYet('the booking was cancelled');
          if (settlement.refusal) throw settlement.refusal;
          return context.changed(settlement.booking ?? context.bookingOf(bookingId));
        }
        const status = result.answer.status;
        context.learn(booking, 'notCancellable', false);
        const updated = ledger.finishWrite(result.intentId, 'cancelled', {
          patch: {
            status,
            attention: null,
            pendingModification: null,
            nextCheckAt: isFinalStatus(status, context.rulesOf(booking)) ? null : context.now(),
          },
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
            seen
              ? `The booking changed since this price was shown. The change now ${priceInWords(fresh)}.`
              : `The price of this change was not shown yet: it ${priceInWords(fresh)}.`,
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
        const whileUnknown =
          'Change not confirmed yet: its answer was lost, and Packdesk is checking with the service whether the dates or room changed. Do not send it again.';
        let result;
        try {
          result = await journaledWrite(context, {
            operation: 'modification',
            bookingId: booking.id,
            detail: { ...detail },
            send: () => client.confirmModification(context.serviceIdOf(booking), changes),
            whileUnknown,
          });
        } catch (error) {
          throw await refusedInStatus(error, booking, 'change');
        }
        previews.delete(keyOf(change));
        const answer = result.kind === 'answered' ? result.answer : null;
        const known =
          answer !== null &&
          ((answer.status === 'payment_required' && answer.payment_link && answer.modification_reference) || answer.status === 'completed');
        if (result.kind === 'lost' || !known) {
          // An answer the spec does not describe says nothing certain: the booking is checked as after a lost answer.
          const intent = result.kind === 'lost' ? result.intent : ledger.answerLost(result.intentId, context.now(), whileUnknown);
          const settlement = await context.settleOnce(intent.id, () => settleModification(intent, false));
          if (!settlement.settled) throw notConfirmedYet('the change was made');
          if (settlement.refusal) throw settlement.refusal;
          return context.changed(settlement.booking ?? context.bookingOf(booking.id));
        }
        context.learn(booking, 'modifiable', true);
        if (answer.status === 'payment_required' && answer.payment_link && answer.modification_reference) {
          const pending: PendingChange = {
            reference: answer.modification_reference,
            paymentLink: answer.payment_link,
            amountMinor: preview.paymentAmountMinor,
            checkIn: target.checkIn,
            checkOut: target.checkOut,
            propertyName: target.propertyName,
            requestedAt: new Date(context.now()).toISOString(),
            request: { ...detail },
          };
          const updated = ledger.finishWrite(result.intentId, 'payment_required', {
            patch: { pendingModification: pending, nextCheckAt: context.now() },
            event: {
              type: 'modification_payment_required',
              summary: `Change ${answer.modification_reference} (${target.checkIn} to ${target.checkOut}) costs ${formatMoney(preview.paymentAmountMinor, preview.currency)} more; waiting for the traveler to pay it at its payment link.`,
            },
          });
          return context.changed(updated ?? context.bookingOf(booking.id));
        }
        // The service's own view of the changed stay, where it shows one (new offers, new total).
        const read = await context.readBack(booking);
        const updated = ledger.finishWrite(result.intentId, 'completed', {
          patch: {
            ...stayAfterChange(booking, target, booking.totalMinor + preview.netPriceDiffMinor, read),
            status: read?.status ?? answer.booking?.status ?? booking.status,
            pendingModification: null,
          },
          event: {
            type: 'modified',
            summary:
              preview.refundAmountMinor > 0
                ? `Changed; ${formatMoney(preview.refundAmountMinor, preview.currency)} refunded automatically.`
                : 'Changed at no extra cost.',
          },
        });
        return context.changed(updated ?? context.bookingOf(booking.id));
      });
    },
  };
}

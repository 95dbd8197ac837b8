import { defineMessages } from '../../../shared/i18n/messages';
import type { BookingRecord, ChangeRequest, PriceSummary } from '../../../shared/bookings';
import { CHANGE_AWAITING_PAYMENT } from '../../../shared/awaited-change';
import { changeAwaitingPaymentElsewhere } from '../agency/awaited-change';
import { AppError } from '../app-error';
import { ServiceError } from '../api/service-errors';
import { readDetail } from '../ledger/intent-details';
import type { ChangeTarget, ModificationDetail } from '../ledger/intent-details';
import type { OpenIntent, PendingChange } from '../ledger/ledger';
import { attentionWords, eventWords, NO_ATTENTION } from '../ledger/ledger-words';
import type { createBookingLocks } from './booking-locks';
import { changeShown, changesFor, priceValues, stayAfterChange } from './change-target';
import { notConfirmedYet } from './engine-context';
import type { EngineContext } from './engine-context';
import type { Pricing } from './pricing';
import { doubtOver, journaledWrite, settleUnreadable } from './journaled-write';
import { refusedInStatus } from './refusals';
import type { Settlement } from './settlement';

/** Days are written as the service gives them (YYYY-MM-DD); amounts in the reader's locale. */
const lines = defineMessages({
  earlierVersion: {
    id: 'attention.change.earlierVersion',
    defaultMessage:
      'A change was being sent when Packdesk was updated, and its answer was lost. This version cannot tell from the service whether it was made: check the booking’s dates and room with the service before telling the traveler.',
  },
  earlierVersionLine: {
    id: 'timeline.change.earlierVersion',
    defaultMessage: 'A change sent by an earlier Packdesk lost its answer; whether it was made cannot be checked.',
  },
  lostMade: {
    id: 'attention.change.lostMade',
    defaultMessage: 'The change’s answer was lost; the service shows it made ({checkIn} to {checkOut}). Tell the traveler.',
  },
  lostMadeLine: {
    id: 'timeline.change.lostMade',
    defaultMessage: 'The change’s answer was lost; the service shows it made: {checkIn} to {checkOut}.',
  },
  lostNotMade: {
    id: 'attention.change.lostNotMade',
    defaultMessage:
      'A change whose answer was lost was not made: the service shows the booking unchanged.{costsMore, select, yes { A change that costs more may be waiting for payment at a link Packdesk never received: if the service refuses a new change as waiting for payment, ask its support for the link.} other {}}',
  },
  lostNotMadeLine: {
    id: 'timeline.change.lostNotMade',
    defaultMessage: 'The change’s answer was lost; the service shows the booking unchanged.',
  },
  lostUnknown: {
    id: 'attention.change.lostUnknown',
    defaultMessage:
      'A change’s answer was lost and the service cannot show whether it was made ({checkIn} to {checkOut}, no difference in price). Check the booking’s dates and room with the service’s support before telling the traveler.',
  },
  lostUnknownLine: {
    id: 'timeline.change.lostUnknown',
    defaultMessage: 'The change’s answer was lost; the service cannot show whether it was made.',
  },
  whileUnknown: {
    id: 'attention.change.notConfirmedYet',
    defaultMessage:
      'Change not confirmed yet: its answer was lost, and Packdesk is checking with the service whether the dates or room changed. Do not send it again.',
  },
  paymentRequired: {
    id: 'timeline.change.paymentRequired',
    defaultMessage:
      'Change {reference} ({checkIn} to {checkOut}) costs {amount} more; waiting for the traveler to pay it at its payment link.',
  },
  refunded: { id: 'timeline.change.refunded', defaultMessage: 'Changed; {amount} refunded automatically.' },
  noExtraCost: { id: 'timeline.change.noExtraCost', defaultMessage: 'Changed at no extra cost.' },
});

/** A change's stay as its words take it. */
const stayOf = (target: { checkIn: string; checkOut: string }) => ({ checkIn: target.checkIn, checkOut: target.checkOut });

const words = defineMessages({
  changeNotMade: {
    id: 'error.changes.changeNotMade.message',
    defaultMessage: 'The service shows the booking unchanged: the change did not go through.',
  },
  changeNotMadeHint: {
    id: 'error.changes.changeNotMade.hint',
    defaultMessage: 'Preview the change again and confirm it if the traveler still wants it.',
  },
  bookingChanged: {
    id: 'error.changes.previewOutdated.message',
    defaultMessage:
      'The booking changed since this price was shown. The change now {price, select, more {costs {amount} more} refund {refunds {amount}} other {costs nothing more}}.',
  },
  notShownYet: {
    id: 'error.changes.previewNotShown.message',
    defaultMessage:
      'The price of this change was not shown yet: it {price, select, more {costs {amount} more} refund {refunds {amount}} other {costs nothing more}}.',
  },
  previewOutdatedHint: {
    id: 'error.changes.previewOutdated.hint',
    defaultMessage: 'Tell the traveler the price shown now, then confirm again.',
  },
});

/** Changes of dates or rooms: preview, then confirm; and settling a change whose answer was lost. */
export function createChanges(context: EngineContext, locks: ReturnType<typeof createBookingLocks>, pricing: Pricing) {
  const { ledger } = context;

  /** A preview belongs to the booking's version it was made on. */
  const previews = new Map<string, { version: number; summary: PriceSummary }>();
  const keyOf = (change: ChangeRequest) => JSON.stringify(change);

  async function previewChange(change: ChangeRequest): Promise<PriceSummary> {
    const booking = context.bookingOf(change.bookingId);
    // The price of a second change would be the traveler's second payment for the same stay.
    if (booking.inFlight === CHANGE_AWAITING_PAYMENT) throw changeAwaitingPaymentElsewhere();
    if (change.room) pricing.quoteFor(change.room.availabilityId);
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

  /**
   * Settles a change whose answer was lost. The booking is read back (and, where the service does
   * not show the stay, the same change previewed again) until the ledger matches the service.
   */
  async function settleModification(intent: OpenIntent, fromReconciler: boolean): Promise<Settlement> {
    const booking = context.bookingOf(intent.bookingId as number);
    const detail = readDetail('modification', intent.detail);
    if (!detail) return settleUnreadable(context, intent);
    if ('kind' in detail) {
      // Journaled by a Packdesk before schema 4, with the changes only: what they were meant to make cannot be checked.
      const updated = ledger.finishWrite(intent.id, 'unknown_earlier_version', {
        patch: attentionWords(lines.earlierVersion),
        event: { type: 'reconciled', ...eventWords(lines.earlierVersionLine) },
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
        stamp: 'changed',
        patch: {
          ...stayAfterChange(booking, detail.target, detail.totalBefore + detail.expectedDiff, read),
          status: read.status,
          pendingModification: null,
          ...(fromReconciler ? attentionWords(lines.lostMade, stayOf(detail.target)) : NO_ATTENTION),
        },
        event: { type: 'reconciled', ...eventWords(lines.lostMadeLine, stayOf(detail.target)) },
      });
      return { settled: true, booking: updated };
    }
    if (!doubtOver(context, intent, readStartedAt)) return { settled: false };
    if (shown === false) {
      const waitingForPayment = detail.expectedDiff > 0;
      const updated = ledger.finishWrite(intent.id, 'not_changed', {
        patch:
          fromReconciler || waitingForPayment
            ? attentionWords(lines.lostNotMade, { costsMore: waitingForPayment ? 'yes' : 'no' })
            : NO_ATTENTION,
        event: { type: 'reconciled', ...eventWords(lines.lostNotMadeLine) },
      });
      return {
        settled: true,
        booking: updated,
        refusal: new AppError('change_not_made', { message: words.changeNotMade }, { message: words.changeNotMadeHint }),
      };
    }
    // Neither the booking nor a preview can tell (a change that costs nothing, on a service that does not show the stay).
    const updated = ledger.finishWrite(intent.id, 'unknown', {
      patch: attentionWords(lines.lostUnknown, stayOf(detail.target)),
      event: { type: 'reconciled', ...eventWords(lines.lostUnknownLine) },
    });
    return { settled: true, booking: updated };
  }

  /** The preview of this change on the booking's current version, as the service priced it; null when there is none. */
  function currentPreview(change: ChangeRequest): { version: number; summary: PriceSummary } | null {
    const seen = previews.get(keyOf(change));
    const booking = ledger.get(change.bookingId);
    return seen && booking && seen.version === booking.version ? seen : null;
  }

  return {
    previewChange,
    settleModification,

    /**
     * The difference in price (minor units, a charge above zero, a refund below) of this change as main
     * previewed it on the booking's current version; null when it was not previewed there (confirming it then previews again).
     */
    previewedDifference: (change: ChangeRequest): number | null => currentPreview(change)?.summary.netPriceDiffMinor ?? null,

    /**
     * Confirms a change previewed on this very version of the booking; otherwise previews again and says the new price first.
     * The preview is the one there when the call came (the one its approval was decided on): another made meanwhile is a new price.
     */
    async confirmChange(change: ChangeRequest): Promise<BookingRecord> {
      const previewAtCall = currentPreview(change);
      return locks.run(change.bookingId, async () => {
        context.requireOnline();
        const booking = context.bookingOf(change.bookingId);
        const current = previews.get(keyOf(change));
        // Only the preview there when the call came counts: one made while it waited for the lock is a price nobody approved yet.
        const seen = previewAtCall !== null && current === previewAtCall ? previewAtCall : null;
        if (!seen || seen.version !== booking.version) {
          const fresh = await previewChange(change);
          throw new AppError(
            'preview_outdated',
            { message: current ? words.bookingChanged : words.notShownYet, values: priceValues(fresh) },
            { message: words.previewOutdatedHint },
          );
        }
        const room = change.room ? pricing.quoteFor(change.room.availabilityId) : null;
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
        const whileUnknown = attentionWords(lines.whileUnknown);
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
          throw await refusedInStatus(context, error, booking, 'change');
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
          if (!settlement.settled) throw notConfirmedYet('change');
          if (settlement.refusal) throw settlement.refusal;
          return settlement.booking ?? context.bookingOf(booking.id);
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
            stamp: 'changed',
            // The agent sees this answer with the traveler: a flag left by an earlier write asks nothing more of them.
            patch: { pendingModification: pending, nextCheckAt: context.now(), ...NO_ATTENTION },
            event: {
              type: 'modification_payment_required',
              ...eventWords(lines.paymentRequired, {
                reference: answer.modification_reference,
                ...stayOf(target),
                amount: { minor: preview.paymentAmountMinor, currency: preview.currency },
              }),
            },
          });
          return updated ?? context.bookingOf(booking.id);
        }
        // The service's own view of the changed stay, where it shows one (new offers, new total).
        const read = await context.readBack(booking);
        const updated = ledger.finishWrite(result.intentId, 'completed', {
          stamp: 'changed',
          patch: {
            ...stayAfterChange(booking, target, booking.totalMinor + preview.netPriceDiffMinor, read),
            status: read?.status ?? answer.booking?.status ?? booking.status,
            pendingModification: null,
            ...NO_ATTENTION,
          },
          event: {
            type: 'modified',
            ...(preview.refundAmountMinor > 0
              ? eventWords(lines.refunded, { amount: { minor: preview.refundAmountMinor, currency: preview.currency } })
              : eventWords(lines.noExtraCost)),
          },
        });
        return updated ?? context.bookingOf(booking.id);
      });
    },
  };
}

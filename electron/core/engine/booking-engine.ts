import type { BookingRecord, StayRequest } from '../../../shared/bookings';
import { defineMessages } from '../../../shared/i18n/messages';
import type { OpenIntent } from '../ledger/ledger';
import { eventWords, NO_ATTENTION } from '../ledger/ledger-words';
import type { createBookingLocks } from './booking-locks';
import { needsFollowing, patchFromRead } from './booking-reads';
import { createCancellation } from './cancellation';
import { createChanges } from './changes';
import type { EngineContext } from './engine-context';
import { createCatalog } from './catalog';
import { createHolds } from './holds';
import { createPendingChanges } from './pending-changes';
import { createPrebook } from './prebook';
import { createPricing } from './pricing';
import { settleBook } from './payments/settle-book';
import type { Settlement } from './settlement';

const lines = defineMessages({
  acknowledged: { id: 'timeline.booking.acknowledged', defaultMessage: 'The agent checked the reconciled booking.' },
});

/** How long a traveler may stand at the desk paying a change, and how often Packdesk looks meanwhile. */
const DESK_EVERY_TICK_MS = 10 * 60_000;
const DESK_WAIT_MS = 30 * 60_000;
const DESK_CHECK_MS = 2_000;

/**
 * The booking flows but payment (payment-pipeline.ts), on the service client and the counter's
 * ledger, and the reconciliation of every write whose answer was lost.
 */
export function createBookingEngine(context: EngineContext, locks: ReturnType<typeof createBookingLocks>) {
  const { ledger } = context;
  const catalog = createCatalog(context);
  const pricing = createPricing(context, catalog);
  const holds = createHolds(context, pricing);
  const prebook = createPrebook(context, holds);
  const cancellation = createCancellation(context, locks);
  const changes = createChanges(context, locks, pricing);
  const pendingChanges = createPendingChanges(context, locks);
  /** One look at the service for an open write, on behalf of the reconciler (the agent is told through the booking). */
  function settleIntent(intent: OpenIntent): Promise<Settlement> {
    return context.settleOnce(intent.id, async () => {
      const settlement =
        intent.operation === 'prebook'
          ? await prebook.settlePrebook(intent, true)
          : intent.operation === 'book'
            ? await settleBook(context, intent, true)
            : intent.operation === 'cancel'
              ? await cancellation.settleCancel(intent, true)
              : await changes.settleModification(intent, true);
      return settlement;
    });
  }

  /**
   * A change the traveler is paying at the desk (a QR code on screen) is looked at on every tick
   * for its first ten minutes and every few seconds until half an hour, so the agent sees it land
   * at once; after that, at the usual backoff.
   */
  function paceOf(booking: BookingRecord): { within?: number } {
    const since = booking.pendingModification?.requestedAt;
    const waited = since ? context.now() - Date.parse(since) : Number.POSITIVE_INFINITY;
    if (waited <= DESK_EVERY_TICK_MS) return { within: 0 };
    if (waited <= DESK_WAIT_MS) return { within: DESK_CHECK_MS };
    return {};
  }

  /** Reads a booking and applies what the service shows, unless a write of ours changed the row meanwhile. */
  async function follow(row: BookingRecord): Promise<{ booking: BookingRecord; following: boolean }> {
    const profile = context.profileOf(row);
    const read = await context.deps.clientFor(profile).getBooking(context.serviceIdOf(row));
    const rules = profile.statusRules;
    // A status another counter claimed is no ending until the service shows it: the read may move the row out of it.
    const found = patchFromRead(row, read.data, rules, context.deps.claimedByPeer?.(row.id) ?? false);
    let current = row;
    if (found) {
      const applied = ledger.applyRead(row.id, row.version, found.patch, { type: 'status', summary: found.summary, words: found.words });
      // A newer write got there first: this read is stale; the row is read again soon.
      if (!applied) return { booking: context.bookingOf(row.id), following: true };
      current = applied;
    }
    context.deps.onServiceRead?.(row.id);
    let landed = false;
    if (current.pendingModification || pendingChanges.watchingHidden(current.id)) {
      const made = await pendingChanges.checkPendingChange(current, read.data);
      if (made) {
        current = made;
        landed = true;
      }
    }
    // A change seen landing by its preview was read before it landed: the status the service shows now comes at the next tick.
    const pace = landed ? { within: 0 } : paceOf(current);
    return { booking: current, following: landed || needsFollowing(current, rules) || pendingChanges.watchingHidden(current.id), ...pace };
  }

  return {
    search: (title: string) => catalog.search(context.deps.activeProfile(), title),
    price: (stay: StayRequest) => pricing.price(context.deps.activeProfile(), stay),
    startHold: holds.startHold,
    profileOfHold: holds.profileOfHold,
    prebook: prebook.prebook,
    cancel: cancellation.cancel,
    previewChange: changes.previewChange,
    confirmChange: changes.confirmChange,
    previewedDifference: changes.previewedDifference,
    resolvePendingChange: pendingChanges.resolvePendingChange,
    settleIntent,
    follow,

    /** Reads the booking at the service and records any change. */
    async refresh(bookingId: number): Promise<BookingRecord> {
      return (await follow(context.bookingOf(bookingId))).booking;
    },

    /** One look at every write left open (at start-up, or in a test); returns the bookings that settled. */
    async reconcileOpenIntents(): Promise<BookingRecord[]> {
      const touched: BookingRecord[] = [];
      for (const intent of ledger.openIntents()) {
        try {
          const settlement = await settleIntent(intent);
          if (settlement.settled && settlement.booking) touched.push(settlement.booking);
        } catch {
          // Still unreachable: the intent stays open and the reconciler tries again.
        }
      }
      return touched;
    },

    /** The agent has seen the warning on a reconciled booking. */
    acknowledge(bookingId: number): BookingRecord {
      context.bookingOf(bookingId);
      return ledger.update(bookingId, NO_ATTENTION, { type: 'acknowledged', ...eventWords(lines.acknowledged) });
    },
  };
}

export type BookingEngine = ReturnType<typeof createBookingEngine>;

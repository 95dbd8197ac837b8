import type { Core } from '../../../electron/core/core';
import type { BookingRecord } from '../../../shared/bookings';
import type { SeenOperation } from '../attention-seen';
import type { FollowUpOrder } from './counter-protocol';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The booking as this counter's ledger has it, once it has it (a sale at another counter arrives through the agency). */
async function bookingHere(core: Core, serviceBookingId: number, waitMs: number): Promise<BookingRecord | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const found = core.ledger.findByServiceId(1, serviceBookingId);
    if (found || Date.now() >= deadline) return found;
    await sleep(50);
  }
}

/** Waits (briefly) for the booking to be Paid here: an agent changes the dates of a paid booking. */
async function paidHere(core: Core, bookingId: number, waitMs: number): Promise<BookingRecord | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const booking = core.ledger.get(bookingId);
    if (!booking || booking.status === 'Paid' || Date.now() >= deadline) return booking;
    await sleep(50);
  }
}

/**
 * A traveler's follow-up made at this counter, as its agent would: on the booking as this counter
 * shows it, nothing done when it already shows what was asked. Says what happened in a word:
 * `done`, `done_paid` (a dearer change, paid at its link), `already`, `not_here`, `not_paid`, or
 * `refused:<code>` for what the agent was told instead. A write whose outcome the call returned goes to `saw`.
 */
export async function followUp(core: Core, order: FollowUpOrder, saw: (row: number, operation: SeenOperation) => void): Promise<string> {
  const found = await bookingHere(core, order.serviceBookingId, 5_000);
  if (!found) return 'not_here';
  try {
    if (order.kind === 'cancel') {
      if (found.status === 'Cancelled') return 'already';
      await core.engine.cancel(found.id, 'Traveler changed plans');
      saw(found.id, 'cancel');
      return 'done';
    }
    const booking = await paidHere(core, found.id, 3_000);
    if (!booking) return 'not_here';
    if (booking.checkIn === order.checkIn && booking.checkOut === order.checkOut) return 'already';
    if (booking.status !== 'Paid') return 'not_paid';
    const change = { bookingId: booking.id, dates: { checkIn: order.checkIn, checkOut: order.checkOut } };
    await core.engine.previewChange(change);
    const changed = await core.engine.confirmChange(change);
    saw(booking.id, 'modification');
    const link = changed.pendingModification?.paymentLink;
    if (!link) return 'done';
    // The traveler pays the difference at the link the service gave.
    await fetch(link, { method: 'POST' });
    return 'done_paid';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return `refused:${typeof code === 'string' ? code : String(error)}`;
  }
}

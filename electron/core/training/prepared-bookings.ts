import { defineMessages } from '../../../shared/i18n/messages';
import type { AvailableQuote, BookingRecord } from '../../../shared/bookings';
import { AppError } from '../app-error';
import type { BookingEngine } from '../engine/booking-engine';
import type { Ledger } from '../ledger/ledger';
import type { PaymentPipeline } from '../engine/payments/payment-pipeline';
import type { Exercise } from './exercises';
import { shiftDate } from './exercises';

const words = defineMessages({
  notPaidInTime: {
    id: 'error.training.notPaidInTime.message',
    defaultMessage: 'The booking prepared for this exercise did not reach Paid in time.',
  },
  notPaidInTimeHint: {
    id: 'error.training.notPaidInTime.hint',
    defaultMessage: 'Turn every scenario off (All back to normal) and start the exercise again.',
  },
  noLisbon: { id: 'error.training.noLisbon.message', defaultMessage: 'The training catalog has no Lisbon package.' },
  noLisbonHint: { id: 'error.training.noLisbon.hint', defaultMessage: 'Start a fresh training day.' },
  noStay: { id: 'error.training.noStay.message', defaultMessage: 'No stay could be found to prepare this exercise.' },
  startAgain: { id: 'error.training.startAgain.hint', defaultMessage: 'Start the exercise again.' },
  noNumber: {
    id: 'error.training.noNumber.message',
    defaultMessage: 'The booking prepared for this exercise has no number at the service.',
  },
});

export interface PreparedBooking {
  serviceBookingId: number;
  checkIn: string;
  checkOut: string;
}

interface PrepareDeps {
  engine: BookingEngine;
  payments: PaymentPipeline;
  ledger: Ledger;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The next Wednesday at least `days` from today: its two nights cost less than the Friday and Saturday two days later. */
function wednesdayFrom(days: number): string {
  const start = new Date(Date.now() + days * DAY_MS);
  const toWednesday = (3 - start.getUTCDay() + 7) % 7;
  return isoDay(start.getTime() + toWednesday * DAY_MS);
}

/** Waits for the reconciler to see the supplier's answer: the trainee meets a booking that is Paid, as a traveler's would be. */
async function untilPaid(ledger: Ledger, bookingId: number, timeoutMs = 30_000): Promise<BookingRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const booking = ledger.get(bookingId);
    if (booking?.status === 'Paid') return booking;
    if (Date.now() > deadline)
      throw new AppError('exercise_not_ready', { message: words.notPaidInTime }, { message: words.notPaidInTimeHint });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Makes, through the counter's own engine, the booking a task starts from: Paid, for the exercise's
 * traveler; for 'later-costs-more', two nights from a Wednesday, so the same stay two days later costs more.
 */
export async function prepareBooking(
  deps: PrepareDeps,
  exercise: Exercise,
  kind: 'paid-booking' | 'later-costs-more',
): Promise<PreparedBooking> {
  const [pkg] = await deps.engine.search('Lisbon');
  const property = pkg?.properties[0];
  if (!pkg || !property) throw new AppError('exercise_not_ready', { message: words.noLisbon }, { message: words.noLisbonHint });
  const stayFrom = async (checkIn: string, nights: number): Promise<AvailableQuote | null> => {
    const quote = await deps.engine.price({
      packageId: pkg.id,
      packageTitle: pkg.title,
      propertyId: property.id,
      propertyName: property.name,
      checkIn,
      checkOut: shiftDate(checkIn, nights),
      adults: 2,
    });
    return quote.available ? quote : null;
  };

  let chosen: AvailableQuote | null = null;
  for (let week = 0; week < 20 && !chosen; week += 1) {
    const checkIn = kind === 'later-costs-more' ? wednesdayFrom(30 + week * 7) : isoDay(Date.now() + (30 + week) * DAY_MS);
    const stay = await stayFrom(checkIn, kind === 'later-costs-more' ? 2 : 3);
    if (!stay) continue;
    if (kind === 'later-costs-more') {
      const later = await stayFrom(shiftDate(checkIn, 2), 2);
      if (!later || later.totalMinor <= stay.totalMinor) continue;
    }
    chosen = stay;
  }
  if (!chosen) throw new AppError('exercise_not_ready', { message: words.noStay }, { message: words.startAgain });

  const hold = await deps.engine.startHold(chosen, [40, 42]);
  const held = await deps.engine.prebook(hold.holdId, exercise.traveler);
  await deps.payments.pay(held.id, { paymentMethodId: 'pm_card_visa' });
  const paid = await untilPaid(deps.ledger, held.id);
  if (paid.serviceBookingId === null) throw new AppError('exercise_not_ready', { message: words.noNumber }, { message: words.startAgain });
  return { serviceBookingId: paid.serviceBookingId, checkIn: paid.checkIn, checkOut: paid.checkOut };
}

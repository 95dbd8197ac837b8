import type { Core } from '../../electron/core/core';
import type { BookingRecord } from '../../shared/bookings';

/** Dates some days later where the same stay costs less (or more). */
async function shiftedDates(counter: Core, booking: BookingRecord, cheaper: boolean) {
  for (let days = 1; days < 150; days += 1) {
    const shift = (date: string) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
    const quote = await counter.engine.price({ ...booking, checkIn: shift(booking.checkIn), checkOut: shift(booking.checkOut) });
    if (quote.available && (cheaper ? quote.totalMinor < booking.totalMinor : quote.totalMinor > booking.totalMinor))
      return { checkIn: quote.checkIn, checkOut: quote.checkOut };
  }
  throw new Error('no such dates');
}

/** A change of dates confirmed through the engine: cheaper (refunded at once) or dearer (waiting for the traveler's payment). */
export async function changed(counter: Core, booking: BookingRecord, cheaper: boolean): Promise<BookingRecord> {
  const change = { bookingId: booking.id, dates: await shiftedDates(counter, booking, cheaper) };
  await counter.engine.previewChange(change);
  return counter.engine.confirmChange(change);
}

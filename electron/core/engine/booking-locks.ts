import { AppError } from '../app-error';

/** One write at a time per booking: a double click or a second window is refused, never sent. */
export function createBookingLocks() {
  const busy = new Set<number>();
  return {
    async run<T>(bookingId: number, work: () => Promise<T>): Promise<T> {
      if (busy.has(bookingId)) {
        throw new AppError(
          'booking_busy',
          'Packdesk is already sending a change for this booking.',
          'Wait for it to finish; the booking updates by itself.',
        );
      }
      busy.add(bookingId);
      try {
        return await work();
      } finally {
        busy.delete(bookingId);
      }
    },
  };
}

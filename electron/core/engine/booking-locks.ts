import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';

const words = defineMessages({
  busy: { id: 'error.booking.busy.message', defaultMessage: 'Packdesk is already sending a change for this booking.' },
  busyHint: { id: 'error.booking.busy.hint', defaultMessage: 'Wait for it to finish; the booking updates by itself.' },
});

/** One write at a time per booking: a double click or a second window is refused, never sent. */
export function createBookingLocks() {
  const busy = new Set<number>();
  return {
    async run<T>(bookingId: number, work: () => Promise<T>): Promise<T> {
      if (busy.has(bookingId)) {
        throw new AppError('booking_busy', { message: words.busy }, { message: words.busyHint });
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

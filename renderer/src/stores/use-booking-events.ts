import { useEffect } from 'react';
import { call } from '../bridge';
import { useBookings } from './bookings-store';
import { useNewBooking } from './new-booking-store';

/** Keeps the open booking flow and the history list current as the main process reports status changes. */
export function useBookingEvents(): void {
  useEffect(() => {
    let reloadTimer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = window.packdesk.on('event:booking-change', ({ bookingId }) => {
      if (useNewBooking.getState().booking?.id === bookingId) {
        call('history:get', { bookingId })
          .then(({ booking }) => useNewBooking.getState().bookingChanged(booking))
          .catch(() => undefined);
      }
      if (reloadTimer) clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => void useBookings.getState().reload(), 300);
    });
    const unsubscribeProgress = window.packdesk.on('event:payment-progress', ({ bookingId, step }) => useNewBooking.getState().paymentProgress(bookingId, step));
    return () => {
      unsubscribe();
      unsubscribeProgress();
      if (reloadTimer) clearTimeout(reloadTimer);
    };
  }, []);
}

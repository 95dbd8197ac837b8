import { useEffect } from 'react';
import { useBookings } from './bookings-store';
import { useNewBooking } from './new-booking-store';

/** Keeps the open booking flow and the history list current from the main process's events, which carry the booking itself. */
export function useBookingEvents(): void {
  useEffect(() => {
    const unsubscribe = window.packdesk.on('event:booking-change', ({ booking }) => {
      useNewBooking.getState().bookingChanged(booking);
      useBookings.getState().bookingChanged(booking);
    });
    const unsubscribeProgress = window.packdesk.on('event:payment-progress', ({ bookingId, step }) =>
      useNewBooking.getState().paymentProgress(bookingId, step),
    );
    return () => {
      unsubscribe();
      unsubscribeProgress();
    };
  }, []);
}

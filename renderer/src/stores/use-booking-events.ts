import { useEffect } from 'react';
import { subscribe } from '../bridge';
import { useBookings } from './bookings-store';
import { useNewBooking } from './new-booking-store';

/** Keeps the open booking flow and the history list current from the main process's events, which carry the booking itself. */
export function useBookingEvents(): void {
  useEffect(() => {
    const unsubscribe = subscribe('event:booking-change', ({ booking }) => {
      useNewBooking.getState().bookingChanged(booking);
      useBookings.getState().bookingChanged(booking);
    });
    const unsubscribeProgress = subscribe('event:payment-progress', ({ bookingId, step }) =>
      useNewBooking.getState().paymentProgress(bookingId, step),
    );
    return () => {
      unsubscribe();
      unsubscribeProgress();
    };
  }, []);
}

import { useAppStore } from '../stores/app-store';
import { BookingDetail } from './bookings/BookingDetail';
import { BookingList } from './bookings/BookingList';

/** Everything sold at this counter: the list, or one booking. */
export function BookingsScreen() {
  const openBookingId = useAppStore((state) => state.openBookingId);
  return openBookingId === null ? <BookingList /> : <BookingDetail bookingId={openBookingId} />;
}

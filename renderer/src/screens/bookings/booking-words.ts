import { defineMessages } from '../../../../shared/i18n/messages';

/** Words several parts of the bookings screen write the same way: a booking's package and hotel. */
export const BOOKING_WORDS = defineMessages({
  packageAndHotel: { id: 'bookings.booking.packageAndHotel', defaultMessage: '{package} · {hotel}' },
});

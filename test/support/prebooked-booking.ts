import type { Ledger, LedgerEvent } from '../../electron/core/ledger/ledger';
import type { NewBooking } from '../../electron/core/ledger/ledger-rows';
import type { BookingRecord } from '../../shared/bookings';

/** The stay of every booking written here: two nights at the Alfama Palace for one adult, the same in the request, quote and row. */
const STAY = {
  packageId: 1,
  packageTitle: 'Lisbon City Break',
  propertyId: 101,
  propertyName: 'Hotel Alfama Palace',
  checkIn: '2027-01-10',
  checkOut: '2027-01-12',
  adults: 1,
};
const ITEMS = [{ availability_id: 7, paxes: [{ age: 30 }] }];

/**
 * A booking written to a ledger as the engine's prebook writes it, without a service: the intent
 * (the request sent and its quote) in one commit, then the service's answer as a new row. `row`
 * gives what differs between bookings; `event` is the timeline line written with the row, if any.
 */
export function writePrebookedBooking(
  ledger: Ledger,
  row: { surname: string } & Pick<NewBooking, 'profileKind' | 'serviceBookingId' | 'clientReference' | 'status' | 'nextCheckAt'>,
  event?: LedgerEvent,
): BookingRecord {
  const { surname, ...differs } = row;
  const holder = { name: 'Ana', surname, email: 'ana@example.com' };
  const { intentId } = ledger.beginWrite('prebook', null, {
    profileId: 1,
    request: {
      package_id: STAY.packageId,
      inventory_item_id: STAY.propertyId,
      prebook_token: 'pbt_test',
      check_in: STAY.checkIn,
      check_out: STAY.checkOut,
      holder,
      items: ITEMS,
    },
    quote: { available: true, ...STAY, availabilityId: 7, totalMinor: 19_000, currency: 'EUR', nights: 2, perNightMinor: 9_500 },
    paxAges: [30],
  });
  const made = ledger.finishWrite(intentId, 'held', {
    insert: {
      profileId: 1,
      ...STAY,
      holder,
      paxAges: [30],
      items: ITEMS,
      totalMinor: 19_000,
      currency: 'EUR',
      bookingReference: null,
      ...differs,
    },
    ...(event ? { event } : {}),
  });
  if (!made) throw new Error('writePrebookedBooking: the ledger made no booking of the prebook');
  return made;
}

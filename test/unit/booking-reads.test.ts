import { describe, expect, test } from 'vitest';
import type { BookingRecord } from '../../shared/bookings';
import { needsFollowing, patchFromRead } from '../../electron/core/engine/booking-reads';

const row = (status: string, extra: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 1,
  profileId: 1,
  profileKind: 'training',
  serviceBookingId: 7,
  packageId: 1,
  packageTitle: 'Lisbon',
  propertyId: 101,
  propertyName: 'Alfama',
  checkIn: '2027-01-10',
  checkOut: '2027-01-12',
  adults: 2,
  holder: { name: 'Ana', surname: 'Silva', email: 'ana@example.com' },
  paxAges: [30, 31],
  items: [{ availability_id: 3, paxes: [{ age: 30 }, { age: 31 }] }],
  totalMinor: 1000,
  currency: 'EUR',
  clientReference: 'PD-X-1',
  bookingReference: 'PKD1',
  status,
  pendingModification: null,
  attention: null,
  inFlight: null,
  version: 1,
  createdAt: '',
  updatedAt: '',
  ...extra,
});

describe('what a read may change', () => {
  test.each([
    ['Cancelled', 'Paid'],
    ['Cancelled', 'Pending'],
    ['Failed', 'Confirming'],
    ['Paid', 'Confirming'],
    ['Paid', 'Pending'],
    ['Booked', 'Pending'],
  ])('a %s booking never goes back to %s', (from, read) => {
    expect(patchFromRead(row(from), { id: 7, status: read, booking_reference: 'PKD1' })).toBeNull();
  });

  test.each([
    ['Pending', 'Confirming'],
    ['Booked', 'Confirming'],
    ['Confirming', 'Paid'],
    ['Paid', 'Cancelled'],
    ['Confirming', 'Failed'],
  ])('%s moves on to %s', (from, read) => {
    expect(patchFromRead(row(from), { id: 7, status: read, booking_reference: 'PKD1' })?.patch).toEqual({ status: read });
  });

  test('the stay the service shows replaces the ledger’s, and a change waiting for payment is done once it shows', () => {
    const found = patchFromRead(row('Paid', { pendingModification: { reference: 'MOD1', paymentLink: 'http://x' } }), { id: 7, status: 'Paid', booking_reference: 'PKD1', check_in: '2027-02-01', check_out: '2027-02-04', total_price_cents: 1500 });
    expect(found?.patch).toEqual({ checkIn: '2027-02-01', checkOut: '2027-02-04', totalMinor: 1500, pendingModification: null });
  });

  test('who is followed: the service may still move it', () => {
    expect(needsFollowing(row('Confirming'))).toBe(true);
    expect(needsFollowing(row('SomethingNew'))).toBe(true);
    expect(needsFollowing(row('Paid', { pendingModification: { reference: 'MOD1', paymentLink: 'x' } }))).toBe(true);
    expect(needsFollowing(row('Paid'))).toBe(false);
    expect(needsFollowing(row('Pending'))).toBe(false);
    expect(needsFollowing(row('Cancelled'))).toBe(false);
  });
});

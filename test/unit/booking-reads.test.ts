import { describe, expect, test } from 'vitest';
import type { BookingRecord } from '../../shared/bookings';
import { needsFollowing, patchFromRead } from '../../electron/core/engine/booking-reads';
import { SPEC_STATUS_RULES, TRAINING_STATUS_RULES } from '../../shared/status-rules';

const rules = TRAINING_STATUS_RULES;

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
  paymentIntentId: null,
  attention: null,
  attentionWords: null,
  inFlight: null,
  originCounter: null,
  madeBy: null,
  madeAtCounter: null,
  changedBy: null,
  changedApprover: null,
  changedAtCounter: null,
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
    ['Paid', 'Pending'],
  ])('a paid-for %s booking never goes back to %s', (from, read) => {
    expect(patchFromRead(row(from), { id: 7, status: read, booking_reference: 'PKD1' }, rules)).toBeNull();
  });

  test.each([
    ['Pending', 'Confirming'],
    ['Confirming', 'Paid'],
    ['Paid', 'Cancelled'],
    ['Confirming', 'Failed'],
    // Statuses the rules do not name are taken as the service shows them, in any order.
    ['Paid', 'ChangePending'],
    ['ChangePending', 'Paid'],
    ['Pending', 'AwaitingAuthentication'],
  ])('%s moves on to %s', (from, read) => {
    expect(patchFromRead(row(from), { id: 7, status: read, booking_reference: 'PKD1' }, rules)?.patch).toEqual({ status: read });
  });

  test('a status is final only where the profile’s rules say so', () => {
    expect(patchFromRead(row('Failed'), { id: 7, status: 'Paid', booking_reference: 'PKD1' }, SPEC_STATUS_RULES)?.patch).toEqual({
      status: 'Paid',
    });
    expect(patchFromRead(row('Failed'), { id: 7, status: 'Paid', booking_reference: 'PKD1' }, TRAINING_STATUS_RULES)).toBeNull();
  });

  test('the stay the service shows replaces the ledger’s', () => {
    const found = patchFromRead(
      row('Paid'),
      { id: 7, status: 'Paid', booking_reference: 'PKD1', check_in: '2027-02-01', check_out: '2027-02-04', total_price_cents: 1500 },
      rules,
    );
    expect(found?.patch).toEqual({ checkIn: '2027-02-01', checkOut: '2027-02-04', totalMinor: 1500 });
  });

  test('who is followed: a paid-for booking the service may still move', () => {
    expect(needsFollowing(row('Confirming'), rules)).toBe(true);
    expect(needsFollowing(row('SomethingNew'), rules)).toBe(true);
    // A service that keeps Pending until the supplier confirms: paid for, so followed.
    expect(needsFollowing(row('Pending'), rules)).toBe(true);
    expect(
      needsFollowing(
        row('Paid', {
          pendingModification: {
            reference: 'MOD1',
            paymentLink: 'x',
            amountMinor: 100,
            checkIn: null,
            checkOut: null,
            propertyName: null,
            requestedAt: null,
          },
        }),
        rules,
      ),
    ).toBe(true);
    expect(needsFollowing(row('Paid'), rules)).toBe(false);
    expect(needsFollowing(row('Pending', { bookingReference: null }), rules)).toBe(false);
    expect(needsFollowing(row('AwaitingAuthentication', { bookingReference: null }), rules)).toBe(false);
    expect(needsFollowing(row('Cancelled'), rules)).toBe(false);
    expect(needsFollowing(row('Failed'), TRAINING_STATUS_RULES)).toBe(false);
    expect(needsFollowing(row('Failed'), SPEC_STATUS_RULES)).toBe(true);
  });
});

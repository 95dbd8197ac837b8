import { describe, expect, test } from 'vitest';
import type { KeptBooking, KeptCopy, ServiceBooking, ServiceRecords } from '../../bench/soak/agency/agency-copies';
import { compareCopies } from '../../bench/soak/agency/compare-agency';

// The agency soak's three-way comparison on copies made by hand: each kind of divergence it counts is
// counted once, where it is, and copies that agree count nothing.

const sold: ServiceBooking = {
  sale: 'Soak Desk1 life0 try1',
  serviceId: 100_001,
  status: 'Cancelled',
  checkIn: '2027-03-01',
  checkOut: '2027-03-04',
  totalMinor: 30_000,
  currency: 'EUR',
  authorizations: 1,
  modifications: 0,
};
const kept = (booking: ServiceBooking, key: string): KeptBooking => ({
  sale: booking.sale,
  serviceId: booking.serviceId,
  status: booking.status,
  checkIn: booking.checkIn,
  checkOut: booking.checkOut,
  totalMinor: booking.totalMinor,
  currency: booking.currency,
  key,
  attention: null,
});
const copy = (where: string, bookings: KeptBooking[], events: [string, string[]][] = []): KeptCopy => ({
  where,
  bookings,
  events: new Map(events),
});
const service = (...bookings: ServiceBooking[]): ServiceRecords => ({ bookings, modificationsChargedTwice: 0 });
const nothingLeft = new Map<string, number>();

describe('the agency soak compares every copy', () => {
  test('copies that agree count nothing', () => {
    const row = kept(sold, 'c1/1');
    const line: [string, string[]] = ['c1/1', ['1 cancelled Cancelled: Traveler changed plans']];
    const { figures, examples } = compareCopies(
      service(sold),
      copy('the agency', [row], [line]),
      [copy('Desk 1', [row], [line]), copy('Desk 2', [row], [line])],
      new Map(),
      nothingLeft,
    );
    expect(Object.values(figures).every((value) => value === 0)).toBe(true);
    expect(examples).toEqual([]);
  });

  test('a late Paid that overwrote a cancellation at the agency and at one desk: wrong at the agency, and at the desk that kept the cancellation', () => {
    const late = { ...kept(sold, 'c1/1'), status: 'Paid' };
    const { figures, examples } = compareCopies(
      service(sold),
      copy('the agency', [late]),
      [copy('Desk 1', [kept(sold, 'c1/1')]), copy('Desk 2', [late])],
      new Map(),
      nothingLeft,
    );
    expect(figures).toMatchObject({ wrongStatus: 2, wrongAtAgency: 1, wrongAtDesks: 1, wrongDates: 0, wrongTotal: 0 });
    expect(examples).toContain('wrongStatus: the agency\'s c1/1 ("Soak Desk1 life0 try1") is Paid, the service Cancelled');
    expect(examples).toContain('wrongStatus: Desk 1\'s c1/1 ("Soak Desk1 life0 try1") is Cancelled, the agency Paid');
  });

  test('a charged booking with no agency row is lost and an orphan hold; a row naming another sale or an unknown booking is a phantom', () => {
    const other: ServiceBooking = { ...sold, sale: 'Soak Desk2 life0 try1', serviceId: 100_002, authorizations: 0 };
    const { figures } = compareCopies(
      service(sold, other),
      copy('the agency', [
        { ...kept(other, 'c2/1'), sale: 'Soak Desk2 life0 try9' },
        { ...kept(other, 'c2/2'), serviceId: 999 },
      ]),
      [],
      new Map(),
      nothingLeft,
    );
    expect(figures).toMatchObject({ lost: 1, orphanHolds: 2, phantomRows: 2 });
  });

  test('one sale held twice, a change made twice, a booking authorized twice', () => {
    const twice = { ...sold, serviceId: 100_003, authorizations: 2, modifications: 2 };
    const { figures } = compareCopies(
      service(sold, twice),
      copy('the agency', [kept(sold, 'c1/1'), kept(twice, 'c1/2')]),
      [],
      new Map([[twice.serviceId, 1]]),
      nothingLeft,
    );
    expect(figures).toMatchObject({ duplicateRows: 1, doubleCharged: 1, doubleWritten: 1 });
  });

  test('a desk lacking a booking or a timeline line, a row the agency never took, an outbox not empty: changes never applied', () => {
    const row = kept(sold, 'c1/1');
    const unshared = { ...kept({ ...sold, sale: 'Soak Desk2 life0 try2', serviceId: 100_004 }, 'c2/9') };
    const { figures } = compareCopies(
      service(sold, { ...sold, sale: 'Soak Desk2 life0 try2', serviceId: 100_004 }),
      copy('the agency', [row], [['c1/1', ['1 status Status is now Paid.']]]),
      [copy('Desk 1', [row]), copy('Desk 2', [unshared])],
      new Map(),
      new Map([['Desk 1', 3]]),
    );
    // Desk 1: the line, and 3 in its outbox; Desk 2: lacks c1/1 and the line, and its c2/9 never reached the agency.
    expect(figures.changesNotApplied).toBe(1 + 3 + 1 + 1 + 1);
  });
});

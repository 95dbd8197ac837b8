import { describe, expect, test } from 'vitest';
import type { BookingRecord } from '../../shared/bookings';
import { openDatabase } from '../../electron/core/database';
import { createLedger } from '../../electron/core/ledger/ledger';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import { writePrebookedBooking } from '../support/prebooked-booking';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir();

/** A ledger file whose every change notice is kept, as the screens would receive it. */
function watchedLedger() {
  const told: BookingRecord[] = [];
  const ledger = createLedger(openDatabase(`${tempDir()}/ledger.db`, ledgerMigrations), undefined, (booking) => told.push(booking));
  const made = writePrebookedBooking(ledger, {
    surname: 'Silva',
    profileKind: 'training',
    serviceBookingId: 500,
    clientReference: 'PD-TEST-000001',
    status: 'Booked',
  });
  return { ledger, told, made };
}

describe('the ledger tells of every booking it changes', () => {
  test('a new booking, its write in flight, the outcome and a read: each told once, as committed', () => {
    const { ledger, told, made } = watchedLedger();
    expect(told.map((booking) => booking.status)).toEqual(['Booked']);

    const { intentId } = ledger.beginWrite('book', made.id, { method: 'card', clientReference: null, paymentIntentId: null });
    expect(told.at(-1)).toMatchObject({ id: made.id, inFlight: 'book' });

    ledger.finishWrite(intentId, 'booked', { patch: { bookingReference: 'BK-1' } });
    expect(told.at(-1)).toMatchObject({ id: made.id, inFlight: null, bookingReference: 'BK-1' });

    const current = ledger.get(made.id) as BookingRecord;
    ledger.applyRead(made.id, current.version, { status: 'Paid' });
    expect(told.at(-1)).toEqual(ledger.get(made.id));
    expect(told.map((booking) => booking.status)).toEqual(['Booked', 'Booked', 'Booked', 'Paid']);
  });

  test('a lost answer marks the booking, and the agent’s own change is told too', () => {
    const { ledger, told, made } = watchedLedger();
    const { intentId } = ledger.beginWrite('cancel', made.id, { reason: 'Traveler changed plans' });
    ledger.answerLost(intentId, Date.now(), 'Cancellation not confirmed yet');
    expect(told.at(-1)).toMatchObject({ id: made.id, attention: 'Cancellation not confirmed yet' });
    ledger.update(made.id, { attention: null });
    expect(told.at(-1)).toMatchObject({ id: made.id, attention: null });
  });

  test('what the screens cannot see is not told: a read that lost the race, a new schedule', () => {
    const { ledger, told, made } = watchedLedger();
    const before = told.length;
    expect(ledger.applyRead(made.id, made.version - 1, { status: 'Paid' })).toBeNull();
    ledger.scheduleCheck(made.id, made.version, Date.now() + 60_000, 60_000);
    expect(told).toHaveLength(before);
    expect(ledger.get(made.id)?.status).toBe('Booked');
  });
});

import type { BookingRecord } from '../../../shared/bookings';
import type { AppError } from '../app-error';

/**
 * Where a write with a lost answer stands after one look at the service: still in doubt, or settled
 * (its booking as recorded, and the refusal when the service showed that nothing was done).
 */
export type Settlement = { settled: false } | { settled: true; booking: BookingRecord | null; refusal?: AppError };

import type { DatabaseSync } from 'node:sqlite';
import { ApiError } from './api-error';
import { BodyTooLarge } from './http';

/** Wall-clock milliseconds with a fraction: two writes a millisecond apart still show their order. */
export const preciseNow = () => performance.timeOrigin + performance.now();

/**
 * The service's own log of write requests (write_requests), kept while the control logWrites is on: when
 * each came in, when the service was done with it, and what became of it (the HTTP status of its answer,
 * 'dropped' for a lost answer, or the reason it was refused). A soak judges overlapping writes by it.
 */
export function createWriteLog(db: DatabaseSync) {
  const insert = db.prepare('INSERT INTO write_requests (operation, booking_id, received_at, done_at, outcome) VALUES (?, ?, ?, ?, ?)');
  return {
    /** Runs a write request's work (`path` without the API prefix), then logs it, whatever its outcome. */
    async around(path: string, receivedAt: number, work: () => Promise<string>): Promise<void> {
      let outcome = 'internal';
      try {
        outcome = await work();
      } catch (error) {
        outcome = error instanceof ApiError ? error.reason : error instanceof BodyTooLarge ? 'payload_too_large' : 'internal';
        throw error;
      } finally {
        const bookingId = /^\/bookings\/(\d+)\//.exec(path)?.[1];
        try {
          insert.run(
            path.slice(path.lastIndexOf('/') + 1),
            bookingId === undefined ? null : Number(bookingId),
            receivedAt,
            preciseNow(),
            outcome,
          );
        } catch {
          // The log is a test's judge; it must never take the service down (a write still out when the service closes).
        }
      }
    },
  };
}

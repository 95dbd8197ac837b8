import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { callApi, pendingBooking, useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const sandbox = useSandbox();
const tempDir = useTempDir('packdesk-write-log-');

type Logged = { operation: string; booking_id: number | null; received_at: number; done_at: number; outcome: string };

describe('the service’s own log of write requests (control logWrites, a soak’s judge)', () => {
  test('with logWrites on, each write is kept with when it came and when the service was done with it; off, nothing is', async () => {
    const dataFile = join(tempDir(), 'service.db');
    const service = await sandbox({ dataFile, controls: { supplierDelayMs: 50, logWrites: true } });
    const { bookingId } = await pendingBooking(service);
    // A cancel held at the service for 300 ms, and a second one sent while it is still there: they overlap.
    await fetch(`${service.url}/sandbox/faults`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ kind: 'delay', path: '/cancel$', delayMs: 300 }]),
    });
    const cancel = () =>
      callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, { cancellation_reason: 'Traveler changed plans' });
    const first = cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await cancel();
    // The second lands first; the held one then finds the booking cancelled.
    expect([(await first).status, second.status]).toEqual([409, 200]);
    service.controls.update({ logWrites: false });
    await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: 'pm_card_visa' });
    await service.close();

    const db = new DatabaseSync(dataFile, { readOnly: true });
    const rows = db
      .prepare('SELECT operation, booking_id, received_at, done_at, outcome FROM write_requests ORDER BY id')
      .all() as Logged[];
    db.close();
    expect(rows.map(({ operation, booking_id, outcome }) => ({ operation, booking_id, outcome }))).toEqual([
      { operation: 'prebook', booking_id: null, outcome: '201' },
      // Done first: the second cancel, while the first was still held; the first is refused when it gets its turn.
      { operation: 'cancel', booking_id: bookingId, outcome: '200' },
      { operation: 'cancel', booking_id: bookingId, outcome: 'already_cancelled' },
    ]);
    const [, done, held] = rows as [Logged, Logged, Logged];
    expect(held.done_at - held.received_at).toBeGreaterThanOrEqual(290);
    expect(done.received_at).toBeGreaterThan(held.received_at);
    expect(done.received_at).toBeLessThan(held.done_at);
  });
});

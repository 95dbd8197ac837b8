import { describe, expect, test } from 'vitest';
import { waitUntil } from '../../support/engine-helpers';
import { converged, countCancels, useCounters } from './counters-helpers';
import { holdAt } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

/** Desk 1's lease on a booking lasts this long unrenewed; it may send again while renewed within the last half. */
const WRITE_LEASE_MS = 2_000;

describe('a write turned away as busy, in an agency', () => {
  const counters = useCounters();

  test.each([
    ['goes again after the wait while the lease is renewed, and the booking is cancelled once', false],
    [
      'is not sent again once the lease could not be renewed (the agency went silent): the agent is told, nothing more reaches the service',
      true,
    ],
  ])('%s', async (_, silent) => {
    const random = seeded(2911);
    const desk1 = await counters.start('Desk 1', {
      throughProxy: true,
      timings: { writeLeaseMs: WRITE_LEASE_MS, queryTimeoutMs: 5_000 },
    });
    const desk2 = await counters.start('Desk 2');
    const sandbox = await counters.service();
    const reached = countCancels(sandbox);
    const booking = await holdAt(desk1, random, 1);
    await converged([desk1, desk2], counters.agency.settings());

    // The service turns the cancel away as busy and asks to come back in 2 s: longer than half the lease.
    sandbox.controls.update({ retryAfterSeconds: 2 });
    sandbox.controls.queueFaults([{ kind: 'rate_limit', path: '/cancel$' }]);
    const cancel = desk1.core.engine.cancel(booking.id, 'Traveler phoned Desk 1');
    await waitUntil(
      () => sandbox.controls.pendingFaults(),
      (left) => left === 0,
    );
    if (silent) desk1.proxy?.cut('silent');

    const serviceId = booking.serviceBookingId as number;
    if (silent) {
      await expect(cancel).rejects.toMatchObject({ kind: 'rate_limit', message: expect.stringContaining('slow down') });
      // The busy answer came before any work; nothing after it reached the service's cancel.
      expect(reached.get(serviceId) ?? 0, 'cancels the service worked on').toBe(0);
      expect(sandbox.service.ledger(serviceId).booking?.status).toBe('Pending');
      expect(desk1.core.ledger.get(booking.id)).toMatchObject({ status: 'Pending', inFlight: null });
    } else {
      expect((await cancel).status).toBe('Cancelled');
      expect(reached.get(serviceId), 'cancels the service worked on').toBe(1);
      expect(sandbox.service.ledger(serviceId).booking?.status).toBe('Cancelled');
    }
  });
});

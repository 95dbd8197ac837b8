import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { heldBooking, useCore, waitUntil } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { useAgencyDatabase } from './agency-test-server';

const FAST = {
  retryDelayMs: { first: 50, max: 500 },
  pollEveryMs: 1_000,
  writeLeaseMs: 3_000,
  trackLeaseMs: 3_000,
  followRemoteAfterMs: 500,
};

describe('counters sharing one agency ledger', () => {
  const agency = useAgencyDatabase();
  const startSandbox = useSandbox();
  const startCore = useCore();

  async function counters(names: string[]): Promise<Core[]> {
    const sandbox = await startSandbox();
    const cores: Core[] = [];
    for (const name of names) {
      const { core } = await startCore(sandbox, { agencyTimings: FAST });
      const { host, port, database, user, tlsMode } = agency.settings();
      await core.agency.connect({ profileId: 1, host, port, database, user, tlsMode, counterName: name });
      cores.push(core);
    }
    return cores;
  }

  test('a booking made at one counter is seen at the others with the counter that made it, and a cancel there reaches it back', async () => {
    const [desk1, desk2, desk3] = await counters(['Desk 1', 'Desk 2', 'Desk 3']);
    if (!desk1 || !desk2 || !desk3) throw new Error('three counters');
    const { booking } = await heldBooking(desk1);
    const seenAt2 = await waitUntil(
      () => desk2.ledger.list({ profileId: 1, query: 'silva' }).rows[0] ?? null,
      (row) => row?.serviceBookingId === booking.serviceBookingId,
    );
    expect(seenAt2?.originCounter).toBe('Desk 1');
    await waitUntil(
      () => desk3.ledger.list({ profileId: 1, query: 'silva' }).rows[0] ?? null,
      (row) => row?.serviceBookingId === booking.serviceBookingId,
    );
    if (!seenAt2) throw new Error('seen');
    const cancelled = await desk2.engine.cancel(seenAt2.id, 'Traveler changed plans');
    expect(cancelled.status).toBe('Cancelled');
    await waitUntil(
      () => desk1.ledger.get(booking.id)?.status,
      (status) => status === 'Cancelled',
    );
    await Promise.all([desk1, desk2, desk3].map((core) => core.shutdown()));
  });
});

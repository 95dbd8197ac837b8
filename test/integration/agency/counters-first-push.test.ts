import { expect, test } from 'vitest';
import { waitUntil } from '../../support/engine-helpers';
import { converged, countCancels, useCounters } from './counters-helpers';
import { holdAt } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

// A booking made at Desk 1 while it was cut off from the agency is written there without a lease: no other
// counter knows it. When the link comes back slow, its first push (the booking as it was) is on its way when
// the agent cancels it; the push lands, and Desk 2, asked for the same cancellation by the traveler, sees the
// booking before Desk 1's cancellation has followed it. Found by the agency soak (a change made twice).

/** Each chunk crosses Desk 1's link this late, each way: a push takes a few of them. */
const LINK_DELAY_MS = 400;

const counters = useCounters();

test('a booking made while cut off and written as its first push is on its way: the other counter does not write it at the same time (one cancellation reaches the service)', async () => {
  const desk1 = await counters.start('Desk 1', { throughProxy: true });
  const desk2 = await counters.start('Desk 2');
  const settings = counters.agency.settings();
  const sandbox = await counters.service();
  const reached = countCancels(sandbox);

  desk1.proxy?.cut('reset');
  await waitUntil(
    () => desk1.core.agency.status().link.kind,
    (kind) => kind === 'unreachable',
  );
  const held = await holdAt(desk1, seeded(1504), 1);
  const serviceId = held.serviceBookingId as number;
  expect(desk1.core.agency.ledger.placeOf(held.id)?.known, 'the agency does not have it yet').toBe(false);

  // The link comes back slow: the booking's first push starts on its way. Each cancellation is held at the service
  // for a moment, as a busy supplier would.
  desk1.proxy?.slow(LINK_DELAY_MS);
  desk1.proxy?.heal();
  await waitUntil(
    () => desk1.proxy?.open() ?? 0,
    (open) => open > 0,
  );
  sandbox.controls.update({ slowRequestRate: 1, slowRequestMs: 1_500 });
  const atDesk1 = desk1.core.engine.cancel(held.id, 'Traveler phoned Desk 1').then(
    (booking) => booking.status,
    (error: unknown) => (error as { code?: string }).code,
  );

  // Desk 2 is asked for the same cancellation as soon as it has the booking.
  // Opening a connection over the slow link takes a dozen crossings before the push itself.
  const copy = await waitUntil(
    () => desk2.core.ledger.findByServiceId(1, serviceId),
    (found) => found !== null,
    30_000,
  );
  const atDesk2 = await desk2.core.engine.cancel(copy?.id ?? -1, 'Traveler phoned Desk 2').then(
    (booking) => booking.status,
    (error: unknown) => (error as { code?: string }).code,
  );
  const outcomes = { 'Desk 1': await atDesk1, 'Desk 2': atDesk2 };
  sandbox.controls.update({ slowRequestRate: 0 });
  desk1.proxy?.slow(0);

  // One desk cancelled it; the other was told another counter is changing it (or that it already is cancelled).
  expect(reached.get(serviceId), `cancellations that reached the service (${JSON.stringify(outcomes)})`).toBe(1);
  expect(Object.values(outcomes)).toContain('Cancelled');
  await converged([desk1, desk2], settings, 30_000);
  await waitUntil(
    () => [desk1, desk2].map((desk) => desk.core.ledger.findByServiceId(1, serviceId)?.status),
    (statuses) => statuses.every((status) => status === 'Cancelled'),
  );
});

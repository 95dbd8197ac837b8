import { describe, expect, test } from 'vitest';
import type { AppError } from '../../../electron/core/app-error';
import { waitUntil } from '../../support/engine-helpers';
import { converged, countCancels, sleep, useCounters } from './counters-helpers';
import { NOTHING_DIVERGES, settledDivergence } from './counters-compare-helpers';
import type { Counter } from './counters-helpers';
import { holdAt } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

/** Desk 1's statements at the agency fail after this long unanswered (the app: 15 s). */
const QUERY_TIMEOUT_MS = 1_500;
/** The silent cut lasts this many query timeouts. */
const OUTAGE_TIMEOUTS = 5;

describe('a counter whose link to the agency goes silent for longer than its query timeout', () => {
  const counters = useCounters();

  const shared = (counter: Counter, serviceBookingId: number | null) => {
    const found = counter.core.ledger.findByServiceId(1, serviceBookingId ?? -1);
    if (!found) throw new Error(`${counter.name} does not have service booking ${serviceBookingId}`);
    return found;
  };

  /** How long `work` took to settle, and how (its value or its error). */
  async function timed<T>(work: Promise<T>): Promise<{ ms: number; value?: T; error?: AppError }> {
    const started = Date.now();
    try {
      const value = await work;
      return { ms: Date.now() - started, value };
    } catch (error) {
      return { ms: Date.now() - started, error: error as AppError };
    }
  }

  test('refuses in words, within about the timeout, a cancel of a booking the others know (nothing reaches the service), still cancels its own new booking, says unreachable throughout, and after the heal pushes, pulls and takes leases again', async () => {
    const random = seeded(1406);
    const desk1 = await counters.start('Desk 1', { throughProxy: true, timings: { queryTimeoutMs: QUERY_TIMEOUT_MS } });
    const desk2 = await counters.start('Desk 2');
    const all = [desk1, desk2];
    const settings = counters.agency.settings();
    const sandbox = await counters.service();
    const reached = countCancels(sandbox);
    const mine = await holdAt(desk1, random, 1);
    const theirs = await holdAt(desk2, random, 2);
    await converged(all, settings);
    const serviceEventsBefore = sandbox.service.ledger(mine.serviceBookingId as number).events.length;

    desk1.proxy?.cut('silent');
    const cutAt = Date.now();
    // At once, before the counter has noticed: Desk 2 has this booking, and Desk 1 cannot know Desk 2 is not
    // cancelling it. Told so in words once the agency has not answered for one timeout; nothing sent.
    const refused = await timed(desk1.core.engine.cancel(mine.id, 'Traveler phoned Desk 1'));
    expect(refused.error).toMatchObject({
      code: 'agency_unreachable',
      message: expect.stringContaining('cannot be reached'),
      hint: expect.stringMatching(/Nothing was sent.*live/),
    });
    expect(refused.ms, 'the refused cancel waited about one query timeout').toBeLessThan(QUERY_TIMEOUT_MS * 1.5);
    expect(reached.get(mine.serviceBookingId as number) ?? 0, 'cancel requests that reached the service').toBe(0);
    const atService = sandbox.service.ledger(mine.serviceBookingId as number);
    expect(atService.booking?.status).toBe('Pending');
    expect(atService.events).toHaveLength(serviceEventsBefore);
    expect(desk1.core.ledger.get(mine.id)?.status).toBe('Pending');

    // Nothing answers: Desk 1 says so once its statements time out.
    await waitUntil(
      () => desk1.core.agency.status().link.kind,
      (kind) => kind === 'unreachable',
      QUERY_TIMEOUT_MS * 4,
    );
    const noticedMs = Date.now() - cutAt;
    // Desk 2's own booking, the same: refused in words, naming where it was made.
    const refusedElsewhere = await timed(desk1.core.engine.cancel(shared(desk1, theirs.serviceBookingId).id, 'Traveler phoned Desk 1'));
    expect(refusedElsewhere.error).toMatchObject({ code: 'agency_booking_elsewhere', message: expect.stringContaining('made at Desk 2') });
    // Known to be unreachable: told at once, not after waiting out another timeout.
    expect(refusedElsewhere.ms, 'the refused cancel while unreachable').toBeLessThan(QUERY_TIMEOUT_MS / 2);
    expect(reached.get(theirs.serviceBookingId as number) ?? 0).toBe(0);

    // A booking made here during the outage is known to no other counter: it can be cancelled.
    const madeSilent = await holdAt(desk1, random, 3);
    const ownCancel = await timed(desk1.core.engine.cancel(madeSilent.id, 'Traveler changed plans'));
    expect(ownCancel.error).toBeUndefined();
    expect(ownCancel.value?.status).toBe('Cancelled');
    expect(reached.get(madeSilent.serviceBookingId as number)).toBe(1);
    // No lease to wait for on a booking nobody else has; at most the push of it that may be on its way (it would tell
    // the others of it) is waited out first, and that fails within a timeout on a silent link.
    expect(ownCancel.ms, 'the cancel of a booking made during the outage').toBeLessThan(QUERY_TIMEOUT_MS * 1.5);

    // Unreachable, every moment of the outage, with the unsent changes counted.
    const kinds = new Set<string>();
    while (Date.now() - cutAt < QUERY_TIMEOUT_MS * OUTAGE_TIMEOUTS) {
      kinds.add(desk1.core.agency.status().link.kind);
      await sleep(50);
    }
    expect([...kinds]).toEqual(['unreachable']);
    expect(desk1.core.agency.status().unsent).toBeGreaterThan(0);

    desk1.proxy?.heal();
    expect(await settledDivergence(all, settings, sandbox)).toEqual(NOTHING_DIVERGES);
    await waitUntil(
      () => desk1.core.agency.status(),
      (status) => status.link.kind === 'live' && status.unsent === 0,
    );
    expect(shared(desk2, madeSilent.serviceBookingId).status).toBe('Cancelled');

    // No connection of Desk 1's pool stays stuck: it takes leases, pushes and pulls again, one write after another.
    const after = await timed(desk1.core.engine.cancel(shared(desk1, theirs.serviceBookingId).id, 'Traveler came to Desk 1'));
    expect(after.error).toBeUndefined();
    expect(after.ms, 'a cancel after the heal').toBeLessThan(QUERY_TIMEOUT_MS);
    expect((await desk1.core.engine.cancel(mine.id, 'Traveler phoned Desk 1 again')).status).toBe('Cancelled');
    const afterHeal = await holdAt(desk1, random, 4);
    const fromDesk2 = await holdAt(desk2, random, 5);
    await converged(all, settings, 5_000);
    expect(shared(desk2, afterHeal.serviceBookingId).originCounter).toBe('Desk 1');
    expect(shared(desk1, fromDesk2.serviceBookingId).originCounter).toBe('Desk 2');
    expect(await settledDivergence(all, settings, sandbox)).toEqual(NOTHING_DIVERGES);
    expect(reached.get(mine.serviceBookingId as number), 'cancel requests for the refused booking, all told').toBe(1);
    expect(reached.get(theirs.serviceBookingId as number)).toBe(1);
    // The connections opened during the cut were given up, not kept waiting: at most the pool's four and the feed's one.
    expect(desk1.proxy?.open()).toBeLessThanOrEqual(5);

    console.info(
      `[silent partition] query timeout ${QUERY_TIMEOUT_MS} ms: status unreachable by ${noticedMs} ms after the cut, refused cancel ${refused.ms} ms at once and ${refusedElsewhere.ms} ms while unreachable, own new booking cancelled in ${ownCancel.ms} ms, a cancel after the heal ${after.ms} ms, ${desk1.proxy?.open()} connections open through the link`,
    );
  });
});

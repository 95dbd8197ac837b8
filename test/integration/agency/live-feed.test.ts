import { describe, expect, test, vi } from 'vitest';
import { startChangeFeed } from '../../../electron/core/agency/change-feed';
import type { AgencyLinkState } from '../../../electron/core/agency/change-feed';
import { pushChanges } from '../../../electron/core/agency/change-log';
import { dropConnections } from '../../support/agency-database';
import { bookingChange, useAgencyDatabase } from './agency-test-server';
import type { TestCounter } from './agency-test-server';

const agency = useAgencyDatabase();
/** Generous: these tests share two cores with the whole suite; what they check is the outcome, not the speed. */
const SOON = { timeout: 10_000, interval: 20 };

/** A counter's feed with its states kept; it never polls on its own in these tests, so only NOTIFY or a reconnect wakes it. */
function follow(counter: TestCounter, options: { pageSize?: number } = {}) {
  const states: AgencyLinkState[] = [];
  const feed = agency.keepFeed(
    startChangeFeed({
      settings: agency.settings(),
      counterId: counter.counterId,
      port: counter.replica,
      onState: (state) => states.push(state),
      pollEveryMs: 3_600_000,
      retryDelayMs: { first: 100, max: 400 },
      ...options,
    }),
  );
  return { feed, states };
}

async function pushBookings(counter: TestCounter, from: number, count: number, batch = 50): Promise<void> {
  for (let start = from; start < from + count; start += batch) {
    const changes = [];
    for (let n = start; n < Math.min(start + batch, from + count); n += 1) {
      changes.push({ counterSeq: n, change: bookingChange(`${counter.name}/${n}`, n) });
    }
    await pushChanges(counter.pool, counter.counterId, changes);
  }
}

describe('the live feed between counters', () => {
  test('a push at one counter wakes the others at once (NOTIFY), and a counter is not sent back its own changes', async () => {
    const [desk1, desk2, desk3] = await Promise.all(['Desk 1', 'Desk 2', 'Desk 3'].map((name) => agency.joinCounter(name)));
    if (!desk1 || !desk2 || !desk3) throw new Error('three desks');
    const followers = [follow(desk1), follow(desk2), follow(desk3)];
    await vi.waitFor(() => expect(followers.map(({ feed }) => feed.state().kind)).toEqual(['live', 'live', 'live']), SOON);

    await pushBookings(desk1, 1, 1);
    // Polling is an hour apart here: only the notification can bring the change within the wait.
    await vi.waitFor(() => {
      expect(desk2.replica.applied().map((entry) => entry.change.bookingKey)).toEqual(['Desk 1/1']);
      expect(desk3.replica.applied().map((entry) => entry.change.bookingKey)).toEqual(['Desk 1/1']);
    }, SOON);
    // Desk 1 was woken too and moved past its own change (at its own pace: it may pull after the others), taking nothing in.
    await vi.waitFor(() => expect(desk1.replica.lastPulledSeq()).toBe(desk2.replica.lastPulledSeq()), SOON);
    expect(desk1.replica.applied()).toEqual([]);
  });

  test('three counters pushing at once while following live each end with every other counter’s change, none skipped', async () => {
    const desks = await Promise.all(['Desk 1', 'Desk 2', 'Desk 3'].map((name) => agency.joinCounter(name)));
    const followers = desks.map((desk) => follow(desk));
    await vi.waitFor(() => expect(followers.map(({ feed }) => feed.state().kind)).toEqual(['live', 'live', 'live']), SOON);

    // Small batches, all desks at once: pulls run while other pushes are in flight.
    await Promise.all(desks.map((desk) => pushBookings(desk, 1, 100, 2)));
    for (const desk of desks) {
      await vi.waitFor(() => expect(desk.replica.applied()).toHaveLength(200), SOON);
      const applied = desk.replica.applied();
      expect(applied.map((entry) => entry.seq)).toEqual(applied.map((entry) => entry.seq).sort((a, b) => a - b));
      expect(applied.some((entry) => entry.counterId === desk.counterId)).toBe(false);
    }
  });

  test('a counter offline for 1,000 changes catches up in the agency’s order, saying how far behind it is', async () => {
    const [desk1, desk2, desk3] = await Promise.all(['Desk 1', 'Desk 2', 'Desk 3'].map((name) => agency.joinCounter(name)));
    if (!desk1 || !desk2 || !desk3) throw new Error('three desks');
    // Desk 3 is away while the two others make 500 changes each, interleaved.
    await Promise.all([pushBookings(desk1, 1, 500), pushBookings(desk2, 1, 500)]);

    const { states } = follow(desk3, { pageSize: 200 });
    await vi.waitFor(() => expect(desk3.replica.applied()).toHaveLength(1_000), SOON);
    const applied = desk3.replica.applied();
    const seqs = applied.map((entry) => entry.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(1_000);
    for (const desk of [desk1, desk2]) {
      const own = applied.filter((entry) => entry.counterId === desk.counterId).map((entry) => entry.counterSeq);
      expect(own).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    }
    expect(states[0]).toEqual({ kind: 'catching-up', behind: 1_000 });
    expect(states).toContainEqual({ kind: 'catching-up', behind: 800 });
    // The last batch is applied a moment before the feed says it is live.
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ kind: 'live' }), SOON);
  });

  test('the server dropping every connection (a restart): counters say unreachable, reconnect, and get what was pushed meanwhile', async () => {
    const [desk1, desk2] = await Promise.all(['Desk 1', 'Desk 2'].map((name) => agency.joinCounter(name)));
    if (!desk1 || !desk2) throw new Error('two desks');
    const { feed, states } = follow(desk2);
    await pushBookings(desk1, 1, 3);
    await vi.waitFor(() => expect(desk2.replica.applied()).toHaveLength(3), SOON);

    expect(await dropConnections(agency.settings().database)).toBeGreaterThan(0);
    await vi.waitFor(() => expect(states).toContainEqual({ kind: 'unreachable', since: expect.any(Date) }), SOON);
    // Desk 1's pool lost its connections too; its next push opens a new one.
    await pushBookings(desk1, 4, 3);
    await vi.waitFor(() => expect(desk2.replica.applied().map((entry) => entry.counterSeq)).toEqual([1, 2, 3, 4, 5, 6]), SOON);
    await vi.waitFor(() => expect(feed.state()).toEqual({ kind: 'live' }), SOON);
  });
});

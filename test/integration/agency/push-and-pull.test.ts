import { describe, expect, test } from 'vitest';
import type { AgencyChange } from '../../../electron/core/agency/agency-change';
import { pullChanges, pushChanges } from '../../../electron/core/agency/change-log';
import { isUnreadable } from '../../../electron/core/agency/change-log';
import type { PulledChange, PulledEntry } from '../../../electron/core/agency/change-log';
import { queryAgency } from '../../support/agency-server';
import { bookingChange, useAgencyDatabase } from './agency-test-server';

const agency = useAgencyDatabase();

/** The whole log as a counter pulls it; every change in these tests is one a counter can read. */
async function pullAll(counter: { pool: Parameters<typeof pullChanges>[0] }, pageSize = 100): Promise<PulledChange[]> {
  const all: PulledEntry[] = [];
  for (;;) {
    const page = await pullChanges(counter.pool, all.at(-1)?.seq ?? 0, pageSize);
    if (page.length === 0) break;
    all.push(...page);
  }
  const unreadable = all.filter(isUnreadable);
  if (unreadable.length) throw new Error(`unreadable changes in the log: ${JSON.stringify(unreadable)}`);
  return all as PulledChange[];
}

describe('the agency change log on PostgreSQL', () => {
  test('a push repeated after a lost answer applies each change once, and the record holds the latest state', async () => {
    const desk = await agency.joinCounter('Desk 1');
    const key = `${desk.counterId}/1`;
    const changes = [
      { counterSeq: 1, change: bookingChange(key, 1, 'Pending') },
      { counterSeq: 2, change: { ...bookingChange(key, 1, 'Paid'), revision: 2 } },
      {
        counterSeq: 3,
        change: { kind: 'event', bookingKey: key, at: '2027-01-05T10:01:00.000Z', type: 'paid', summary: 'Paid by card' } as const,
      },
    ];

    expect(await pushChanges(desk.pool, desk.counterId, changes)).toEqual({ applied: 3, alreadyThere: 0 });
    // The same outbox sent again (the first answer was lost), and again with one more change behind it.
    expect(await pushChanges(desk.pool, desk.counterId, changes)).toEqual({ applied: 0, alreadyThere: 3 });
    const cancelled = { counterSeq: 4, change: { ...bookingChange(key, 1, 'Cancelled'), revision: 3 } };
    expect(await pushChanges(desk.pool, desk.counterId, [...changes, cancelled])).toEqual({ applied: 1, alreadyThere: 3 });

    const log = await pullAll(desk);
    expect(log.map((entry) => [entry.counterSeq, entry.change.kind])).toEqual([
      [1, 'booking'],
      [2, 'booking'],
      [3, 'event'],
      [4, 'booking'],
    ]);
    expect(log.every((entry) => entry.counterName === 'Desk 1')).toBe(true);
    const record = await queryAgency<{ status: string; origin: string; events: string }>(
      agency.settings(),
      `SELECT b.status, n.name AS origin, (SELECT string_agg(summary, ',') FROM agency_booking_events e WHERE e.booking_key = b.booking_key) AS events
       FROM agency_bookings b JOIN agency_counters n ON n.counter_id = b.origin_counter_id`,
    );
    expect(record).toEqual([{ status: 'Cancelled', origin: 'Desk 1', events: 'Paid by card' }]);
  });

  test('a change pushed late, below the revision the record holds, is kept in the log but never undoes the newer state', async () => {
    const [seller, canceller] = [await agency.joinCounter('Desk 3'), await agency.joinCounter('Desk 1')];
    const key = `${seller.counterId}/1`;
    const record = () =>
      queryAgency<{ status: string; total_minor: string; revision: string }>(
        agency.settings(),
        'SELECT status, total_minor, revision FROM agency_bookings WHERE booking_key = $1',
        [key],
      );
    const sold = { ...bookingChange(key, 1, 'Pending'), revision: 1 };
    await pushChanges(seller.pool, seller.counterId, [{ counterSeq: 1, change: sold }]);
    const made = { revision: 1, counterId: seller.counterId };
    // Desk 1 cancels on top of revision 1 (its mark, then the outcome), while Desk 3's "Paid", also made on top of 1, waits.
    await pushChanges(canceller.pool, canceller.counterId, [
      { counterSeq: 1, change: { ...sold, inFlight: 'cancel', revision: 2, basedOn: made } },
      { counterSeq: 2, change: { ...sold, status: 'Cancelled', revision: 3, basedOn: { revision: 2, counterId: canceller.counterId } } },
    ]);
    const late = { ...sold, status: 'Paid', totalMinor: 1, revision: 2, basedOn: made };
    expect(await pushChanges(seller.pool, seller.counterId, [{ counterSeq: 2, change: late }])).toEqual({ applied: 1, alreadyThere: 0 });
    expect(await record()).toEqual([{ status: 'Cancelled', total_minor: String(sold.totalMinor), revision: '3' }]);
    expect((await pullAll(seller)).map((entry) => entry.change.kind === 'booking' && entry.change.status)).toEqual([
      'Pending',
      'Pending',
      'Cancelled',
      'Paid',
    ]);

    // Two changes of the same revision: every copy keeps the one from the counter whose id sorts last, whichever came first.
    const [low, high] = [seller, canceller].sort((a, b) => a.counterId.localeCompare(b.counterId));
    const tied = (status: string) => ({ ...sold, status, revision: 4, basedOn: { revision: 3, counterId: canceller.counterId } });
    await pushChanges((high as typeof seller).pool, (high as typeof seller).counterId, [{ counterSeq: 10, change: tied('Tie high') }]);
    await pushChanges((low as typeof seller).pool, (low as typeof seller).counterId, [{ counterSeq: 10, change: tied('Tie low') }]);
    expect((await record())[0]?.status).toBe('Tie high');
  });

  test('a change carrying anything beyond booking fields (a card number, a client secret) is refused and nothing of its push is written', async () => {
    const desk = await agency.joinCounter('Desk 1');
    const withCard = { ...bookingChange('desk1/2', 2), cardNumber: '4242424242424242' } as unknown as AgencyChange;
    const withSecret = { ...bookingChange('desk1/3', 3), clientSecret: 'pi_123_secret_456' } as unknown as AgencyChange;

    for (const bad of [withCard, withSecret]) {
      await expect(
        pushChanges(desk.pool, desk.counterId, [
          { counterSeq: 1, change: bookingChange('desk1/1', 1) },
          { counterSeq: 2, change: bad },
        ]),
      ).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('other than a booking') });
    }
    expect(await queryAgency(agency.settings(), 'SELECT seq FROM agency_changes')).toEqual([]);
    const text = await queryAgency<{ dump: string }>(
      agency.settings(),
      `SELECT coalesce(string_agg(body::text, ''), '') AS dump FROM agency_changes`,
    );
    expect(text[0]?.dump).not.toMatch(/4242|secret/);
  });

  test('three counters pushing at once are pulled by each in one global order, each counter’s own changes in its order', async () => {
    const desks = await Promise.all(['Desk 1', 'Desk 2', 'Desk 3'].map((name) => agency.joinCounter(name)));
    // Each desk pushes 40 changes in 10 batches of 4, all desks at the same time.
    await Promise.all(
      desks.map(async (desk) => {
        for (let batch = 0; batch < 10; batch += 1) {
          const changes = [1, 2, 3, 4].map((i) => {
            const counterSeq = batch * 4 + i;
            return { counterSeq, change: bookingChange(`${desk.counterId}/${counterSeq}`, counterSeq) };
          });
          await pushChanges(desk.pool, desk.counterId, changes);
        }
      }),
    );

    const seen = await Promise.all(desks.map((desk) => pullAll(desk, 7)));
    const [first] = seen;
    expect(first).toHaveLength(120);
    // No gap and no repeat in the global sequence, and every desk saw exactly the same list.
    const seqs = (first ?? []).map((entry) => entry.seq);
    expect(seqs).toEqual(Array.from({ length: 120 }, (_, i) => (seqs[0] ?? 0) + i));
    for (const other of seen)
      expect(other.map((entry) => [entry.seq, entry.counterId, entry.counterSeq])).toEqual(
        (first ?? []).map((entry) => [entry.seq, entry.counterId, entry.counterSeq]),
      );
    for (const desk of desks) {
      const own = (first ?? []).filter((entry) => entry.counterId === desk.counterId).map((entry) => entry.counterSeq);
      expect(own).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    }
  });
});

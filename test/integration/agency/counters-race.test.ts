import { describe, expect, test } from 'vitest';
import { AppError } from '../../../electron/core/app-error';
import { converged, countCancels, sleep, useCounters } from './counters-helpers';
import { NOTHING_DIVERGES, settledDivergence } from './counters-compare-helpers';
import type { Counter } from './counters-helpers';
import { holdSomewhere, travelerOf } from './counters-workload-helpers';
import { pick } from '../../support/stays';
import { seeded } from './seeded-helpers';

describe('two counters cancelling one booking at once', () => {
  const counters = useCounters();

  test('exactly one cancel reaches the service; the other counter is told in words that are true, and every counter then shows it cancelled', async () => {
    const random = seeded(1403);
    const desks = [await counters.start('Desk 1'), await counters.start('Desk 2'), await counters.start('Desk 3')];
    const settings = counters.agency.settings();
    const sandbox = await counters.service();
    const reached = countCancels(sandbox);
    const told: string[] = [];

    for (let round = 0; round < 12; round += 1) {
      const maker = pick(random, desks);
      let booking = null;
      while (!booking) booking = await holdSomewhere(maker.core, random, travelerOf(maker.name, round));
      const serviceId = booking.serviceBookingId as number;
      await converged(desks, settings);
      // Two of the three (the maker may be one), the second starting 0 to 40 ms after the first: from the very same
      // moment to after the first has finished, through the moment its lease is let go.
      const first = pick(random, desks);
      const second = pick(
        random,
        desks.filter((desk) => desk !== first),
      );
      const lagMs = Math.floor(random() * 40);
      const cancel = (desk: Counter) => {
        const row = desk.core.ledger.findByServiceId(1, serviceId);
        if (!row) throw new Error(`${desk.name} does not have booking ${serviceId}`);
        return desk.core.engine.cancel(row.id, `Round ${round}: traveler changed plans`);
      };
      const [a, b] = await Promise.allSettled([cancel(first), sleep(lagMs).then(() => cancel(second))]);
      const outcomes = [
        { desk: first, result: a },
        { desk: second, result: b },
      ];
      const winners = outcomes.filter((outcome) => outcome.result.status === 'fulfilled');
      const losers = outcomes.filter((outcome) => outcome.result.status === 'rejected');
      const where = `round ${round} (${first.name} then ${second.name} ${lagMs} ms later)`;

      // The service's own record: one cancel request reached it, and cancelled the booking once.
      expect(reached.get(serviceId), where).toBe(1);
      const atService = sandbox.service.ledger(serviceId);
      expect(atService.booking?.status, where).toBe('Cancelled');
      expect(
        (atService.events as { type: string }[]).filter((event) => event.type === 'cancelled'),
        where,
      ).toHaveLength(1);

      expect(winners, where).toHaveLength(1);
      const winner = winners[0]?.desk as Counter;
      const loser = losers[0];
      if (!loser || loser.result.status !== 'rejected') throw new Error(`${where}: both cancels succeeded`);
      const error = loser.result.reason as unknown;
      expect(error, where).toBeInstanceOf(AppError);
      const { code, message } = error as AppError;
      told.push(`${code}: ${message}`);
      expect(['booking_busy', 'already_cancelled'], `${where}: ${code} ${message}`).toContain(code);
      // "Desk 2 is changing this booking." names the counter that did cancel it, never another; a lease let go
      // between the two looks is "Another counter", which names nobody rather than guess.
      const naming = /^(.+) is changing this booking\.$/.exec(message);
      if (naming && naming[1] !== 'Another counter') expect(naming[1], where).toBe(winner.name);

      // What every agent sees next: the booking cancelled, with one "cancelled" line on its timeline.
      await converged(desks, settings);
      for (const desk of desks) {
        const row = desk.core.ledger.findByServiceId(1, serviceId);
        expect(row?.status, `${where} at ${desk.name}`).toBe('Cancelled');
        const lines = desk.core.ledger.timeline(row?.id as number).filter((event) => event.type === 'cancelled');
        expect(lines, `${where} at ${desk.name}`).toHaveLength(1);
      }
    }
    expect(await settledDivergence(desks, settings, sandbox)).toEqual(NOTHING_DIVERGES);
    // Both ways of being told happened across the rounds (the seed fixes which rounds).
    expect(told.some((line) => line.startsWith('booking_busy'))).toBe(true);
  });
});

/**
 * Who made and changed a booking, at which counter, reaches every counter of the agency: three
 * counters on one PostgreSQL agency ledger and one built-in service on loopback, each with its own
 * agents signed in through the channels as the renderer calls them.
 */
import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { BookingRecord } from '../../../shared/bookings';
import { queryAgency } from '../../support/agency-server';
import { HOLDER, paidAtCounter, quoteThroughEngine, waitUntil } from '../../support/engine-helpers';
import { converged, useCounters } from './counters-helpers';
import type { Counter } from './counters-helpers';

/** The counter's channels: an answer, or the refusal thrown with its code. */
function channelsOf(core: Core) {
  const dispatch = createDispatcher(core.handlers);
  return async <T>(channel: string, input: unknown): Promise<T> => {
    const answer = await dispatch(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
    return answer.value as T;
  };
}

/** An agent of this counter, signed in there. */
async function signedIn(counter: Counter, name: string): Promise<ReturnType<typeof channelsOf>> {
  const call = channelsOf(counter.core);
  const agent = await counter.core.agents.create(name, 'administrator', '2468');
  await call('people:sign-in', { agentId: agent.id, pin: '2468' });
  return call;
}

/** The same booking in a counter's copy, found by its client reference. */
const copyAt = (counter: Counter, clientReference: string): BookingRecord | null =>
  counter.core.ledger.list({ profileId: 1, query: clientReference }).rows[0] ?? null;

describe('the people of a booking across the agency', () => {
  const counters = useCounters();

  test(
    'made by Ana at Desk A and cancelled by Ben at Desk B: every counter shows both, and each line its agent',
    { timeout: 120_000 },
    async () => {
      const deskA = await counters.start('Desk A');
      const deskB = await counters.start('Desk B');
      const deskC = await counters.start('Desk C');
      const ana = await signedIn(deskA, 'Ana');
      const ben = await signedIn(deskB, 'Ben');

      const quote = await quoteThroughEngine(deskA.core, 1, 75);
      const hold = await ana<{ holdId: string }>('bookings:hold', { quote, paxAges: Array.from({ length: quote.adults }, () => 30) });
      const made = await ana<BookingRecord>('bookings:prebook', { holdId: hold.holdId, holder: HOLDER });
      for (const desk of [deskB, deskC])
        expect(
          await waitUntil(
            () => copyAt(desk, made.clientReference),
            (copy) => copy?.madeBy === 'Ana',
          ),
        ).toMatchObject({ madeBy: 'Ana', madeAtCounter: 'Desk A', changedBy: null, originCounter: 'Desk A' });

      const atB = copyAt(deskB, made.clientReference) as BookingRecord;
      await ben('bookings:cancel', { bookingId: atB.id, reason: 'Traveler changed plans', confirmed: true });
      await waitUntil(
        () => deskB.core.ledger.get(atB.id)?.status,
        (status) => status === 'Cancelled',
      );
      await converged([deskA, deskB, deskC], counters.agency.settings());

      for (const desk of [deskA, deskB, deskC]) {
        const copy = copyAt(desk, made.clientReference) as BookingRecord;
        expect([desk.name, copy]).toEqual([
          desk.name,
          expect.objectContaining({
            status: 'Cancelled',
            madeBy: 'Ana',
            madeAtCounter: 'Desk A',
            changedBy: 'Ben',
            changedAtCounter: 'Desk B',
          }),
        ]);
        const lines = desk.core.ledger.timeline(copy.id);
        expect([desk.name, lines.find((line) => line.type === 'prebooked')]).toEqual([
          desk.name,
          expect.objectContaining({ agent: 'Ana', counter: 'Desk A', byPackdesk: false }),
        ]);
        expect([desk.name, lines.find((line) => line.type === 'cancelled')]).toEqual([
          desk.name,
          expect.objectContaining({ agent: 'Ben', approver: null, counter: 'Desk B', byPackdesk: false }),
        ]);
        // The line's words travel with it: each desk words it in its own agent's language.
        expect([desk.name, lines.find((line) => line.type === 'cancelled')?.words]).toEqual([
          desk.name,
          { id: 'timeline.cancel.cancelled', values: { reason: 'Traveler changed plans' } },
        ]);
      }

      // The agency's log keeps the names as the counters sent them, and nothing else about the people.
      const [bodies] = await queryAgency<{ made: string[]; changed: string[]; agents: string[] }>(
        counters.agency.settings(),
        `SELECT array_agg(DISTINCT body->>'madeBy') FILTER (WHERE kind = 'booking') AS made,
         array_agg(DISTINCT body->>'changedBy') FILTER (WHERE kind = 'booking') AS changed,
         array_agg(DISTINCT body->>'agent') FILTER (WHERE kind = 'event') AS agents
       FROM agency_changes`,
      );
      expect(bodies?.made.filter(Boolean)).toEqual(['Ana']);
      expect(bodies?.changed.filter(Boolean)).toEqual(['Ben']);
      expect(bodies?.agents.filter(Boolean).sort()).toEqual(['Ana', 'Ben']);

      // The server checks the names itself, as it checks every other field: 1 to 100 characters, or null.
      const [sent] = await queryAgency<{ booking: Record<string, unknown>; line: Record<string, unknown> }>(
        counters.agency.settings(),
        `SELECT (SELECT body FROM agency_changes WHERE kind = 'booking' ORDER BY seq DESC LIMIT 1) AS booking,
           (SELECT body FROM agency_changes WHERE kind = 'event' ORDER BY seq DESC LIMIT 1) AS line`,
      );
      const problem = async (change: unknown) =>
        (
          await queryAgency<{ problem: string | null }>(counters.agency.settings(), 'SELECT agency_change_problem($1::jsonb) AS problem', [
            JSON.stringify(change),
          ])
        )[0]?.problem ?? null;
      const badName = 'an agent, approver or counter name that is not 1 to 100 characters';
      const tooLong = 'N'.repeat(101);
      expect(await problem(sent?.booking)).toBeNull();
      expect(await problem(sent?.line)).toBeNull();
      expect(await problem({ ...sent?.booking, changedBy: tooLong })).toBe(badName);
      expect(await problem({ ...sent?.booking, madeAtCounter: '' })).toBe(badName);
      expect(await problem({ ...sent?.line, approver: tooLong })).toBe(badName);
      expect(await problem({ ...sent?.line, byPackdesk: 'yes' })).toBe('a Packdesk mark that is not true or false');
      expect(await problem({ ...sent?.line, agentPin: '2468' })).toBe('a field the agency does not keep (agentPin)');
      // A line's words (schema 8): null, or a message id and its values.
      const badWords = "a timeline line's words that are not a message and its values";
      expect(await problem({ ...sent?.line, words: null })).toBeNull();
      expect(await problem({ ...sent?.line, words: { id: 'timeline.cancel.cancelled', values: { reason: 'x' } } })).toBeNull();
      expect(await problem({ ...sent?.line, words: 'Cancelled' })).toBe(badWords);
      expect(await problem({ ...sent?.line, words: { id: '', values: {} } })).toBe(badWords);
      // A change from before (no people in it) is as valid as it was.
      const { madeBy, madeAtCounter, changedBy, changedApprover, changedAtCounter, ...older } = sent?.booking ?? {};
      expect([madeBy, madeAtCounter, changedBy, changedApprover, changedAtCounter]).toEqual(['Ana', 'Desk A', 'Ben', null, 'Desk B']);
      expect(await problem(older)).toBeNull();
    },
  );

  test(
    'paid at Desk A and cancelled at Desk B: the refund is in Desk A’s takings, and no other desk counts that money',
    { timeout: 120_000 },
    async () => {
      const deskA = await counters.start('Desk A');
      const deskB = await counters.start('Desk B');
      const deskC = await counters.start('Desk C');
      const sold = await paidAtCounter(deskA.core, 1, 90);
      const atB = await waitUntil(
        () => copyAt(deskB, sold.clientReference),
        (copy) => copy?.status === 'Paid',
      );
      await deskB.core.engine.cancel((atB as BookingRecord).id, 'Traveler changed plans');
      await converged([deskA, deskB, deskC], counters.agency.settings());

      const today = new Date().toISOString().slice(0, 10);
      const moved = (desk: Counter) =>
        desk.core.ledger
          .endOfDay(1, today)
          .movements.filter((line) => line.clientReference === sold.clientReference)
          .map((line) => [line.kind, line.amountMinor]);
      expect(moved(deskA)).toEqual([
        ['authorized', sold.totalMinor],
        ['captured', sold.totalMinor],
        ['refunded', sold.totalMinor],
      ]);
      expect(deskA.core.ledger.today(1, today, true).money).toEqual([expect.objectContaining({ currency: sold.currency, takings: 0 })]);
      expect([moved(deskB), moved(deskC)]).toEqual([[], []]);

      // The agency's day, read at Desk C from its copies: Desk A's sale (refunded) and Desk B's own, each under its desk.
      const soldAtB = await paidAtCounter(deskB.core, 25, 95);
      await converged([deskA, deskB, deskC], counters.agency.settings());
      const agencyDay = deskC.core.ledger.today(1, today, true, 'agency');
      expect(agencyDay).toMatchObject({ scope: 'agency', made: 2 });
      expect(
        agencyDay.byCounter?.map((line) => [line.counter, line.made, line.money.map((money) => [money.currency, money.takings])]),
      ).toEqual([
        ['Desk A', 1, [[sold.currency, 0]]],
        ['Desk B', 1, [[soldAtB.currency, soldAtB.totalMinor]]],
      ]);
      // Desk C's own day has nothing; Desk B sees its own sale as this counter's ('').
      expect(deskC.core.ledger.today(1, today, true)).toMatchObject({ scope: 'counter', made: 0, money: [], byCounter: null });
      expect(deskB.core.ledger.today(1, today, true, 'agency').byCounter?.map((line) => line.counter)).toEqual(['', 'Desk A']);
    },
  );

  test(
    'a desk that joins after a sale was paid: in the agency’s day the money is the selling desk’s, not its own',
    { timeout: 120_000 },
    async () => {
      const deskA = await counters.start('Desk A');
      const sold = await paidAtCounter(deskA.core, 1, 90);
      const late = await counters.start('Desk D');
      await converged([deskA, late], counters.agency.settings());

      const today = new Date().toISOString().slice(0, 10);
      expect(late.core.ledger.today(1, today, true)).toMatchObject({ made: 0, money: [] });
      expect(
        late.core.ledger.today(1, today, true, 'agency').byCounter?.map((line) => [line.counter, line.money.map((money) => money.takings)]),
      ).toEqual([['Desk A', [sold.totalMinor]]]);
    },
  );
});

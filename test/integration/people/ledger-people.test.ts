/**
 * The people at the counter in the ledger, through the channels as the renderer calls them, against
 * the built-in service on loopback: a booking names who made it and who changed it (and who approved
 * that) at which counter, each timeline line its author, a write in flight keeps the agent who
 * started it through a shift change, and the history filters by agent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createDispatcher } from '../../../electron/core/dispatch';
import { writeChunks } from '../../../electron/core/file-saver';
import type { FileSaver } from '../../../electron/core/file-saver';
import type { PaymentWindows } from '../../../electron/core/engine/payments/payment-windows';
import type { BookingRecord, TimelineEvent } from '../../../shared/bookings';
import { answerChallenge, HOLDER, onTestProfile, quoteThroughEngine, useCore, waitUntil } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const sandbox = useSandbox();
const core = useCore();
const tempDir = useTempDir();

/** The channels as the renderer calls them: an answer, or the refusal thrown as an error with its code. */
function channelsOf(counter: Core) {
  const dispatch = createDispatcher(counter.handlers);
  return async <T>(channel: string, input: unknown): Promise<T> => {
    const answer = await dispatch(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
    return answer.value as T;
  };
}

type Call = ReturnType<typeof channelsOf>;

/** Hold and prebook through the channels: the booking of whoever is signed in. */
async function prebooked(counter: Core, call: Call, startInDays: number): Promise<BookingRecord> {
  const quote = await quoteThroughEngine(counter, 1, startInDays);
  const hold = await call<{ holdId: string }>('bookings:hold', { quote, paxAges: Array.from({ length: quote.adults }, () => 30) });
  return call<BookingRecord>('bookings:prebook', { holdId: hold.holdId, holder: HOLDER });
}

const paid = (counter: Core, bookingId: number) =>
  waitUntil(
    () => counter.ledger.get(bookingId),
    (booking) => booking?.status === 'Paid',
  ) as Promise<BookingRecord>;

/** Each line as who wrote it: [type, agent, approver, Packdesk's own]. */
const authors = (timeline: TimelineEvent[]) => timeline.map((line) => [line.type, line.agent, line.approver, line.byPackdesk]);

describe('the people in the ledger', () => {
  test(
    'an agent books, a supervisor approves the refund: the booking and its timeline name both, at this counter',
    { timeout: 120_000 },
    async () => {
      const service = await sandbox();
      const { core: counter } = await core(service);
      const call = channelsOf(counter);
      await onTestProfile(counter, service);
      await counter.agents.create('Rita', 'administrator', '2468');
      const bo = await counter.agents.create('Bo', 'agent', '1111');
      const cy = await counter.agents.create('Cy', 'supervisor', '2222');
      await call('people:sign-in', { agentId: bo.id, pin: '1111' });

      const booking = await prebooked(counter, call, 70);
      await call('payments:pay', { bookingId: booking.id, paymentMethodId: 'pm_card_visa' });
      const counterName = `Counter ${booking.clientReference.split('-')[1]}`;
      expect(await paid(counter, booking.id)).toMatchObject({ madeBy: 'Bo', madeAtCounter: counterName, changedBy: null });

      await call('people:approve', { agentId: cy.id, pin: '2222', channel: 'bookings:cancel', target: booking.id });
      await call('bookings:cancel', { bookingId: booking.id, reason: 'Traveler fell ill', confirmed: true });
      await waitUntil(
        () => counter.ledger.get(booking.id)?.status,
        (status) => status === 'Cancelled',
      );

      const { booking: shown, timeline } = await call<{ booking: BookingRecord; timeline: TimelineEvent[] }>('history:get', {
        bookingId: booking.id,
      });
      expect(shown).toMatchObject({
        madeBy: 'Bo',
        madeAtCounter: counterName,
        changedBy: 'Bo',
        changedApprover: 'Cy',
        changedAtCounter: counterName,
      });
      // The agent's writes name Bo (the refund Cy too); what reads of the service showed is Packdesk's.
      expect(authors(timeline.filter((line) => line.type !== 'status'))).toEqual([
        ['prebooked', 'Bo', null, false],
        ['book_intent', 'Bo', null, false],
        ['booked', 'Bo', null, false],
        ['cancel_intent', 'Bo', 'Cy', false],
        ['cancelled', 'Bo', 'Cy', false],
      ]);
      const reads = timeline.filter((line) => line.type === 'status');
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.every((line) => line.byPackdesk && line.agent === null)).toBe(true);
      expect(timeline.every((line) => line.counter === counterName)).toBe(true);
    },
  );

  test(
    'a shift change while a payment waits for 3-D Secure: the payment stays the first agent’s; the history filters by agent',
    { timeout: 120_000 },
    async () => {
      const service = await sandbox();
      let shiftChange: () => Promise<void> = async () => {};
      const windows: PaymentWindows = {
        collectCard: async () => ({ kind: 'closed' }),
        authenticate: async (request) => {
          if (request.kind !== 'built-in') throw new Error('expected the built-in challenge');
          // Cy signs in at the counter while the cardholder is still at the bank's page.
          await shiftChange();
          await answerChallenge(request.url, 'approve');
          return { kind: 'succeeded' };
        },
      };
      const saved = tempDir();
      // The save dialog as the agent answers it: into the test's folder, written as main streams it.
      const fileSaver: FileSaver = {
        saveText: () => Promise.reject(new Error('the export is written as a stream')),
        saveStream: async (name, chunks) => (await writeChunks(join(saved, name), chunks), join(saved, name)),
      };
      const { core: counter } = await core(service, { paymentWindows: windows, fileSaver });
      const call = channelsOf(counter);
      await counter.agents.create('Rita', 'administrator', '2468');
      const bo = await counter.agents.create('Bo', 'agent', '1111');
      const cy = await counter.agents.create('Cy', 'agent', '2222');
      shiftChange = async () => {
        await call('people:sign-in', { agentId: cy.id, pin: '2222' });
      };
      await call('people:sign-in', { agentId: bo.id, pin: '1111' });

      const bos = await prebooked(counter, call, 80);
      await call('payments:pay', { bookingId: bos.id, paymentMethodId: 'pm_card_threeDSecure2Required' });
      expect(await call('people:session', {})).toMatchObject({ agent: { name: 'Cy' } });
      expect(await paid(counter, bos.id)).toMatchObject({ madeBy: 'Bo' });
      const lines = counter.ledger.timeline(bos.id).filter((line) => !line.byPackdesk);
      expect(lines.map((line) => line.type)).toContain('booked');
      expect(lines.every((line) => line.agent === 'Bo')).toBe(true);

      // Cy, signed in now, makes the next booking.
      shiftChange = async () => {};
      const cys = await prebooked(counter, call, 90);
      expect(counter.ledger.get(cys.id)).toMatchObject({ madeBy: 'Cy' });

      const list = (agent?: string) =>
        call<{ rows: BookingRecord[]; total: number }>('history:list', { profileId: 1, ...(agent ? { agent } : {}) });
      expect((await list('Bo')).rows.map((row) => row.id)).toEqual([bos.id]);
      expect(await list('Cy')).toMatchObject({ total: 1, rows: [{ id: cys.id }] });
      expect((await list('Rita')).total).toBe(0);
      expect((await list()).total).toBe(2);
      expect(await call('history:agents', { profileId: 1 })).toEqual(['Bo', 'Cy']);
      // The export of Bo's bookings says who made each one.
      const exported = await call<{ path: string; rows: number }>('history:export', { profileId: 1, agent: 'Bo' });
      expect(exported.rows).toBe(1);
      const [header, line] = readFileSync(exported.path, 'utf8').trim().split('\r\n');
      expect(header?.endsWith(',Made by,Last changed by,Change approved by,Changed at counter,Counter')).toBe(true);
      expect(line?.endsWith(',Bo,,,,This counter')).toBe(true);
    },
  );

  test('training with no agents names nobody: the booking and its lines are as before', { timeout: 60_000 }, async () => {
    const service = await sandbox();
    const { core: counter } = await core(service);
    const call = channelsOf(counter);
    const booking = await prebooked(counter, call, 100);
    await call('payments:pay', { bookingId: booking.id, paymentMethodId: 'pm_card_visa' });
    expect(await paid(counter, booking.id)).toMatchObject({ madeBy: null, changedBy: null });
    const own = counter.ledger.timeline(booking.id).filter((line) => !line.byPackdesk);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((line) => line.agent === null && line.approver === null)).toBe(true);
    expect(await call('history:agents', { profileId: 1 })).toEqual([]);
  });
});

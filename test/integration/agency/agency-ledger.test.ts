import { describe, expect, test } from 'vitest';
import type { DatabaseSync } from 'node:sqlite';
import { agencyChangeSchema } from '../../../electron/core/agency/agency-change';
import type { PulledChange } from '../../../electron/core/agency/change-log';
import { openDatabase } from '../../../electron/core/database';
import { createAgencyLedger } from '../../../electron/core/ledger/agency-ledger';
import { createLedger } from '../../../electron/core/ledger/ledger';
import type { Ledger } from '../../../electron/core/ledger/ledger';
import { ledgerMigrations } from '../../../electron/core/ledger/ledger-migrations';
import { writePrebookedBooking } from '../../support/prebooked-booking';
import { useTempDir } from '../../support/temp-dir';

const tempDir = useTempDir();

/** A counter's ledger file and its agency half, with the bookings the agency's changes touched. */
function counter(name: string) {
  const db: DatabaseSync = openDatabase(`${tempDir()}/${name}.db`, ledgerMigrations);
  const announced: number[] = [];
  const ledger: Ledger = createLedger(db);
  const agency = createAgencyLedger(db, {
    now: Date.now,
    isFinal: (_, status) => ['Paid', 'Cancelled'].includes(status),
    isTerminal: (_, status) => status === 'Cancelled',
    announce: (id) => announced.push(id),
    followMoney: (id) => ledger.followMoney(id),
  });
  return { name, db, ledger, agency, announced, counterId: `${name.toLowerCase().replace(' ', '-')}-0000` };
}
type Counter = ReturnType<typeof counter>;

/** Desk A and Desk B, each sharing profile 1 with the agency. */
function joinedDesks(): [Counter, Counter] {
  const desks: [Counter, Counter] = [counter('Desk A'), counter('Desk B')];
  for (const desk of desks) desk.agency.join({ counterId: desk.counterId, profileId: 1, profileKind: 'test' });
  return desks;
}

/** Everything in `from`'s outbox, as the agency would hand it to `to` (acknowledged at `from`, as after a push). */
function deliver(from: Counter, to: Counter, firstSeq = 1): number {
  const pending = from.agency.outbox.pending(1_000);
  const changes: PulledChange[] = pending.map((entry, index) => ({
    seq: firstSeq + index,
    counterId: from.counterId,
    counterName: from.name,
    counterSeq: entry.counterSeq,
    committedAt: new Date(),
    change: agencyChangeSchema.parse(entry.change),
  }));
  const last = pending.at(-1);
  if (last) from.agency.outbox.acknowledge(last.counterSeq);
  to.agency.remote.applyRemote({ changes, throughSeq: firstSeq + changes.length - 1 });
  return changes.length;
}

/** A Pending booking prebooked at a counter, due for its first read, with a timeline line the agency must never see the detail of. */
function makeBooking(ledger: Ledger, surname: string, serviceBookingId: number) {
  return writePrebookedBooking(
    ledger,
    {
      surname,
      profileKind: 'test',
      serviceBookingId,
      clientReference: `PD-TEST-${serviceBookingId}`,
      status: 'Pending',
      nextCheckAt: Date.now(),
    },
    { type: 'prebooked', summary: 'Held at the service.', detail: { secretish: 'never sent' } },
  );
}

describe('a counter’s ledger and the agency', () => {
  test('in no agency, a counter’s changes leave its outbox empty (a counter works as before)', () => {
    const desk = counter('Desk A');
    makeBooking(desk.ledger, 'Silva', 500);
    expect(desk.agency.outbox.size()).toBe(0);
    expect(desk.agency.membership()).toBeNull();
  });

  test('joining sends what the profile already has once; every later change is queued with it, a read that moves nothing is not', () => {
    const desk = counter('Desk A');
    const before = makeBooking(desk.ledger, 'Silva', 500);
    expect(desk.agency.join({ counterId: desk.counterId, profileId: 1, profileKind: 'test' })).toEqual({ queued: 1 });
    expect(desk.agency.join({ counterId: desk.counterId, profileId: 1, profileKind: 'test' })).toEqual({ queued: 0 });
    const joined = desk.agency.outbox.pending(100).map((entry) => entry.change);
    expect(joined.map((change) => change.kind)).toEqual(['booking', 'event']);
    expect(joined[0]).toMatchObject({ bookingKey: `${desk.counterId}/${before.id}`, status: 'Pending', serviceBookingId: 500 });

    const made = makeBooking(desk.ledger, 'Costa', 501);
    const { intentId } = desk.ledger.beginWrite('cancel', made.id, { reason: 'Traveler changed plans' });
    desk.ledger.finishWrite(intentId, 'cancelled', { patch: { status: 'Cancelled' }, event: { type: 'cancelled', summary: 'Cancelled.' } });
    const current = desk.ledger.get(made.id);
    desk.ledger.scheduleCheck(made.id, current?.version ?? 0, null, 0);
    desk.ledger.applyRead(made.id, current?.version ?? 0, { status: 'Cancelled' });

    const sent = desk.agency.outbox
      .pending(100)
      .map((entry) => entry.change)
      .slice(joined.length);
    expect(
      sent.map((change) => (change.kind === 'booking' ? `booking ${change.status} ${change.inFlight ?? '-'}` : `event ${change.type}`)),
    ).toEqual([
      'booking Pending -',
      'event prebooked',
      'booking Pending cancel',
      'event cancel_intent',
      'booking Cancelled -',
      'event cancelled',
    ]);
    for (const change of desk.agency.outbox.pending(100)) expect(agencyChangeSchema.safeParse(change.change).success).toBe(true);
    expect(JSON.stringify(desk.agency.outbox.pending(100))).not.toContain('never sent');
  });

  test('another counter’s changes arrive whole, are not sent back, and its cancel reaches the counter that made the booking', () => {
    const [deskA, deskB] = joinedDesks();
    const made = makeBooking(deskA.ledger, 'Silva', 500);

    expect(deliver(deskA, deskB)).toBe(2);
    const atB = deskB.ledger.list({ profileId: 1, query: 'silva' }).rows[0];
    expect(atB).toMatchObject({
      serviceBookingId: 500,
      clientReference: made.clientReference,
      status: 'Pending',
      originCounter: 'Desk A',
      holder: made.holder,
      items: made.items,
      paxAges: made.paxAges,
    });
    expect(deskB.ledger.timeline(atB?.id ?? 0).map((event) => event.type)).toEqual(['prebooked']);
    expect(deskB.announced).toEqual([atB?.id]);
    expect(deskB.agency.outbox.size()).toBe(0);
    expect(deskB.agency.remote.lastPulledSeq()).toBe(2);

    const { intentId } = deskB.ledger.beginWrite('cancel', atB?.id ?? 0, { reason: 'Traveler changed plans' });
    deskB.ledger.finishWrite(intentId, 'cancelled', { patch: { status: 'Cancelled' } });
    deliver(deskB, deskA, 3);
    expect(deskA.ledger.get(made.id)).toMatchObject({ status: 'Cancelled', inFlight: null, originCounter: null });
    expect(deskA.agency.outbox.size()).toBe(0);
  });

  /** Desk A's status read (Paid, with a line on its timeline), made while its changes wait to reach the agency. */
  function readPaid(desk: Counter, bookingId: number, at: string): void {
    const row = desk.ledger.get(bookingId);
    desk.ledger.applyRead(
      bookingId,
      row?.version ?? 0,
      { status: 'Paid', bookingReference: 'REF-1' },
      {
        type: 'status',
        summary: 'Status is now Paid.',
      },
    );
    desk.db.prepare("UPDATE booking_events SET at = ? WHERE summary = 'Status is now Paid.'").run(at);
  }

  /** A cancel written at `desk` as the engine writes one: the in-flight mark, then the service's outcome. */
  function cancelAt(desk: Counter, bookingId: number): void {
    const { intentId } = desk.ledger.beginWrite('cancel', bookingId, { reason: 'Traveler changed plans' });
    desk.ledger.finishWrite(intentId, 'cancelled', { patch: { status: 'Cancelled' }, event: { type: 'cancelled', summary: 'Cancelled.' } });
  }

  const isDue = (desk: Counter, bookingId: number) => desk.ledger.dueBookings(Date.now() + 1, 100).some((row) => row.id === bookingId);

  test('a status read at the desk that sold, arriving after another desk cancelled, never undoes the cancellation; the desks disagree, so the service is asked', () => {
    const [seller, other] = joinedDesks();
    const made = makeBooking(seller.ledger, 'Silva', 500);
    let seq = deliver(seller, other) + 1;
    const atOther = other.ledger.list({ profileId: 1, query: 'silva' }).rows[0]?.id ?? 0;
    other.ledger.scheduleCheck(atOther, other.ledger.get(atOther)?.version ?? 0, null, 0);

    // The seller reads Paid while it is cut off; the other desk cancels from its copy (still Pending) meanwhile.
    readPaid(seller, made.id, new Date(Date.now() - 3_000).toISOString());
    cancelAt(other, atOther);
    seq += deliver(other, seller, seq);
    deliver(seller, other, seq);

    for (const desk of [seller, other]) {
      const id = desk === seller ? made.id : atOther;
      expect(desk.ledger.get(id), desk.name).toMatchObject({ status: 'Cancelled', inFlight: null });
      // The late line takes its place in time, before the cancellation.
      expect(
        desk.ledger
          .timeline(id)
          .map((event) => event.summary)
          .at(-1),
        desk.name,
      ).toBe('Cancelled.');
    }
    expect(other.ledger.timeline(atOther).map((event) => event.summary)).toContain('Status is now Paid.');
    // The desk that cancelled got a change made on top of something it had moved past: it reads the service again.
    expect(isDue(other, atOther)).toBe(true);
    // Nothing more to tell each other: both hold the same revision.
    expect(seller.agency.outbox.size() + other.agency.outbox.size()).toBe(0);
  });

  test('a late change that wins the order over a cancellation is refused at the desk that holds the ending, which sends its state again above it', () => {
    // Desk B's id sorts after Desk A's, so a tie between their revisions goes to B.
    const [canceller, seller] = joinedDesks();
    const made = makeBooking(seller.ledger, 'Costa', 600);
    let seq = deliver(seller, canceller) + 1;
    const atCanceller = canceller.ledger.list({ profileId: 1, query: 'costa' }).rows[0]?.id ?? 0;

    // The seller, cut off, reads two statuses (revisions 2 and 3); the other desk cancels (2 and 3 as well).
    const row = seller.ledger.get(made.id);
    seller.ledger.applyRead(made.id, row?.version ?? 0, { status: 'Confirming' });
    readPaid(seller, made.id, new Date().toISOString());
    cancelAt(canceller, atCanceller);
    seq += deliver(seller, canceller, seq);
    expect(canceller.ledger.get(atCanceller)?.status).toBe('Cancelled');
    // The cancelling desk says it again, ordered after the seller's Paid: the seller takes it.
    expect(canceller.agency.outbox.pending(100).map((entry) => entry.change.kind === 'booking' && entry.change.revision)).toEqual([
      2,
      false,
      3,
      false,
      4,
    ]);
    deliver(canceller, seller, seq);
    expect(seller.ledger.get(made.id)).toMatchObject({ status: 'Cancelled', inFlight: null });
    expect(seller.agency.outbox.size()).toBe(0);
  });

  test('a change made here that waits for the traveler’s payment stays watched here when another counter’s read of the booking arrives', () => {
    const [seller, other] = joinedDesks();
    const made = makeBooking(seller.ledger, 'Nunes', 700);
    let seq = deliver(seller, other) + 1;
    const atOther = other.ledger.list({ profileId: 1, query: 'nunes' }).rows[0]?.id ?? 0;
    readPaid(seller, made.id, new Date().toISOString());
    seq += deliver(seller, other, seq);
    other.agency.serviceRead(atOther);
    seq += deliver(other, seller, seq);
    // At Desk B the traveler asked for other dates, and the change waits for their payment: Desk B looks for it.
    other.db
      .prepare("UPDATE bookings SET pending_change = '{}', pending_modification_reference = 'MODWAIT1', next_check_at = ? WHERE id = ?")
      .run(Date.now() + 60_000, atOther);
    // Desk A hears of the waiting change (not its link): no change may be made there meanwhile.
    seq += deliver(other, seller, seq);
    expect(seller.ledger.get(made.id)?.inFlight).toBe('change_awaiting_payment');
    // Desk A, which follows the booking, reads a new total from the service.
    const row = seller.ledger.get(made.id);
    seller.ledger.applyRead(made.id, row?.version ?? 0, { totalMinor: 21_000 });
    deliver(seller, other, seq);
    // Desk A's change carries the mark back; at Desk B, whose change it is, it marks nothing: Desk B still watches it.
    expect(other.ledger.get(atOther)).toMatchObject({ totalMinor: 21_000, status: 'Paid', inFlight: null });
    expect(other.ledger.dueBookings(Date.now() + 10 * 60_000, 100).map((booking) => booking.id)).toContain(atOther);
  });

  test('leaving stops the sending; the bookings from other counters stay, still marked as theirs', () => {
    const [deskA, deskB] = joinedDesks();
    makeBooking(deskA.ledger, 'Silva', 500);
    deliver(deskA, deskB);
    deskB.agency.leave();
    makeBooking(deskB.ledger, 'Costa', 501);
    expect(deskB.agency.outbox.size()).toBe(0);
    expect(deskB.ledger.list({ profileId: 1, query: 'silva' }).rows[0]?.originCounter).toBe('Desk A');
  });

  test('a booking first seen already Paid (its earlier changes merged away) moves its money under the desk that sold it, not this one', () => {
    const [seller, other] = joinedDesks();
    const made = makeBooking(seller.ledger, 'Silva', 501);
    readPaid(seller, made.id, new Date().toISOString());
    // Only the booking's last change reaches the other desk, as after a long outage.
    const last = seller.agency.outbox
      .pending(1_000)
      .filter((entry) => agencyChangeSchema.parse(entry.change).kind === 'booking')
      .at(-1);
    if (!last) throw new Error('nothing to push');
    const paid = agencyChangeSchema.parse(last.change);
    expect(paid).toMatchObject({ status: 'Paid' });
    other.agency.remote.applyRemote({
      changes: [
        {
          seq: 1,
          counterId: seller.counterId,
          counterName: seller.name,
          counterSeq: last.counterSeq,
          committedAt: new Date(),
          change: paid,
        },
      ],
      throughSeq: 1,
    });

    const today = new Date().toISOString().slice(0, 10);
    expect(other.ledger.today(1, today, true)).toMatchObject({ made: 0, money: [] });
    const byDesk = other.ledger.today(1, today, true, 'agency').byCounter;
    expect(byDesk?.map((line) => [line.counter, line.made, line.money.map((money) => [money.currency, money.captured])])).toEqual([
      ['Desk A', 1, [[made.currency, made.totalMinor]]],
    ]);
  });
});

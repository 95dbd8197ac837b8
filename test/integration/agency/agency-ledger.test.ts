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
    announce: (id) => announced.push(id),
  });
  return { name, db, ledger, agency, announced, counterId: `${name.toLowerCase().replace(' ', '-')}-0000` };
}
type Counter = ReturnType<typeof counter>;

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
    const deskA = counter('Desk A');
    const deskB = counter('Desk B');
    deskA.agency.join({ counterId: deskA.counterId, profileId: 1, profileKind: 'test' });
    deskB.agency.join({ counterId: deskB.counterId, profileId: 1, profileKind: 'test' });
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

  test('leaving stops the sending; the bookings from other counters stay, still marked as theirs', () => {
    const deskA = counter('Desk A');
    const deskB = counter('Desk B');
    deskA.agency.join({ counterId: deskA.counterId, profileId: 1, profileKind: 'test' });
    deskB.agency.join({ counterId: deskB.counterId, profileId: 1, profileKind: 'test' });
    makeBooking(deskA.ledger, 'Silva', 500);
    deliver(deskA, deskB);
    deskB.agency.leave();
    makeBooking(deskB.ledger, 'Costa', 501);
    expect(deskB.agency.outbox.size()).toBe(0);
    expect(deskB.ledger.list({ profileId: 1, query: 'silva' }).rows[0]?.originCounter).toBe('Desk A');
  });
});

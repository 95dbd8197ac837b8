import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import type { ExerciseId } from '../../../shared/training';
import { quoteThroughEngine, useCore, waitUntil } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';

const sandbox = useSandbox();
const startCore = useCore();

/** What a trainee does at the counter, through the same engine the screens call. */
async function bookFor(core: Core, holder: { name: string; surname: string }, card: string, startInDays = 60) {
  const quote = await quoteThroughEngine(core, 1, startInDays);
  const hold = await core.engine.startHold(quote, [30, 31]);
  const booking = await core.engine.prebook(hold.holdId, { ...holder, email: `${holder.name}@example.com`.toLowerCase() });
  await core.payments.pay(booking.id, { paymentMethodId: card }).catch(() => undefined);
  return booking;
}

const start = (core: Core, id: ExerciseId) => core.handlers['training:start-exercise']({ id });
const check = (core: Core) => core.handlers['training:check-exercise']({});
/** Checks until the exercise is over (a booking can still be waiting for its supplier). */
const checkWhenSettled = (core: Core) =>
  waitUntil(
    () => check(core),
    (result) => result.unfinished === null,
    10_000,
  );

describe('the trainer’s exercises, checked from the service’s records and the ledger', () => {
  test('First booking: booked and paid once passes; booking the traveler again after the first went through fails, saying so', async () => {
    const { core } = await startCore(await sandbox());
    await start(core, 'first-booking');
    await bookFor(core, { name: 'Maria', surname: 'Santos' }, 'pm_card_visa');
    const right = await checkWhenSettled(core);
    expect(right.attempt).toMatchObject({ exerciseId: 'first-booking', passed: true, problems: [] });

    await start(core, 'first-booking');
    await bookFor(core, { name: 'Maria', surname: 'Santos' }, 'pm_card_visa', 90);
    await bookFor(core, { name: 'Maria', surname: 'Santos' }, 'pm_card_visa', 120);
    const wrong = await checkWhenSettled(core);
    expect(wrong.attempt.passed).toBe(false);
    expect(wrong.attempt.problems).toEqual([
      '2 bookings were made for Maria Santos although the first had already gone through: the traveler would be booked, and charged, twice.',
    ]);
  });

  test('a booking still waiting for its supplier is not over yet: the exercise stays open until it is Paid', async () => {
    const { core } = await startCore(await sandbox({ controls: { supplierDelayMs: 1_500 } }));
    await start(core, 'first-booking');
    await bookFor(core, { name: 'Maria', surname: 'Santos' }, 'pm_card_visa');
    const early = await check(core);
    expect(early.unfinished).toBe(
      'The booking for Maria Santos is still waiting for the supplier (Confirming): check again once it has settled.',
    );
    expect(early.attempt.finishedAt).toBeNull();
    expect((await core.handlers['training:exercises']({})).underWay?.id).toBe(early.attempt.id);
    expect((await checkWhenSettled(core)).attempt).toMatchObject({ id: early.attempt.id, passed: true });
  });

  test('The card is declined: its scenario is on while the trainee works, the held booking passes, and the service is normal again after', async () => {
    const service = await sandbox();
    const { core } = await startCore(service);
    await start(core, 'card-declined');
    expect(service.controls.current.cardOutcome).toBe('decline');
    await bookFor(core, { name: 'Jon', surname: 'Berg' }, 'pm_card_visa');
    expect((await check(core)).attempt).toMatchObject({ passed: true, problems: [] });
    expect(service.controls.current.cardOutcome).toBe('as_card');

    await start(core, 'card-declined');
    const quote = await quoteThroughEngine(core, 1, 90);
    const hold = await core.engine.startHold(quote, [28, 29]);
    await core.engine.prebook(hold.holdId, { name: 'Jon', surname: 'Berg', email: 'jon.berg@example.com' });
    expect((await check(core)).attempt.problems).toEqual(['His card was never tried: take the payment, and see the bank decline it.']);
  });

  test('The answer was lost: the payment’s answer never comes, the counter finds the booking Paid, charged once: passed', async () => {
    const service = await sandbox();
    const { core } = await startCore(service, { requestTimeoutMs: 500 });
    await start(core, 'answer-lost');
    const booking = await bookFor(core, { name: 'Sara', surname: 'Lind' }, 'pm_card_visa');
    // The hold's answer came back; the payment's did not.
    const events = service.service.ledger(booking.serviceBookingId ?? 0).events.map((event) => (event as { type: string }).type);
    expect(events).toContain('authorized');
    expect((await checkWhenSettled(core)).attempt).toMatchObject({ passed: true, problems: [] });
    expect(core.ledger.get(booking.id)?.status).toBe('Paid');
  });

  test('The answer was lost: a booking Packdesk flagged for the agent to check fails until the agent has checked it', async () => {
    const { core } = await startCore(await sandbox());
    // What the reconciler writes when it finds a lost payment's booking made after the agent left it.
    const told = 'The payment’s answer was lost; the service shows it went through. Charged once: tell the traveler the booking is made.';
    await start(core, 'answer-lost');
    const checked = await bookFor(core, { name: 'Sara', surname: 'Lind' }, 'pm_card_visa');
    await waitUntil(
      async () => core.ledger.get(checked.id),
      (row) => row?.status === 'Paid',
      5_000,
    );
    core.ledger.update(checked.id, { attention: told });
    await core.handlers['bookings:acknowledge']({ bookingId: checked.id });
    expect((await checkWhenSettled(core)).attempt).toMatchObject({ passed: true, problems: [] });

    await start(core, 'answer-lost');
    const unchecked = await bookFor(core, { name: 'Sara', surname: 'Lind' }, 'pm_card_visa', 90);
    await waitUntil(
      async () => core.ledger.get(unchecked.id),
      (row) => row?.status === 'Paid',
      5_000,
    );
    core.ledger.update(unchecked.id, { attention: told });
    expect((await checkWhenSettled(core)).attempt).toMatchObject({
      passed: false,
      problems: [
        `Packdesk asked to check the booking for Sara Lind (“${told}”), and nobody did: open it in Bookings, tell the traveler, and press “I have checked it”.`,
      ],
    });
  });

  test('Cancel at the traveler’s request: the Paid booking prepared for it, cancelled, passes; left as it was, fails', async () => {
    const { core } = await startCore(await sandbox());
    const given = await start(core, 'cancel-on-request');
    const prepared = core.ledger.list({ profileId: 1, query: 'Weber' }).rows[0];
    expect(prepared).toMatchObject({ status: 'Paid', holder: { name: 'Paul', surname: 'Weber' } });
    await core.engine.cancel(prepared?.id ?? 0, 'The traveler cannot travel');
    expect((await check(core)).attempt).toMatchObject({ id: given.attempt.id, passed: true });

    await start(core, 'cancel-on-request');
    const report = await check(core);
    expect(report.attempt.passed).toBe(false);
    expect(report.attempt.problems).toEqual(['Paul Weber’s booking is Paid; it should be Cancelled.']);
  });

  test('A later date: the booking prepared for it costs more two days later, and a new booking instead of the change fails', async () => {
    const { core } = await startCore(await sandbox());
    await start(core, 'later-date');
    const prepared = core.ledger.list({ profileId: 1, query: 'Nunes' }).rows[0];
    expect(prepared?.status).toBe('Paid');
    const later = await core.engine.price({
      packageId: prepared?.packageId ?? 0,
      packageTitle: prepared?.packageTitle ?? '',
      propertyId: prepared?.propertyId ?? 0,
      propertyName: prepared?.propertyName ?? '',
      checkIn: new Date(Date.parse(`${prepared?.checkIn}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10),
      checkOut: new Date(Date.parse(`${prepared?.checkOut}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10),
      adults: 2,
    });
    expect(later.available && later.totalMinor > (prepared?.totalMinor ?? Infinity)).toBe(true);
    await bookFor(core, { name: 'Clara', surname: 'Nunes' }, 'pm_card_visa', 150);
    const wrong = await checkWhenSettled(core);
    expect(wrong.attempt.passed).toBe(false);
    expect(wrong.attempt.problems).toContain('A new booking was made for Clara Nunes; her booking was to be changed, not made again.');
  });

  test('the session report counts every try, passed and failed, with its time', async () => {
    const { core } = await startCore(await sandbox());
    await start(core, 'first-booking');
    await bookFor(core, { name: 'Maria', surname: 'Santos' }, 'pm_card_visa');
    await checkWhenSettled(core);
    await start(core, 'supplier-refuses');
    // Started another before finishing: the first is ended as not done.
    await start(core, 'three-d-secure');
    const report = await core.handlers['training:report']({});
    expect(report).toMatchObject({ trainee: 'Training', passed: 1, failed: 1 });
    expect(report.attempts.map((attempt) => [attempt.exerciseId, attempt.passed])).toEqual([
      ['first-booking', true],
      ['supplier-refuses', false],
      ['three-d-secure', null],
    ]);
    expect(report.attempts[1]?.problems).toEqual(['Left unfinished: another exercise was started.']);
  });

  test('each trainee works on a training profile of their own: bookings, exercises and reports stay apart', async () => {
    const service = await sandbox();
    const { core } = await startCore(service);
    await start(core, 'first-booking');
    await bookFor(core, { name: 'Maria', surname: 'Santos' }, 'pm_card_visa');
    await checkWhenSettled(core);

    const trainee = await core.handlers['training:add-trainee']({ name: 'Ana (Tuesday class)' });
    expect(core.profiles.active()).toMatchObject({ id: trainee.id, kind: 'training', builtIn: true });
    // Maria Santos was booked by the first trainee: for this one, the first booking is still to do.
    await start(core, 'first-booking');
    const nothingYet = await check(core);
    expect(nothingYet.attempt.problems).toEqual(['No booking for Maria Santos reached the service.']);
    await start(core, 'first-booking');
    await bookFor(core, { name: 'Maria', surname: 'Santos' }, 'pm_card_visa', 90);
    expect((await checkWhenSettled(core)).attempt.passed).toBe(true);

    expect(await core.handlers['training:report']({})).toMatchObject({ trainee: 'Ana (Tuesday class)', passed: 1, failed: 1 });
    expect(core.ledger.list({ profileId: trainee.id }).rows).toHaveLength(1);
    // At the service too: the Training profile's organization holds only its own Maria Santos.
    expect(service.service.bookingsSince(service.keys.organizationId, '2000-01-01T00:00:00Z')).toHaveLength(1);
    await core.profiles.activate(1);
    expect(await core.handlers['training:report']({})).toMatchObject({ trainee: 'Training', passed: 1, failed: 0 });
    expect(core.ledger.list({ profileId: 1 }).rows).toHaveLength(1);
  });

  test('a fresh training day empties this trainee’s ledger, bookings at the service, exercises and report, and no one else’s', async () => {
    const service = await sandbox();
    const { core } = await startCore(service);
    await bookFor(core, { name: 'Maria', surname: 'Santos' }, 'pm_card_visa');
    const trainee = await core.handlers['training:add-trainee']({ name: 'Ana' });
    await start(core, 'first-booking');
    await bookFor(core, { name: 'Maria', surname: 'Santos' }, 'pm_card_visa', 90);
    await checkWhenSettled(core);
    const traineeAtService = () =>
      service.service.bookingsSince(service.organizationFor(`profile-${trainee.id}`).organizationId, '2000-01-01T00:00:00Z');
    expect(traineeAtService()).toHaveLength(1);

    // A write still being checked stops it: its outcome would have nowhere to go.
    const [traineeBooking] = core.ledger.list({ profileId: trainee.id }).rows;
    const { intentId } = core.ledger.beginWrite('cancel', traineeBooking?.id ?? 0, { reason: 'The traveler called' });
    await expect(core.handlers['training:fresh-day']({})).rejects.toMatchObject({ code: 'writes_open' });
    core.ledger.finishWrite(intentId, 'failed');

    expect(await core.handlers['training:fresh-day']({})).toEqual({ bookings: 1 });
    expect(core.ledger.list({ profileId: trainee.id }).rows).toEqual([]);
    expect(traineeAtService()).toEqual([]);
    expect((await core.handlers['training:report']({})).attempts).toEqual([]);
    // The Training profile's booking, in the ledger and at the service, is untouched.
    expect(core.ledger.list({ profileId: 1 }).rows).toHaveLength(1);
    expect(service.service.bookingsSince(service.keys.organizationId, '2000-01-01T00:00:00Z')).toHaveLength(1);
  });
});

/**
 * What a booking costs the disk: every write to the service is two fsynced commits (its intent, with
 * the in-flight mark and the timeline entry, before the call; its outcome with the ledger change
 * after), and reading what the service shows is never fsynced. `durableCommits` counts the first kind.
 */
import { describe, expect, test } from 'vitest';
import type { PushedEvent } from '../../../shared/ipc';
import { heldBooking, quoteThroughEngine, scriptedWindows, useCore, waitUntil } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';

const core = useCore();
const sandbox = useSandbox();

describe('durable commits', () => {
  test('a card booking from search to Paid is four: a hold and a payment, each an intent before its call and an outcome after', async () => {
    // The supplier answers after a while, so the tracker reads the booking more than once before it is Paid.
    const service = await sandbox({ controls: { supplierDelayMs: 150 } });
    const { core: engineCore } = await core(service);
    const { ledger } = engineCore;
    const before = ledger.durableCommits();

    const quote = await quoteThroughEngine(engineCore);
    expect(ledger.durableCommits() - before).toBe(0);
    const hold = await engineCore.engine.startHold(quote, [30, 31]);
    const booking = await engineCore.engine.prebook(hold.holdId, { name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' });
    expect(ledger.durableCommits() - before).toBe(2);

    await engineCore.handlers['payments:pay']({ bookingId: booking.id, paymentMethodId: 'pm_card_visa' });
    expect(ledger.durableCommits() - before).toBe(4);
    const paid = await waitUntil(
      () => ledger.get(booking.id),
      (record) => record?.status === 'Paid',
    );
    // Confirming, then Paid: read, applied and scheduled without an fsync (a lost read is read again).
    expect(ledger.timeline(booking.id).filter((event) => event.type === 'status').length).toBeGreaterThanOrEqual(1);
    expect(ledger.durableCommits() - before).toBe(4);

    // A read that shows nothing new changes nothing durable either.
    await engineCore.engine.refresh(paid?.id as number);
    expect(ledger.durableCommits() - before).toBe(4);
  });

  test('each write’s intent and its timeline entry are one commit, made before the request leaves', async () => {
    const service = await sandbox();
    const { core: engineCore } = await core(service);
    const { booking } = await heldBooking(engineCore);
    const atStart = engineCore.ledger.durableCommits();
    // The service sees the book request only after the intent is on disk: counted and in the timeline.
    const seenAtSend: { commits: number; timeline: string[] }[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      const [target] = args;
      const url = typeof target === 'string' ? target : target instanceof URL ? target.href : target.url;
      if (url.endsWith('/book'))
        seenAtSend.push({
          commits: engineCore.ledger.durableCommits() - atStart,
          timeline: engineCore.ledger.timeline(booking.id).map((event) => event.type),
        });
      return original(...args);
    };
    try {
      await engineCore.payments.payWith(booking.id, 'pm_card_visa');
    } finally {
      globalThis.fetch = original;
    }
    expect(seenAtSend).toEqual([{ commits: 1, timeline: ['prebooked', 'book_intent'] }]);
    expect(engineCore.ledger.durableCommits() - atStart).toBe(2);
  });

  test('a closed 3-D Secure window is one commit on the timeline, told to the screen like any change', async () => {
    const service = await sandbox();
    const closing = scriptedWindows('close');
    const { core: engineCore } = await core(service, { paymentWindows: closing.windows });
    const { booking } = await heldBooking(engineCore);
    const pushed: PushedEvent[] = [];
    engineCore.events.subscribe((event) => pushed.push(event));
    const atStart = engineCore.ledger.durableCommits();

    await expect(engineCore.payments.pay(booking.id, { paymentMethodId: 'pm_card_threeDSecure2Required' })).rejects.toMatchObject({
      code: 'authentication_closed',
    });
    // The book that asked for 3-D Secure (intent, outcome), then the closed window.
    expect(engineCore.ledger.durableCommits() - atStart).toBe(3);
    expect(engineCore.ledger.timeline(booking.id).at(-1)).toMatchObject({ type: 'authentication_closed' });
    const changes = pushed.filter((event) => event.name === 'event:booking-change');
    expect(changes.length).toBe(3);
  });
});

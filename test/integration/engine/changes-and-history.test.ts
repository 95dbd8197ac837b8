import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import type { BookingRecord } from '../../../shared/bookings';
import { heldBooking, paidAtCounter, useCore, waitUntil } from '../../support/engine-helpers';
import { DIALECTS } from '../../support/dialects';
import { daysFromNow, useSandbox } from '../../support/sandbox-helpers';

const core = useCore();

/** Dates a number of days later where the same stay costs less (or more). */
async function shiftedDates(engineCore: Core, booking: BookingRecord, cheaper: boolean) {
  for (let days = 1; days < 150; days += 1) {
    const checkIn = new Date(Date.parse(booking.checkIn) + days * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.parse(booking.checkOut) + days * 86_400_000).toISOString().slice(0, 10);
    const quote = await engineCore.engine.price({
      packageId: booking.packageId,
      packageTitle: booking.packageTitle,
      propertyId: booking.propertyId,
      propertyName: booking.propertyName,
      checkIn,
      checkOut,
      adults: booking.adults,
    });
    if (quote.available && (cheaper ? quote.totalMinor < booking.totalMinor : quote.totalMinor > booking.totalMinor))
      return { checkIn, checkOut, total: quote.totalMinor };
  }
  throw new Error('no such dates');
}

describe.each(DIALECTS)('cancel, change and history, against the %s dialect', (dialect) => {
  const sandbox = useSandbox({ dialect });

  describe('cancel', () => {
    test('a paid booking is cancelled with its reason; the history and timeline say so', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 20 } });
      const { core: engineCore } = await core(service);
      const booking = await paidAtCounter(engineCore);
      const cancelled = await engineCore.engine.cancel(booking.id, 'Traveler fell ill');
      expect(cancelled.status).toBe('Cancelled');
      expect(engineCore.ledger.timeline(booking.id).at(-1)).toMatchObject({ type: 'cancelled', summary: 'Cancelled: Traveler fell ill' });
      await expect(engineCore.engine.cancel(booking.id, 'again')).rejects.toMatchObject({ code: 'already_cancelled' });
    });
  });

  describe('modification', () => {
    test('cheaper dates: preview says refund, confirm completes; dates and total updated', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 20 } });
      const { core: engineCore } = await core(service);
      const booking = await paidAtCounter(engineCore);
      const dates = await shiftedDates(engineCore, booking, true);
      const change = { bookingId: booking.id, dates: { checkIn: dates.checkIn, checkOut: dates.checkOut } };
      const preview = await engineCore.engine.previewChange(change);
      // `direction` is the service's own word (only `charge` is in the spec): kept as it came, never relied on.
      expect(preview).toEqual({
        netPriceDiffMinor: dates.total - booking.totalMinor,
        direction: expect.any(String),
        paymentRequired: false,
        paymentAmountMinor: 0,
        refundAmountMinor: booking.totalMinor - dates.total,
        currency: booking.currency,
      });
      const changed = await engineCore.engine.confirmChange(change);
      expect(changed).toMatchObject({
        status: 'Paid',
        checkIn: dates.checkIn,
        checkOut: dates.checkOut,
        totalMinor: dates.total,
        pendingModification: null,
      });
    });

    test('dearer dates: payment required, kept on the booking; once the traveler pays the link, the tracker sees the change land', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 20 } });
      const { core: engineCore } = await core(service);
      const booking = await paidAtCounter(engineCore);
      const dates = await shiftedDates(engineCore, booking, false);
      const change = { bookingId: booking.id, dates: { checkIn: dates.checkIn, checkOut: dates.checkOut } };
      expect(await engineCore.engine.previewChange(change)).toMatchObject({
        direction: 'charge',
        paymentRequired: true,
        paymentAmountMinor: dates.total - booking.totalMinor,
      });
      const changed = await engineCore.engine.confirmChange(change);
      expect(changed.pendingModification).toEqual({
        reference: expect.stringMatching(/^MOD/),
        paymentLink: expect.stringContaining('/sandbox/pay/modification/MOD'),
        amountMinor: dates.total - booking.totalMinor,
        checkIn: dates.checkIn,
        checkOut: dates.checkOut,
        propertyName: booking.propertyName,
        requestedAt: expect.any(String),
      });
      expect(changed.checkIn).toBe(booking.checkIn);
      const reference = changed.pendingModification?.reference as string;
      // Found by type: the tracker may already have added the service's new status after it.
      expect(engineCore.ledger.timeline(booking.id)).toContainEqual(
        expect.objectContaining({ type: 'modification_payment_required', summary: expect.stringContaining(reference) }),
      );
      expect(engineCore.ledger.list({ profileId: 1, query: reference }).total).toBe(1);

      // Unpaid, the tracker keeps the booking as it is.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(engineCore.ledger.get(booking.id)).toMatchObject({
        checkIn: booking.checkIn,
        totalMinor: booking.totalMinor,
        pendingModification: { reference },
      });

      // The traveler pays at the link: nobody touches Packdesk, and the booking changes by itself.
      expect((await fetch(changed.pendingModification?.paymentLink as string, { method: 'POST' })).status).toBe(200);
      const landed = await waitUntil(
        () => engineCore.ledger.get(booking.id),
        (record) => record?.pendingModification === null && record.status === 'Paid',
      );
      expect(landed).toMatchObject({ status: 'Paid', checkIn: dates.checkIn, checkOut: dates.checkOut, totalMinor: dates.total });
      expect(engineCore.ledger.timeline(booking.id)).toContainEqual(
        expect.objectContaining({
          type: 'modified',
          summary: expect.stringContaining(`Change ${reference} paid by the traveler and made`),
        }),
      );
    });

    async function waitingChange(engineCore: Core) {
      const booking = await paidAtCounter(engineCore);
      const dates = await shiftedDates(engineCore, booking, false);
      const change = { bookingId: booking.id, dates: { checkIn: dates.checkIn, checkOut: dates.checkOut } };
      await engineCore.engine.previewChange(change);
      const waiting = await engineCore.engine.confirmChange(change);
      return {
        booking,
        dates,
        waiting,
        reference: waiting.pendingModification?.reference as string,
        link: waiting.pendingModification?.paymentLink as string,
      };
    }

    test('a change marked abandoned is hidden, yet if the traveler pays its link after all, the booking changes', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 20 } });
      const { core: engineCore } = await core(service);
      const { booking, dates, reference, link } = await waitingChange(engineCore);
      const abandoned = await engineCore.engine.resolvePendingChange(booking.id, 'abandoned', 'Traveler keeps the old dates');
      expect(abandoned).toMatchObject({ pendingModification: null, checkIn: booking.checkIn, totalMinor: booking.totalMinor });
      expect(engineCore.ledger.timeline(booking.id).map((event) => event.summary)).toContainEqual(
        expect.stringContaining(`Change ${reference} marked abandoned by the agent: the booking keeps its dates and room.`),
      );
      await expect(engineCore.engine.resolvePendingChange(booking.id, 'paid', '')).rejects.toMatchObject({ code: 'no_change_waiting' });

      expect((await fetch(link, { method: 'POST' })).status).toBe(200);
      const landed = await waitUntil(
        () => engineCore.ledger.get(booking.id),
        (record) => record?.checkIn === dates.checkIn,
        10_000,
      );
      expect(landed).toMatchObject({ checkOut: dates.checkOut, totalMinor: dates.total, pendingModification: null });
      expect(engineCore.ledger.timeline(booking.id).map((event) => event.summary)).toContainEqual(
        expect.stringContaining(`Change ${reference}, marked abandoned, was paid by the traveler after all and made`),
      );
    });

    test('"paid" on the agent’s word is checked with the service: refused while it shows the change unpaid, or recorded as the agent’s word where it cannot tell, and confirmed once it shows it', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 20 } });
      const { core: engineCore } = await core(service);
      const { booking, dates, reference, link } = await waitingChange(engineCore);
      if (dialect === 'standard') {
        // The booking read back shows the old stay: the change is not made.
        await expect(engineCore.engine.resolvePendingChange(booking.id, 'paid', 'Traveler says done')).rejects.toMatchObject({
          code: 'change_not_paid',
          message: expect.stringContaining(`still shows change ${reference} unpaid`),
        });
        expect(engineCore.ledger.get(booking.id)).toMatchObject({ checkIn: booking.checkIn, pendingModification: { reference } });
        return;
      }
      // This service shows neither the stay nor a preview while the change waits: the agent's word is recorded as such, and watched.
      const marked = await engineCore.engine.resolvePendingChange(booking.id, 'paid', 'Receipt seen on the phone');
      expect(marked).toMatchObject({ pendingModification: null, checkIn: dates.checkIn, totalMinor: dates.total });
      expect(engineCore.ledger.timeline(booking.id).map((event) => event.summary)).toContainEqual(
        expect.stringContaining('this is the agent’s word. Note: Receipt seen on the phone'),
      );
      expect((await fetch(link, { method: 'POST' })).status).toBe(200);
      const confirmed = `The service now shows change ${reference}, marked paid by the agent, made: ${dates.checkIn} to ${dates.checkOut}.`;
      await waitUntil(
        () => engineCore.ledger.timeline(booking.id).map((event) => event.summary),
        (summaries) => summaries.includes(confirmed),
        10_000,
      );
      expect(engineCore.ledger.get(booking.id)).toMatchObject({ checkIn: dates.checkIn, totalMinor: dates.total, attention: null });
    });

    test('a new room at the same price completes with no charge', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 20 } });
      const { core: engineCore } = await core(service);
      const booking = await paidAtCounter(engineCore);
      const quote = await engineCore.engine.price({
        packageId: booking.packageId,
        packageTitle: booking.packageTitle,
        propertyId: booking.propertyId,
        propertyName: booking.propertyName,
        checkIn: booking.checkIn,
        checkOut: booking.checkOut,
        adults: booking.adults,
      });
      if (!quote.available) throw new Error('expected the room to be available');
      const change = {
        bookingId: booking.id,
        room: { availabilityId: quote.availabilityId, propertyId: quote.propertyId, propertyName: quote.propertyName },
      };
      expect(await engineCore.engine.previewChange(change)).toMatchObject({
        netPriceDiffMinor: 0,
        paymentRequired: false,
        refundAmountMinor: 0,
      });
      const changed = await engineCore.engine.confirmChange(change);
      expect(changed).toMatchObject({ totalMinor: booking.totalMinor, items: [{ availability_id: quote.availabilityId }] });
    });
  });

  describe('history', () => {
    test('full-text search on holder, e-mail, references, package and property; filters; newest first; paged; CSV', async () => {
      const service = await sandbox({ controls: { supplierDelayMs: 20 } });
      const { core: engineCore } = await core(service);
      const first = await heldBooking(engineCore, 1, 60);
      const second = await heldBooking(engineCore, 35, 70);
      await engineCore.engine.cancel(first.booking.id, 'no longer needed');
      const list = (query: Partial<Parameters<typeof engineCore.ledger.list>[0]>) =>
        engineCore.ledger.list({ profileId: 1, ...query }).rows.map((row) => row.id);

      expect(list({})).toEqual([second.booking.id, first.booking.id]);
      expect(list({ query: 'kyoto' })).toEqual([second.booking.id]);
      expect(list({ query: 'gion' })).toEqual([second.booking.id]);
      expect(list({ query: 'ana.silva@example' })).toEqual([second.booking.id, first.booking.id]);
      expect(list({ query: 'sil' })).toEqual([second.booking.id, first.booking.id]);
      expect(list({ query: String(first.booking.serviceBookingId) })).toEqual([first.booking.id]);
      expect(list({ query: first.booking.clientReference })).toEqual([first.booking.id]);
      expect(list({ statuses: ['Cancelled'] })).toEqual([first.booking.id]);
      expect(list({ from: daysFromNow(65) })).toEqual([second.booking.id]);
      expect(list({ limit: 1, offset: 1 })).toEqual([first.booking.id]);
      expect(engineCore.ledger.list({ profileId: 2 }).total).toBe(0);

      const { lines: written, rows } = engineCore.ledger.exportCsv({ profileId: 1, statuses: ['Pending'] });
      const csv = [...written].join('');
      expect(rows).toBe(1);
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toBe(
        'Local id,Service booking id,Booking reference,Client reference,Status,Package,Property,Check-in,Check-out,Adults,Holder,E-mail,Total (minor units),Currency,Mode,Created,Made by,Last changed by,Change approved by,Changed at counter,Counter',
      );
      expect(lines[1]).toContain('Kyoto Temples & Gardens,Gion Ryokan');
      expect(lines[1]).toContain(',training,');
      // In no agency every booking was made here; made by the engine itself (no call), so by nobody named.
      expect(lines[1]?.endsWith(',,,,,This counter')).toBe(true);
    });

    test('CSV cells that a spreadsheet would run as a formula are defused', async () => {
      const service = await sandbox();
      const { core: engineCore } = await core(service);
      const { quote } = await heldBooking(engineCore);
      const hold = await engineCore.engine.startHold(quote, [30, 31]).catch(() => null);
      expect(hold).not.toBeNull();
      await engineCore.engine
        .prebook((hold as { holdId: string }).holdId, { name: '=HYPERLINK("http://evil")', surname: 'Doe, Jr', email: 'x@example.com' })
        .catch(() => null);
      const csv = [...engineCore.ledger.exportCsv({ profileId: 1 }).lines].join('');
      expect(csv).toContain(`"'=HYPERLINK(""http://evil"") Doe, Jr"`);
    });
  });
});

/**
 * The end-of-day report against the built-in service's own payment records: every movement the
 * service recorded for the day's bookings is a line, the totals are its sums, the CSV written by main
 * as a stream parses back to the same, and what is authorized but not captured at the close is named.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { BookingRecord } from '../../../shared/bookings';
import type { EndOfDay } from '../../../shared/reports';
import { heldBooking, paidAtCounter, useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { parsedCsv, savingInto } from '../../support/report-csv';
import { serviceTotals } from '../../support/service-totals';
import { changed } from '../../support/stay-changes';
import { useTempDir } from '../../support/temp-dir';

const core = useCore();
const sandbox = useSandbox();
const tempDir = useTempDir();
const TODAY = () => new Date().toISOString().slice(0, 10);
const KIND_OF = { authorization: 'authorized', capture: 'captured', release: 'released', refund: 'refunded', charge: 'paid_at_link' };

async function call<T>(counter: Core, channel: string, input: unknown): Promise<T> {
  const answer = await createDispatcher(counter.handlers)(channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
  return answer.value as T;
}

describe('the end-of-day report', () => {
  test('every movement the service recorded is a line; the totals and the CSV (streamed by main) are the service’s to the minor unit', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const folder = tempDir();
    const { core: counter } = await core(service, { fileSaver: savingInto(folder) });
    const profileId = counter.profiles.active().id;
    const bookings: BookingRecord[] = [await paidAtCounter(counter, 1, 150), await paidAtCounter(counter, 25, 160)];
    const cancelled = await paidAtCounter(counter, 1, 170);
    await counter.engine.cancel(cancelled.id, 'Traveler fell ill');
    bookings.push(cancelled);
    const cheaper = await paidAtCounter(counter, 1, 180);
    await changed(counter, cheaper, true);
    bookings.push(cheaper);

    const report = await call<EndOfDay>(counter, 'reports:end-of-day', { profileId, day: TODAY() });
    const serviceLines = bookings.flatMap((booking) =>
      (
        service.service.ledger(booking.serviceBookingId as number).payments as unknown as {
          kind: keyof typeof KIND_OF;
          amount_minor: number;
        }[]
      ).map((payment) => [booking.clientReference, KIND_OF[payment.kind], payment.amount_minor]),
    );
    const lineOf = (line: EndOfDay['movements'][number]) => [line.clientReference, line.kind, line.amountMinor];
    expect(report.movements.map(lineOf).sort()).toEqual(serviceLines.sort());
    expect(report.totals).toEqual(serviceTotals(service, bookings));
    expect(report.unsettled).toEqual([]);

    const saved = await call<{ path: string; movements: number }>(counter, 'reports:end-of-day-csv', { profileId, day: TODAY() });
    expect(saved.movements).toBe(report.movements.length);
    const [header, ...rows] = parsedCsv(readFileSync(saved.path, 'utf8'));
    expect(header).toEqual(['Time (UTC)', 'Movement', 'Amount (minor units)', 'Currency', 'Booking', 'Reference', 'Traveler', 'Agent']);
    const movementRows = rows.filter((row) => row[0] !== 'Total');
    expect(movementRows.map((row) => [row[4], row[1]?.replace('paid at a link', 'paid_at_link'), Number(row[2])]).sort()).toEqual(
      serviceLines.sort(),
    );
    expect(rows.filter((row) => row[0] === 'Total').map((row) => [row[3], Number(row[2])])).toEqual(
      report.totals.map((total) => [total.currency, total.takings]),
    );
  });

  test('a payment the supplier has not confirmed at the close is named as unsettled; a declined card moves nothing', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 600_000 } });
    const { core: counter } = await core(service);
    const profileId = counter.profiles.active().id;
    const waiting = (await heldBooking(counter, 1, 150)).booking;
    await counter.payments.payWith(waiting.id, 'pm_card_visa');
    const declined = (await heldBooking(counter, 1, 160)).booking;
    await expect(counter.payments.payWith(declined.id, 'pm_card_chargeDeclined')).rejects.toMatchObject({ code: 'card_declined' });

    const report = await call<EndOfDay>(counter, 'reports:end-of-day', { profileId, day: TODAY() });
    expect(report.movements.map((line) => [line.clientReference, line.kind, line.amountMinor])).toEqual([
      [waiting.clientReference, 'authorized', waiting.totalMinor],
    ]);
    expect(report.unsettled).toEqual([{ currency: waiting.currency, amountMinor: waiting.totalMinor, bookings: 1 }]);
    expect(report.totals).toEqual([expect.objectContaining({ currency: waiting.currency, authorized: waiting.totalMinor, takings: 0 })]);
  });

  test('a day with nothing sold has no lines and no totals', async () => {
    const { core: counter } = await core(await sandbox());
    const report = await call<EndOfDay>(counter, 'reports:end-of-day', { profileId: counter.profiles.active().id, day: '2020-02-02' });
    expect(report).toEqual({ day: '2020-02-02', movements: [], totals: [], unsettled: [], changesWaitingTotal: 0 });
  });
});

/** The period report against the built-in service: the sellers, the rates, how far ahead, and the money of the days, from the ledger's index and kept sums. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { BookingRecord } from '../../../shared/bookings';
import type { PeriodReport } from '../../../shared/reports';
import { paidAtCounter, useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { parsedCsv, savingInto } from '../../support/report-csv';
import { serviceTotals } from '../../support/service-totals';
import { changed } from '../../support/stay-changes';
import { useTempDir } from '../../support/temp-dir';

const core = useCore();
const sandbox = useSandbox({ controls: { supplierDelayMs: 20 } });
const tempDir = useTempDir();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const dispatchOf = (counter: Core) => createDispatcher(counter.handlers);

describe('the period report', () => {
  test('a month: top sellers by package and hotel, cancellation and change rates, days booked ahead, and the service’s money', async () => {
    const service = await sandbox();
    const folder = tempDir();
    const { core: counter } = await core(service, { fileSaver: savingInto(folder) });
    const profileId = counter.profiles.active().id;
    const bookings: BookingRecord[] = [
      await paidAtCounter(counter, 1, 150),
      await paidAtCounter(counter, 1, 160),
      await paidAtCounter(counter, 25, 170),
    ];
    await counter.engine.cancel((bookings[1] as BookingRecord).id, 'Traveler fell ill');
    await changed(counter, bookings[0] as BookingRecord, true);

    const answer = await dispatchOf(counter)('reports:period', { profileId, from: day(-20), to: day(0) });
    if (!answer.ok) throw new Error(answer.error.message);
    const report = answer.value as PeriodReport;
    const [lisbon, london] = [bookings[0] as BookingRecord, bookings[2] as BookingRecord];
    expect(report).toMatchObject({ made: 3, cancelled: 1, changed: 1 });
    expect(report.topPackages).toEqual([
      { name: lisbon.packageTitle, made: 2, cancelled: 1 },
      { name: london.packageTitle, made: 1, cancelled: 0 },
    ]);
    expect(report.topHotels[0]).toEqual({ name: lisbon.propertyName, made: 2, cancelled: 1 });
    // Booked 150 to 170 days (and more, where the first stays were taken) before check-in; the change moved one later.
    const ahead = bookings.map((booking) => (Date.parse(counter.ledger.get(booking.id)?.checkIn ?? '') - Date.parse(day(0))) / 86_400_000);
    expect(report.averageDaysAhead).toBeCloseTo(ahead.reduce((sum, days) => sum + days, 0) / 3, 0);
    expect(report.money).toEqual(serviceTotals(service, bookings));

    // Its CSV, written by main as a stream: a line per booking as the ledger holds it now, then the takings per currency.
    const csv = await dispatchOf(counter)('reports:period-csv', { profileId, from: day(-20), to: day(0) });
    if (!csv.ok) throw new Error(csv.error.message);
    const saved = csv.value as { path: string; bookings: number };
    expect(saved.bookings).toBe(3);
    const [header, ...rows] = parsedCsv(readFileSync(saved.path, 'utf8'));
    expect(header?.slice(0, 4)).toEqual(['Made (UTC)', 'Booking', 'Reference', 'Package']);
    const bookingRows = rows.filter((row) => row[0] !== 'Total');
    const now = bookings.map((booking) => counter.ledger.get(booking.id) as BookingRecord);
    expect(bookingRows.map((row) => [row[1], row[7], row[8], Number(row[9]), row[10]])).toEqual(
      now.map((booking, index) => [
        booking.clientReference,
        booking.status,
        index === 0 ? 'yes' : 'no',
        booking.totalMinor,
        booking.currency,
      ]),
    );
    expect(rows.filter((row) => row[0] === 'Total').map((row) => [row[10], Number(row[9])])).toEqual(
      report.money.map((line) => [line.currency, line.takings]),
    );

    // A period before anything was sold has nothing in it.
    const before = await dispatchOf(counter)('reports:period', { profileId, from: '2020-01-01', to: '2020-01-31' });
    expect(before).toMatchObject({ ok: true, value: { made: 0, topPackages: [], money: [], averageDaysAhead: null } });
  });

  test('a period longer than a year is refused with words asking to narrow it; nothing is read', async () => {
    const { core: counter } = await core(await sandbox());
    const answer = await dispatchOf(counter)('reports:period', {
      profileId: counter.profiles.active().id,
      from: '2025-01-01',
      to: '2026-01-15',
    });
    expect(answer).toMatchObject({ ok: false, error: { message: expect.stringContaining('narrow it to a year or less') } });
  });
});

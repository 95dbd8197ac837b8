import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { seedLedger } from '../support/seed-ledger';
import { DIALECTS } from '../support/dialects';
import { heldByEngine, otherDates, paidByEngine } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, shownMoney, sayCount, sayingFirst, sayMatching, shownNumber, sayBefore, ANY } from './words';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

/** A booking made and paid through the real engine, then confirmed by the training supplier. */
const paidBooking = (h: Harness, packageId: number, surname: string) =>
  paidByEngine(h, { name: 'Maria', surname, email: `maria.${surname.toLowerCase()}@example.com` }, packageId, 150);

/** Counts what the page asks of the main process from now on; resolves to the channels asked, in order. */
async function countCalls(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const target = window as unknown as { __packdeskInvoke: (channel: string, input: unknown) => Promise<unknown>; __calls: string[] };
    const original = target.__packdeskInvoke.bind(window);
    target.__calls = [];
    target.__packdeskInvoke = (channel, input) => {
      target.__calls.push(channel);
      return original(channel, input);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __calls: string[] }).__calls);
}

const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe.each(DIALECTS)('cancel and change, against the %s dialect', (dialect) => {
  test('find a booking and cancel it: the confirmation names the booking and the traveler', async () => {
    harness = await startHarness({ dialect });
    const { page } = harness;
    await paidBooking(harness, 1, 'Oliveira');
    const booking = await paidBooking(harness, 11, 'Costa');

    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 2));
    await harness.screenshot('bookings-list');
    // Main writes the file through the save dialog as a stream (in the harness: into the data folder).
    await page.getByRole('button', { name: say('audit.export') }).click();
    await expect
      .poll(() => page.getByTestId('export-saved').textContent())
      .toMatch(sayMatching('bookings.list.export.saved', { count: 2, shown: shownNumber(2) }));
    const saved =
      ((await page.getByTestId('export-saved').textContent()) ?? '').match(/\/\S*packdesk-training-bookings-\d{4}-\d{2}-\d{2}\.csv/)?.[0] ??
      '';
    const lines = readFileSync(saved, 'utf8').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[10])
        .sort(),
    ).toEqual(['Maria Costa', 'Maria Oliveira']);
    await page.keyboard.press('Control+f');
    await page.keyboard.type('costa');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    await page.getByRole('row', { name: /Maria Costa/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Maria Costa' }).isVisible()).toBe(true);
    await harness.screenshot('booking-detail');

    await page.getByRole('button', { name: say('bookings.detail.cancel') }).click();
    const dialog = page.getByRole('dialog', {
      name: say('bookings.cancel.title', { number: booking.serviceBookingId ?? '', traveler: 'Maria Costa' }),
    });
    await dialog.getByLabel(say('bookings.cancel.reason')).fill('Traveler changed plans');
    await harness.screenshot('cancel-dialog');
    await dialog.getByRole('button', { name: say('bookings.cancel.confirm', { traveler: 'Maria Costa' }) }).click();
    // The service's answer says Cancelled, and nothing about a refund: neither does Packdesk.
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toMatch(sayMatching('bookings.cancel.outcome', { status: 'Cancelled', paid: 'yes' }));
    expect(await dialog.getByRole('status').textContent()).not.toContain('refunded');
    await dialog.getByRole('button', { name: say('audit.outcome.done') }).click();
    await expect.poll(() => page.getByText(say('timeline.cancel.cancelled', { reason: 'Traveler changed plans' })).isVisible()).toBe(true);
    expect(harness.core.ledger.get(booking.id)?.status).toBe('Cancelled');
  });

  test.each([
    ['refund', true],
    ['charge', false],
  ])('a change of dates that means a %s, explained in words before it is confirmed', async (kind, cheaper) => {
    harness = await startHarness({ dialect });
    const { page } = harness;
    const booking = await paidBooking(harness, 1, 'Lima');
    const dates = await otherDates(harness, booking, cheaper);

    await page.keyboard.press('Control+b');
    await page.getByRole('row', { name: /Maria Lima/ }).click();
    await page.getByRole('button', { name: say('bookings.detail.modify') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(say('bookings.modify.checkIn')).fill(typed(dates.checkIn));
    await dialog.getByLabel(say('bookings.modify.checkOut')).fill(typed(dates.checkOut));
    await dialog.getByLabel(say('bookings.modify.checkOut')).press('Tab');
    await dialog.getByRole('button', { name: say('bookings.modify.preview') }).click();
    const expected = cheaper
      ? say('bookings.modify.price.refunded', { amount: shownMoney(booking.totalMinor - dates.total, booking.currency) })
      : say('bookings.modify.price.charged', { amount: shownMoney(dates.total - booking.totalMinor, booking.currency) });
    await expect.poll(() => dialog.getByTestId('change-summary').textContent()).toContain(expected);
    await harness.screenshot(`change-${kind}-preview`);

    if (cheaper) {
      await dialog.getByRole('button', { name: say('bookings.modify.confirm') }).click();
      await expect.poll(() => dialog.getByRole('status').textContent()).toBe(say('bookings.modify.outcome.changed'));
      expect(harness.core.ledger.get(booking.id)).toMatchObject({ checkIn: dates.checkIn, totalMinor: dates.total });
    } else {
      // Nothing opens by itself: the traveler gets the link or scans its QR code at the desk.
      const opened: unknown[] = [];
      page.context().on('page', (popup) => opened.push(popup));
      await dialog.getByRole('button', { name: say('bookings.modify.confirm') }).click();
      await expect.poll(() => dialog.getByRole('status').textContent()).toMatch(sayMatching('bookings.modify.outcome.waitingForPayment'));
      await dialog.getByRole('button', { name: say('audit.outcome.done') }).click();
      const panel = page.getByTestId('pending-change');
      await expect.poll(() => panel.isVisible()).toBe(true);
      expect(await panel.textContent()).toMatch(
        sayMatching('bookings.pendingChange.change', {
          stay: 'dates',
          priced: 'yes',
          amount: shownMoney(dates.total - booking.totalMinor, booking.currency),
        }),
      );
      const link = (await page.getByTestId('payment-link').textContent()) as string;
      expect(link).toMatch(/\/sandbox\/pay\/modification\/MOD/);
      expect(await page.getByTestId('payment-link-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      expect(opened).toEqual([]);
      await harness.screenshot('change-charge-pending');

      // The traveler pays on their phone; the booking on screen changes by itself, without a reload.
      expect((await fetch(link, { method: 'POST' })).status).toBe(200);
      await expect.poll(() => panel.isVisible(), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => page.getByText(shownMoney(dates.total, booking.currency)).first().isVisible()).toBe(true);
      expect(harness.core.ledger.get(booking.id)).toMatchObject({
        checkIn: dates.checkIn,
        totalMinor: dates.total,
        pendingModification: null,
      });
      await harness.screenshot('change-charge-paid');
    }
  });
});

describe('the booking history', () => {
  test('a change the traveler does not pay: the agent marks it abandoned, with a note the timeline keeps', async () => {
    harness = await startHarness();
    const { page } = harness;
    const booking = await paidBooking(harness, 1, 'Reis');
    const dates = await otherDates(harness, booking, false);
    const change = { bookingId: booking.id, dates: { checkIn: dates.checkIn, checkOut: dates.checkOut } };
    await harness.core.engine.previewChange(change);
    await harness.core.engine.confirmChange(change);

    await page.getByRole('button', { name: sayingFirst('nav.bookings') }).click();
    await page.getByRole('row', { name: /Maria Reis/ }).click();
    const panel = page.getByTestId('pending-change');
    await panel.getByRole('button', { name: say('bookings.pendingChange.markAbandoned.ask') }).click();
    await panel.getByLabel(say('bookings.pendingChange.note')).fill('Traveler keeps the April dates');
    await harness.screenshot('change-mark-abandoned');
    await panel.getByRole('button', { name: say('bookings.pendingChange.markAbandoned'), exact: true }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    await expect
      .poll(() =>
        page
          .getByText(sayMatching('timeline.change.markedAbandoned', { noted: 'yes', note: 'Traveler keeps the April dates' }))
          .isVisible(),
      )
      .toBe(true);
    expect(harness.core.ledger.get(booking.id)).toMatchObject({
      pendingModification: null,
      checkIn: booking.checkIn,
      totalMinor: booking.totalMinor,
    });
  });

  test('a new booking and its status changes reach the open bookings list from their events alone: no call back to the main process', async () => {
    const started = await startHarness({ trainingControls: { supplierDelayMs: 1_500 } });
    harness = started;
    const { page } = started;
    await paidBooking(started, 1, 'Sousa');
    const [entry] = (await started.core.engine.search('')).filter((candidate) => candidate.id === 2);
    const property = entry?.properties[0] as { id: number; name: string };
    let quote = null;
    for (let offset = 160; !quote?.available; offset += 1) {
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      quote = await started.core.engine.price({
        packageId: 2,
        packageTitle: entry?.title ?? '',
        propertyId: property.id,
        propertyName: property.name,
        checkIn: day(offset),
        checkOut: day(offset + 2),
        adults: 2,
      });
    }
    await page.getByRole('button', { name: sayingFirst('nav.bookings') }).click();
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));

    // Count what the page asks of the main process from here on.
    const calls = await countCalls(page);
    const hold = await started.core.engine.startHold(quote, [30, 31]);
    const booking = await started.core.engine.prebook(hold.holdId, { name: 'Rita', surname: 'Pinto', email: 'rita@example.com' });
    // The new booking goes on top, and the count with it.
    await expect.poll(() => page.getByRole('row', { name: /Rita Pinto/ }).getAttribute('aria-rowindex')).toBe('1');
    expect(await page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 2));
    expect(await page.getByRole('row', { name: /Maria Sousa/ }).getAttribute('aria-rowindex')).toBe('2');

    await started.core.payments.payWith(booking.id, 'pm_card_visa');
    started.core.reconciler.soon(booking.id);
    await expect
      .poll(() => page.getByRole('row', { name: /Rita Pinto/ }).textContent(), { timeout: 10_000 })
      .toContain(say('component.statusBadge.status.paid'));
    // Only the list's freshness probe (every 2 s, whatever happens; it reloads only for another writer's commit).
    expect((await calls()).filter((channel) => channel !== 'history:version')).toEqual([]);
  });

  test('an open booking’s status and timeline change from their events alone: no call back to the main process', async () => {
    const started = await startHarness({ trainingControls: { supplierDelayMs: 1_500 } });
    harness = started;
    const { page } = started;
    const booking = await heldByEngine(started, { name: 'Rita', surname: 'Pinto', email: 'rita@example.com' }, 1, 170);
    await page.keyboard.press('Control+b');
    await page.getByRole('row', { name: /Rita Pinto/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Rita Pinto' }).isVisible()).toBe(true);

    const calls = await countCalls(page);
    // The timeline line's start: what follows it depends on what else the same read brought (a reference).
    const statusNowPaid = `${sayBefore('timeline.read.changed', { moved: 'yes', status: ANY, referenced: 'no', restayed: 'no', retotalled: 'no', details: 'no' })}Paid`;
    await started.core.payments.payWith(booking.id, 'pm_card_visa');
    started.core.reconciler.soon(booking.id);
    await expect.poll(() => page.getByText(statusNowPaid).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText(say('component.statusBadge.status.paid'), { exact: true }).first().isVisible()).toBe(true);
    expect((await calls()).filter((channel) => channel !== 'history:version')).toEqual([]);
  });

  test('offline: the history stays searchable, writes are disabled, and the agent is told why', async () => {
    harness = await startHarness();
    const { page } = harness;
    await paidBooking(harness, 20, 'Ramos');
    await harness.stopTrainingService();
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe(say('component.connectivity.offline'));

    await page.keyboard.press('Control+b');
    await page.getByLabel(say('bookings.list.find')).fill('ramos');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    await page.getByRole('row', { name: /Maria Ramos/ }).click();
    expect(await page.getByRole('button', { name: say('bookings.detail.cancel') }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: say('bookings.detail.refresh') }).isDisabled()).toBe(true);
    await harness.screenshot('offline-booking');
    await page.keyboard.press('Control+n');
    await expect.poll(() => page.getByText(say('newBooking.offline')).isVisible()).toBe(true);
  });

  test('a booking written to the ledger by another writer shows in the search on screen without retyping', async () => {
    harness = await startHarness();
    const { page } = harness;
    await page.keyboard.press('Control+f');
    await page.keyboard.type('silva');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(say('bookings.list.noMatch'));
    // Another process's connection (a restore, a second writer): no event reaches this screen, only the file changes.
    seedLedger(join(harness.dataDir, 'ledger.db'), 1, 1);
    await expect.poll(() => page.getByTestId('result-count').textContent(), { timeout: 6_000 }).toBe(sayCount('bookings.list.count', 1));
    expect(await page.getByRole('row').filter({ hasText: 'Ana Silva' }).count()).toBe(1);
    expect(await page.getByLabel(say('bookings.list.find')).inputValue()).toBe('silva');
  });

  test('100,000 bookings: the list opens, scrolls to the end and searches', { timeout: 120_000 }, async () => {
    harness = await startHarness();
    const { page } = harness;
    seedLedger(join(harness.dataDir, 'ledger.db'), 1, 100_000);

    await page.keyboard.press('Control+b');
    await expect
      .poll(() => page.getByTestId('result-count').textContent(), { timeout: 20_000 })
      .toBe(sayCount('bookings.list.count', 100_000));
    await expect.poll(() => page.getByRole('row', { name: /PKDSEED99999/ }).isVisible()).toBe(true);
    await harness.screenshot('bookings-100k');

    // 100,000 rows are taller than the list's scroll area may be: its end is the last row all the same.
    await page.getByTestId('bookings-scroller').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => page.getByRole('row', { name: /PKDSEED00000/ }).isVisible(), { timeout: 10_000 }).toBe(true);

    // 16 first names × 16 surnames: "Tanaka" bookings are those whose surname cycle lands on it.
    const tanakas = Array.from({ length: 100_000 }, (_, index) => index).filter((index) => Math.floor(index / 16) % 16 === 2).length;
    await page.getByLabel(say('bookings.list.find')).fill('tanaka');
    // More than the ledger counts at once: its estimate, said to be one, within a few percent.
    await expect
      .poll(() => page.getByTestId('result-count').textContent(), { timeout: 10_000 })
      .toMatch(sayMatching('bookings.list.count.estimate'));
    const about = Number((await page.getByTestId('result-count').textContent())?.replace(/\D/g, ''));
    expect(Math.abs(about - tanakas) / tanakas).toBeLessThan(0.05);
    await page.getByLabel(say('bookings.list.find')).fill('maria.99987@example.com');
    await expect.poll(() => page.getByTestId('result-count').textContent(), { timeout: 10_000 }).toBe(sayCount('bookings.list.count', 1));
  });
});

import { afterEach, describe, expect, test } from 'vitest';
import type { BookingRecord } from '../../shared/bookings';
import { formatMoney } from '../../shared/format';
import { paidAtCounter } from '../support/engine-helpers';
import { serviceTotals } from '../support/service-totals';
import { changed } from '../support/stay-changes';
import { startHarness } from './harness';
import type { Harness } from './harness';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

describe('Today', () => {
  test('by keyboard: a day with nothing sold says so; then the takings per currency are the service’s, and a waiting change opens its booking', async () => {
    harness = await startHarness({ trainingControls: { supplierDelayMs: 20 } });
    const { page, core } = harness;
    const training = harness.training;
    if (!training) throw new Error('no built-in service');

    await page.keyboard.press('Control+y');
    await expect.poll(() => page.getByRole('heading', { name: 'Today', level: 2 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('nothing-sold').textContent()).toContain('Nothing sold today');
    await expect.poll(() => page.getByTestId('made-count').textContent()).toBe('0 bookings made');

    // A day at the counter: two sales in euros, one in pounds, one cancelled, one change waiting for the traveler.
    const bookings: BookingRecord[] = [
      await paidAtCounter(core, 1, 150),
      await paidAtCounter(core, 25, 160),
      await paidAtCounter(core, 1, 170),
    ];
    await core.engine.cancel((bookings[2] as BookingRecord).id, 'Traveler changed plans');
    const waiting = await changed(core, await paidAtCounter(core, 1, 180), false);
    bookings.push(waiting);

    // The screen follows each booking's commit by itself.
    const expected = serviceTotals(training, bookings);
    await expect.poll(() => page.getByTestId('made-count').textContent()).toBe('4 bookings made');
    for (const line of expected) {
      await expect
        .poll(() => page.getByTestId(`takings-${line.currency}`).getByRole('cell').first().textContent())
        .toBe(formatMoney(line.takings, line.currency));
    }
    expect(await page.getByTestId('nothing-sold').count()).toBe(0);
    const waitingTable = page.getByRole('table', { name: 'Changes waiting for payment' });
    await expect.poll(() => waitingTable.textContent()).toContain(waiting.pendingModification?.reference);
    await harness.screenshot('today');

    // By keyboard from the screen's top: Tab to the waiting change's Open, Enter opens the booking.
    const open = page.getByRole('button', { name: `Open ${waiting.clientReference}` });
    await page.getByRole('button', { name: 'Refresh' }).focus();
    for (let presses = 0; presses < 10 && !(await open.evaluate((element) => element === document.activeElement)); presses += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: `${waiting.holder.name} ${waiting.holder.surname}` }).isVisible()).toBe(true);
  });
});

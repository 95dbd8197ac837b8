import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { focusedName, savedDocumentStatus, typedDate } from './flow-helpers';
import { useHarness } from './use-harness';
import { say, sayCount, sayMatching, shownNumber } from './words';
import {
  checkWork,
  holdByKeyboard,
  payByKeyboard,
  startExercise,
  stayFor,
  tabTo,
  travelerByKeyboard,
  unquotedStay,
  waitForPaid,
} from './trainee-keys';

const openHarness = useHarness();

/** Ctrl+F, the traveler's surname, ↓ and Enter: their booking open. */
async function openBookingOf(page: Page, surname: string, fullName: string): Promise<void> {
  await page.keyboard.press('Control+f');
  await page.keyboard.type(surname.toLowerCase());
  await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toBe(fullName);
}

const maria = { name: 'Maria', surname: 'Santos', email: 'maria.santos@example.com', ages: ['34', '36'] };
const tom = { name: 'Tom', surname: 'Becker', email: 'tom.becker@example.com', ages: ['41', '40'] };
const jon = { name: 'Jon', surname: 'Berg', email: 'jon.berg@example.com', ages: ['28', '29'] };
const lena = { name: 'Lena', surname: 'Vogel', email: 'lena.vogel@example.com', ages: ['52', '50'] };
const sara = { name: 'Sara', surname: 'Lind', email: 'sara.lind@example.com', ages: ['45', '47'] };
const ines = { name: 'Ines', surname: 'Moreau', email: 'ines.moreau@example.com', ages: ['31', '33'] };

describe('every exercise, by keyboard: passed when done right, not passed with the reason when done wrong', () => {
  test('First booking', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await startExercise(page, say('training.exercise.firstBooking.title'));
    await harness.screenshot('training-exercise-under-way');
    await payByKeyboard(page, await stayFor(harness, maria, 32));
    await waitForPaid(page);
    const right = await checkWork(page, say('training.exercise.firstBooking.title'));
    expect(right).toMatchObject({ passed: true });
    await harness.screenshot('training-exercise-passed');

    await startExercise(page, say('training.exercise.firstBooking.title'));
    await payByKeyboard(page, await stayFor(harness, maria, 70));
    await waitForPaid(page);
    await payByKeyboard(page, await stayFor(harness, maria, 100));
    await waitForPaid(page);
    const wrong = await checkWork(page, say('training.exercise.firstBooking.title'));
    expect(wrong.passed).toBe(false);
    expect(wrong.text).toContain(say('training.check.bookedTwice', { count: 2, name: 'Maria Santos' }));
    await harness.screenshot('training-exercise-not-passed');

    await tabTo(page, say('trainer.report.article'));
    await page.keyboard.press('Enter');
    const report = page.getByRole('article', { name: say('trainer.report.article') });
    await expect
      .poll(() => report.textContent())
      .toMatch(sayMatching('trainer.report.summary', { passed: shownNumber(1), failed: shownNumber(1) }));
    expect(await focusedName(page)).toBe(say('component.printBar.print'));
    await harness.screenshot('training-session-report');
    // Saved as a PDF like a voucher: Shift+Tab to Save as PDF, Enter.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe(say('component.printBar.savePdf'));
    await page.keyboard.press('Enter');
    const pdf = `training-report-Training-${new Date().toISOString().slice(0, 10)}.pdf`;
    await expect.poll(() => savedDocumentStatus(page)).toContain(pdf);
    expect(readFileSync(join(harness.dataDir, pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    // On paper: the report alone, without the app around it or the buttons above it.
    await page.emulateMedia({ media: 'print' });
    expect(await report.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: say('frame.navigation') }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: say('component.printBar.savePdf') }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  test('A card that needs 3-D Secure', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await startExercise(page, say('training.exercise.threeDSecure.title'));
    const bank = await payByKeyboard(page, { ...(await stayFor(harness, tom)), cardsDown: 2 });
    await bank?.keyboard.press('Enter');
    await waitForPaid(page);
    expect(await checkWork(page, say('training.exercise.threeDSecure.title'))).toMatchObject({ passed: true });

    await startExercise(page, say('training.exercise.threeDSecure.title'));
    await payByKeyboard(page, await stayFor(harness, tom, 90));
    await waitForPaid(page);
    const wrong = await checkWork(page, say('training.exercise.threeDSecure.title'));
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain(say('training.check.withoutThreeDSecure'));
  });

  test('The card is declined', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await startExercise(page, say('training.exercise.cardDeclined.title'));
    await payByKeyboard(page, await stayFor(harness, jon));
    await expect.poll(() => page.getByText(say('error.decline.genericDecline.message')).isVisible()).toBe(true);
    expect(await checkWork(page, say('training.exercise.cardDeclined.title'))).toMatchObject({ passed: true });

    await startExercise(page, say('training.exercise.cardDeclined.title'));
    await holdByKeyboard(page, await stayFor(harness, jon, 90));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
    const wrong = await checkWork(page, say('training.exercise.cardDeclined.title'));
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain(say('training.check.cardNeverTried'));
  });

  /** The confirmation step's alert that the supplier refused: nothing booked. */
  const seeNotBooked = (page: Page) =>
    expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: say('newBooking.confirmation.notBooked') })
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);

  test('The supplier says no', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await startExercise(page, say('training.exercise.supplierRefuses.title'));
    await payByKeyboard(page, await stayFor(harness, lena));
    await seeNotBooked(page);
    expect(await checkWork(page, say('training.exercise.supplierRefuses.title'))).toMatchObject({ passed: true });

    await startExercise(page, say('training.exercise.supplierRefuses.title'));
    await payByKeyboard(page, await stayFor(harness, lena, 90));
    await seeNotBooked(page);
    await payByKeyboard(page, await stayFor(harness, lena, 90));
    await seeNotBooked(page);
    const wrong = await checkWork(page, say('training.exercise.supplierRefuses.title'));
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain(say('training.check.tooMany', { count: 2, name: 'Lena Vogel' }));
  });

  test('The answer was lost: find out what happened', async () => {
    const harness = await openHarness();
    const { page } = harness;
    const title = say('training.exercise.answerLost.title');
    await startExercise(page, title);
    await payByKeyboard(page, await stayFor(harness, sara));
    await waitForPaid(page);
    expect(await checkWork(page, title)).toMatchObject({ passed: true });

    await startExercise(page, title);
    await payByKeyboard(page, await stayFor(harness, sara, 90));
    // The trainee does not wait for the check and books the traveler again.
    await payByKeyboard(page, await stayFor(harness, sara, 120));
    await waitForPaid(page);
    const wrong = await checkWork(page, title);
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain(say('training.check.bookedTwice', { count: 2, name: 'Sara Lind' }));
  });

  test('The price went up', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await startExercise(page, say('training.exercise.priceRises.title'));
    await travelerByKeyboard(page, await unquotedStay(harness, ines, 40));
    await expect.poll(() => page.getByText(sayMatching('error.holds.priceChanged.message')).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await waitForPaid(page);
    expect(await checkWork(page, say('training.exercise.priceRises.title'))).toMatchObject({ passed: true });

    await startExercise(page, say('training.exercise.priceRises.title'));
    await travelerByKeyboard(page, await unquotedStay(harness, ines, 90));
    await expect.poll(() => page.getByText(sayMatching('error.holds.priceChanged.message')).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
    const wrong = await checkWork(page, say('training.exercise.priceRises.title'));
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain(say('training.check.wrongState', { name: 'Ines Moreau', state: 'pending', wanted: 'paid' }));
  });

  test('Cancel at the traveler’s request', async () => {
    const harness = await openHarness();
    const { page } = harness;
    const title = say('training.exercise.cancelOnRequest.title');
    await startExercise(page, title);
    await openBookingOf(page, 'Weber', 'Paul Weber');
    await page.keyboard.press('c');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.cancel.reason'));
    await page.keyboard.type('He cannot travel');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => focusedName(page), { timeout: 10_000 }).toBe(say('audit.outcome.done'));
    await page.keyboard.press('Enter');
    expect(await checkWork(page, title)).toMatchObject({ passed: true });

    await startExercise(page, title);
    const wrong = await checkWork(page, title);
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain(say('training.check.notCancelled', { name: 'Paul Weber', state: 'paid' }));
  });

  test('Traveler wants a later date and pays the difference', async () => {
    const harness = await openHarness();
    const { page } = harness;
    const title = say('training.exercise.laterDate.title');
    await startExercise(page, title);
    const prepared = harness.core.ledger.list({ profileId: 1, query: 'nunes' }).rows[0];
    if (!prepared) throw new Error('no booking was prepared');
    const later = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await openBookingOf(page, 'Nunes', 'Clara Nunes');
    await page.keyboard.press('d');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.modify.checkIn'));
    await page.keyboard.type(typedDate(later(prepared.checkIn)));
    await page.keyboard.press('Tab');
    await page.keyboard.type(typedDate(later(prepared.checkOut)));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(say('bookings.modify.confirm'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page), { timeout: 10_000 }).toBe(say('audit.outcome.done'));
    await page.keyboard.press('Enter');
    const link = (await page.getByTestId('payment-link').textContent()) as string;
    // The traveler pays the difference on their phone, by the link the trainee gave.
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    await expect.poll(() => page.getByTestId('pending-change').count(), { timeout: 10_000 }).toBe(0);
    expect(await checkWork(page, title)).toMatchObject({ passed: true });

    await startExercise(page, title);
    await payByKeyboard(
      page,
      await stayFor(harness, { name: 'Clara', surname: 'Nunes', email: 'clara.nunes@example.com', ages: ['40', '42'] }, 150),
    );
    await waitForPaid(page);
    const wrong = await checkWork(page, title);
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain(say('training.check.newInsteadOfChange', { name: 'Clara Nunes' }));
  });
});

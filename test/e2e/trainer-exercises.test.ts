import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { focusedName, typedDate } from './flow-helpers';
import { useHarness } from './use-harness';
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
  await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('1 booking');
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
    await startExercise(page, 'First booking');
    await harness.screenshot('training-exercise-under-way');
    await payByKeyboard(page, await stayFor(harness, maria, 32));
    await waitForPaid(page);
    const right = await checkWork(page, 'First booking');
    expect(right).toMatchObject({ passed: true });
    await harness.screenshot('training-exercise-passed');

    await startExercise(page, 'First booking');
    await payByKeyboard(page, await stayFor(harness, maria, 70));
    await waitForPaid(page);
    await payByKeyboard(page, await stayFor(harness, maria, 100));
    await waitForPaid(page);
    const wrong = await checkWork(page, 'First booking');
    expect(wrong.passed).toBe(false);
    expect(wrong.text).toContain('2 bookings were made for Maria Santos although the first had already gone through');
    await harness.screenshot('training-exercise-not-passed');

    await tabTo(page, 'Session report');
    await page.keyboard.press('Enter');
    const report = page.getByRole('article', { name: 'Session report' });
    await expect.poll(() => report.textContent()).toContain('1 passed, 1 not passed');
    expect(await focusedName(page)).toBe('Print');
    await harness.screenshot('training-session-report');
    // Saved as a PDF like a voucher: Shift+Tab to Save as PDF, Enter.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Save as PDF');
    await page.keyboard.press('Enter');
    const pdf = `training-report-Training-${new Date().toISOString().slice(0, 10)}.pdf`;
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved to' }).textContent()).toContain(pdf);
    expect(readFileSync(join(harness.dataDir, pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    // On paper: the report alone, without the app around it or the buttons above it.
    await page.emulateMedia({ media: 'print' });
    expect(await report.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Save as PDF' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  test('A card that needs 3-D Secure', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await startExercise(page, 'A card that needs 3-D Secure');
    const bank = await payByKeyboard(page, { ...(await stayFor(harness, tom)), cardsDown: 2 });
    await bank?.keyboard.press('Enter');
    await waitForPaid(page);
    expect(await checkWork(page, 'A card that needs 3-D Secure')).toMatchObject({ passed: true });

    await startExercise(page, 'A card that needs 3-D Secure');
    await payByKeyboard(page, await stayFor(harness, tom, 90));
    await waitForPaid(page);
    const wrong = await checkWork(page, 'A card that needs 3-D Secure');
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain('The card was charged without 3-D Secure');
  });

  test('The card is declined', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await startExercise(page, 'The card is declined');
    await payByKeyboard(page, await stayFor(harness, jon));
    await expect.poll(() => page.getByText('The bank declined the card without giving a reason.').isVisible()).toBe(true);
    expect(await checkWork(page, 'The card is declined')).toMatchObject({ passed: true });

    await startExercise(page, 'The card is declined');
    await holdByKeyboard(page, await stayFor(harness, jon, 90));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: 'Payment' }).isVisible()).toBe(true);
    const wrong = await checkWork(page, 'The card is declined');
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain('His card was never tried');
  });

  test('The supplier says no', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await startExercise(page, 'The supplier says no');
    await payByKeyboard(page, await stayFor(harness, lena));
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Not booked' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await checkWork(page, 'The supplier says no')).toMatchObject({ passed: true });

    await startExercise(page, 'The supplier says no');
    await payByKeyboard(page, await stayFor(harness, lena, 90));
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Not booked' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await payByKeyboard(page, await stayFor(harness, lena, 90));
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Not booked' }).isVisible(), { timeout: 10_000 }).toBe(true);
    const wrong = await checkWork(page, 'The supplier says no');
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain('2 bookings were made for Lena Vogel; one was asked for.');
  });

  test('The answer was lost: find out what happened', async () => {
    const harness = await openHarness();
    const { page } = harness;
    const title = 'The answer was lost: find out what happened';
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
    expect(wrong.text).toContain('2 bookings were made for Sara Lind although the first had already gone through');
  });

  test('The price went up', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await startExercise(page, 'The price went up');
    await travelerByKeyboard(page, await unquotedStay(harness, ines, 40));
    await expect.poll(() => page.getByText('The price of this stay changed after it was quoted').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: 'Payment' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await waitForPaid(page);
    expect(await checkWork(page, 'The price went up')).toMatchObject({ passed: true });

    await startExercise(page, 'The price went up');
    await travelerByKeyboard(page, await unquotedStay(harness, ines, 90));
    await expect.poll(() => page.getByText('The price of this stay changed after it was quoted').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: 'Payment' }).isVisible()).toBe(true);
    const wrong = await checkWork(page, 'The price went up');
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain('The booking for Ines Moreau is held and not paid (Pending); it should be Paid.');
  });

  test('Cancel at the traveler’s request', async () => {
    const harness = await openHarness();
    const { page } = harness;
    const title = 'Cancel at the traveler’s request';
    await startExercise(page, title);
    await openBookingOf(page, 'Weber', 'Paul Weber');
    await page.keyboard.press('c');
    await expect.poll(() => focusedName(page)).toContain('Reason');
    await page.keyboard.type('He cannot travel');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => focusedName(page), { timeout: 10_000 }).toBe('Done');
    await page.keyboard.press('Enter');
    expect(await checkWork(page, title)).toMatchObject({ passed: true });

    await startExercise(page, title);
    const wrong = await checkWork(page, title);
    expect(wrong).toMatchObject({ passed: false });
    expect(wrong.text).toContain('Paul Weber’s booking is Paid; it should be Cancelled.');
  });

  test('Traveler wants a later date and pays the difference', async () => {
    const harness = await openHarness();
    const { page } = harness;
    const title = 'Traveler wants a later date and pays the difference';
    await startExercise(page, title);
    const prepared = harness.core.ledger.list({ profileId: 1, query: 'nunes' }).rows[0];
    if (!prepared) throw new Error('no booking was prepared');
    const later = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await openBookingOf(page, 'Nunes', 'Clara Nunes');
    await page.keyboard.press('d');
    await expect.poll(() => focusedName(page)).toContain('New check-in');
    await page.keyboard.type(typedDate(later(prepared.checkIn)));
    await page.keyboard.press('Tab');
    await page.keyboard.type(typedDate(later(prepared.checkOut)));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Confirm change');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page), { timeout: 10_000 }).toBe('Done');
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
    expect(wrong.text).toContain('A new booking was made for Clara Nunes; her booking was to be changed, not made again.');
  });
});

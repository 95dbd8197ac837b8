import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { availableStay, focusedName, typedDate } from './flow-helpers';
import type { Harness } from './harness';
import { useHarness } from './use-harness';
import { holdByKeyboard, payByKeyboard, travelerByKeyboard, unquotedStay } from './trainee-keys';
import type { TraineeBooking } from './trainee-keys';

const openHarness = useHarness();

/** Tab until the control named `name` has the focus (a switch's label goes on with what the agent will see). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 40 && !(await focusedName(page)).startsWith(name); presses += 1) await page.keyboard.press('Tab');
  expect(await focusedName(page)).toMatch(new RegExp(`^${name.replace(/[()?]/g, '\\$&')}`));
}

/** Ctrl+T, then Tab to the exercise's Start and Enter: the exercise is under way, the focus on "Check my work". */
async function startExercise(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+t');
  await expect.poll(() => page.getByRole('heading', { name: 'Trainer' }).isVisible()).toBe(true);
  for (let presses = 0; presses < 20 && (await focusedName(page)) !== `Start ${title}`; presses += 1) await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe(`Start ${title}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page), { timeout: 30_000 }).toBe('Check my work');
  await expect.poll(() => page.getByRole('status', { name: 'Training mode' }).textContent()).toContain(`exercise under way: ${title}`);
}

/** Ctrl+T and Enter on "Check my work"; returns how it came out, once it is over (a booking on its way: checked again). */
async function checkWork(page: Page, title: string): Promise<{ passed: boolean; text: string }> {
  await page.keyboard.press('Control+t');
  await expect.poll(() => focusedName(page)).toBe('Check my work');
  const passed = page.getByRole('status').filter({ hasText: `Passed: ${title}` });
  const notPassed = page.getByRole('alert').filter({ hasText: `Not passed: ${title}` });
  const notOver = page.getByRole('status').filter({ hasText: 'Not over yet' });
  for (let tries = 0; tries < 40; tries += 1) {
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await passed.count()) + (await notPassed.count()) + (await notOver.count())).toBeGreaterThan(0);
    if ((await passed.count()) > 0) return { passed: true, text: (await passed.textContent()) ?? '' };
    if ((await notPassed.count()) > 0) return { passed: false, text: (await notPassed.textContent()) ?? '' };
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect.poll(() => focusedName(page)).toBe('Check my work');
  }
  throw new Error(`${title} never came to an end`);
}

const waitForPaid = (page: Page) =>
  expect.poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 20_000 }).toBe('Paid and confirmed by the supplier.');

/** A stay of the package for the traveler, on dates the service has. */
async function stayFor(harness: Harness, traveler: TraineeBooking['traveler'], startInDays = 40, packageId = 1): Promise<TraineeBooking> {
  const search = packageId === 1 ? 'lisbon' : 'porto';
  return { search, stay: await availableStay(harness, packageId, startInDays), traveler };
}

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

  test('A later date, and the traveler pays the difference', async () => {
    const harness = await openHarness();
    const { page } = harness;
    const title = 'A later date, and the traveler pays the difference';
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

describe('the trainer’s day', () => {
  test('a fresh training day, asked first, empties this trainee’s bookings and report; the panel’s scenario shows its clock', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await payByKeyboard(page, await stayFor(harness, maria));
    await waitForPaid(page);

    await page.keyboard.press('Control+t');
    await expect.poll(() => page.getByRole('heading', { name: 'Trainer' }).isVisible()).toBe(true);
    await tabTo(page, 'Supplier slow (confirms after 2 min)');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('scenario-clock').textContent()).toMatch(/^Ends at \d\d:\d\d, in (29:\d\d|30:00)$/);
    expect(harness.training?.controls.current.supplierDelayMs).toBe(120_000);
    await harness.screenshot('training-panel');

    await page.keyboard.press('Shift+Tab');
    await tabTo(page, 'Start a fresh training day');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Start a fresh training day?' });
    await expect.poll(() => focusedName(page)).toBe('Start a fresh day');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'One booking was removed' }).isVisible()).toBe(true);
    expect(await dialog.count()).toBe(0);
    expect(harness.training?.controls.current.supplierDelayMs).toBe(300);
    expect(harness.core.ledger.list({ profileId: 1 }).rows).toEqual([]);
    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/^No bookings yet/);
  });

  test('nothing of the trainer is on a profile that books for real', async () => {
    const harness = await openHarness();
    const { page } = harness;
    const live = await harness.core.profiles.create({ name: 'Agency', kind: 'live', baseUrl: 'https://api.agency.example', keys: {} });
    await page.keyboard.press('Control+t');
    await expect.poll(() => page.getByRole('heading', { name: 'Trainer' }).isVisible()).toBe(true);
    // Switched to the live profile while on the trainer: the screen leaves it for a new booking.
    await page.evaluate((id) => window.packdesk['profiles:activate']({ id }), live.id);
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toBe('LIVE');
    await expect.poll(() => page.getByRole('heading', { name: 'New booking' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Trainer' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByText('Trainer').count()).toBe(0);
    await page.keyboard.press('Control+t');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.getByRole('heading', { name: 'Trainer' }).count()).toBe(0);
    expect(await page.evaluate(() => window.packdesk['training:scenarios']({}))).toMatchObject({
      ok: false,
      error: { code: 'training_only' },
    });
  });
});

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { availableStay, focusedName, typedDate } from './flow-helpers';
import type { Harness } from './harness';
import { say, sayMatching, literally } from './words';

export interface TraineeBooking {
  /** What is typed in the package search; Enter takes the first hotel found. */
  search: string;
  stay: { checkIn: string; checkOut: string };
  traveler: { name: string; surname: string; email: string; ages: string[] };
  /** How many times ↓ moves from the first test card (0: Visa ending 4242; 2: Visa ending 3220, 3-D Secure). */
  cardsDown?: number;
  /** Whether the bank's 3-D Secure window opens (by default, for the 3-D Secure card only). */
  bank?: boolean;
  /** How long each answer may take (a busy service's answers come seconds later, after its Retry-After). */
  patienceMs?: number;
}

/**
 * Ctrl+N until the package search has the focus: a booking left in progress comes back first, and Ctrl+N
 * on it asks before discarding it (Enter: start a new one; a hold already made stays in Bookings).
 */
async function newBooking(page: Page): Promise<void> {
  const asked = page.getByRole('dialog', { name: say('newBooking.discard.title') });
  for (let presses = 0; presses < 3; presses += 1) {
    await page.keyboard.press('Control+n');
    for (let looks = 0; looks < 20; looks += 1) {
      if ((await focusedName(page)).includes(say('newBooking.search.label'))) return;
      if (await asked.isVisible()) {
        await page.keyboard.press('Enter');
        await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('Ctrl+N never reached the package search');
}

/** A trainee at the counter, keyboard only: from Ctrl+N to the price on screen. */
async function priceByKeyboard(page: Page, booking: TraineeBooking): Promise<void> {
  const patienceMs = booking.patienceMs ?? 1_000;
  await newBooking(page);
  await page.keyboard.type(booking.search);
  // The hotels of the package found, each a button named "hotel, package".
  await expect
    .poll(
      () =>
        page
          .getByRole('button', { name: new RegExp(`, .*${booking.search}`, 'i') })
          .first()
          .isVisible(),
      { timeout: patienceMs },
    )
    .toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toContain(say('bookings.detail.field.checkIn'));
  await page.keyboard.type(typedDate(booking.stay.checkIn));
  await page.keyboard.press('Tab');
  await page.keyboard.type(typedDate(booking.stay.checkOut));
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('quote-total').isVisible(), { timeout: patienceMs }).toBe(true);
}

/** …then the traveler's details, and Enter to continue to review (the hold is asked for). */
export async function travelerByKeyboard(page: Page, booking: TraineeBooking): Promise<void> {
  await priceByKeyboard(page, booking);
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toContain(say('newBooking.traveler.name'));
  const { name, surname, email, ages } = booking.traveler;
  for (const [index, text] of [name, surname, email, ...ages].entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
  await page.keyboard.press('Enter');
}

/** …and Review: the hold's clock is on screen. */
export async function holdByKeyboard(page: Page, booking: TraineeBooking): Promise<void> {
  await travelerByKeyboard(page, booking);
  await expect.poll(() => page.getByTestId('hold-countdown').isVisible(), { timeout: booking.patienceMs ?? 1_000 }).toBe(true);
}

/** …then Hold and Pay with a test card; resolves once the card is sent (or the bank's window opened, returned). */
export async function payByKeyboard(page: Page, booking: TraineeBooking): Promise<Page | null> {
  await holdByKeyboard(page, booking);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible(), { timeout: booking.patienceMs ?? 1_000 })
    .toBe(true);
  const down = booking.cardsDown ?? 0;
  if (down > 0) {
    await page.keyboard.press('Tab');
    for (let step = 0; step < down; step += 1) await page.keyboard.press('ArrowDown');
  }
  if (!(booking.bank ?? down === 2)) {
    await page.keyboard.press('Enter');
    return null;
  }
  const [bank] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
  await bank.getByRole('heading', { name: 'Confirm this payment' }).waitFor();
  return bank;
}

/**
 * Dates the service has, found with another organization's key: the trainee's own first quote of the stay is then
 * the one before the price rises (a stay the counter priced already would be quoted risen at once).
 */
export async function unquotedStay(
  harness: Harness,
  traveler: TraineeBooking['traveler'],
  startInDays: number,
): Promise<TraineeBooking & { total: number; currency: string }> {
  const service = harness.training;
  if (!service) throw new Error('no training service');
  const scout = service.createOrganization('Scout');
  for (let offset = startInDays; offset < startInDays + 60; offset += 1) {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const stay = { checkIn: day(offset), checkOut: day(offset + 3) };
    const answer = await fetch(`${service.url}/api/partner/v1/packages/2/availability`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${scout.testKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ check_in: stay.checkIn, check_out: stay.checkOut, adults: 2, property_id: 201 }),
    });
    const priced = (await answer.json()) as { data: { available: boolean; total_price_cents: number; currency: string } };
    if (priced.data.available)
      return { search: 'porto', stay, traveler, total: priced.data.total_price_cents, currency: priced.data.currency };
  }
  throw new Error('no available stay');
}

/** Tab (or Shift+Tab) until the control named `name` has the focus (a switch's label goes on with what the agent will see). */
export async function tabTo(page: Page, name: string, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 40 && !(await focusedName(page)).startsWith(name); presses += 1) await page.keyboard.press(key);
  expect(await focusedName(page)).toMatch(new RegExp(`^${literally(name)}`));
}

/** Ctrl+T, then Tab to the exercise's Start and Enter: the exercise is under way, the focus on "Check my work". */
export async function startExercise(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+t');
  await expect.poll(() => page.getByRole('heading', { name: say('nav.trainer') }).isVisible()).toBe(true);
  const start = say('trainer.exercises.start.named', { title });
  for (let presses = 0; presses < 20 && (await focusedName(page)) !== start; presses += 1) await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe(start);
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page), { timeout: 30_000 }).toBe(say('trainer.underWay.check'));
  await expect
    .poll(() => page.getByRole('status', { name: say('component.trainingBanner.label') }).textContent())
    .toMatch(sayMatching('component.trainingBanner.underWay', { title }));
}

/** Ctrl+T and Enter on "Check my work"; returns how it came out, once it is over (a booking on its way: checked again). */
export async function checkWork(page: Page, title: string): Promise<{ passed: boolean; text: string }> {
  await page.keyboard.press('Control+t');
  await expect.poll(() => focusedName(page)).toBe(say('trainer.underWay.check'));
  const passed = page.getByRole('status').filter({ hasText: say('trainer.outcome.passed', { title }) });
  const notPassed = page.getByRole('alert').filter({ hasText: say('trainer.outcome.notPassed', { title }) });
  const notOver = page.getByRole('status').filter({ hasText: say('trainer.underWay.notOver') });
  for (let tries = 0; tries < 40; tries += 1) {
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await passed.count()) + (await notPassed.count()) + (await notOver.count())).toBeGreaterThan(0);
    if ((await passed.count()) > 0) return { passed: true, text: (await passed.textContent()) ?? '' };
    if ((await notPassed.count()) > 0) return { passed: false, text: (await notPassed.textContent()) ?? '' };
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect.poll(() => focusedName(page)).toBe(say('trainer.underWay.check'));
  }
  throw new Error(`${title} never came to an end`);
}

export const waitForPaid = (page: Page) =>
  expect
    .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 20_000 })
    .toBe(say('newBooking.confirmation.status.confirmed'));

/** A stay of the package for the traveler, on dates the service has. */
export async function stayFor(
  harness: Harness,
  traveler: TraineeBooking['traveler'],
  startInDays = 40,
  packageId = 1,
): Promise<TraineeBooking> {
  const search = packageId === 1 ? 'lisbon' : 'porto';
  return { search, stay: await availableStay(harness, packageId, startInDays), traveler };
}

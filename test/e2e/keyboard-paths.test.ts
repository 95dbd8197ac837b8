import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { availableStay, focusedName, holdThroughScreens, otherDates, paidByEngine, reviewThroughScreens } from './flow-helpers';
import type { Harness } from './harness';
import { useHarness } from './use-harness';
import { say, sayCount, sayingFirst, sayMatching, testCardChoice } from './words';

/**
 * The paths an agent walks by keyboard beside the counted flows of keyboard.test.ts: stepping back out
 * of a dialog or a form, a voucher opened and closed, a card declined and another taken. After each
 * key the focus is where the next key goes (and the harness fails any test that leaves it on the body).
 */
const start = useHarness();

/** A booking made and paid through the real engine, for the traveler named. */
const paidBooking = (harness: Harness, surname: string, startInDays = 60) =>
  paidByEngine(harness, { name: 'Rui', surname, email: 'rui@example.pt' }, 1, startInDays);

/** Ctrl+F, the name, ↓ and Enter: the booking open with the focus on it. */
async function openByName(page: Page, surname: string) {
  await page.keyboard.press('Control+f');
  await page.keyboard.type(surname.toLowerCase());
  await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toBe(`Rui ${surname}`);
}

/** Tab or Shift+Tab until the focus is on the named control (a name given as text is the whole name). */
async function tabTo(page: Page, name: string | RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 25; presses += 1) {
    const focused = await focusedName(page);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${String(name)}`);
}

/** The payment step's Pay button, its amount whatever it is. */
const PAY = sayingFirst('newBooking.payment.pay');
/** Any words saying a payment is "Not confirmed yet" (its answer lost): a title, a status, a refusal. */
const NOT_CONFIRMED = new RegExp(
  [
    sayMatching('error.title.outcome_unknown'),
    sayMatching('newBooking.payment.checking.title'),
    sayMatching('newBooking.payment.progress.checking.title'),
    sayMatching('error.engine.notConfirmedYet.message', { write: 'charge' }),
  ]
    .map((words) => words.source)
    .join('|'),
);

describe('keyboard paths beside the counted flows', () => {
  test('Escape in the cancel or change dialog closes only the dialog, the focus back where it came from; the next Escape leaves the booking', async () => {
    const harness = await start();
    const { page } = harness;
    await paidBooking(harness, 'Valente');
    await openByName(page, 'Valente');
    const booking = page.getByRole('heading', { name: 'Rui Valente' });

    // Opened from its button: Escape closes it, the booking stays, the focus on the button again.
    await tabTo(page, sayingFirst('bookings.detail.cancel'), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.cancel.reason'));
    await page.keyboard.type('Traveler unsure');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await booking.isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toMatch(sayingFirst('bookings.detail.cancel'));

    // Opened by its key from the booking: back on the booking.
    await page.getByRole('heading', { name: 'Rui Valente' }).focus();
    for (const [key, field] of [
      ['c', say('bookings.cancel.reason')],
      ['d', say('bookings.modify.checkIn')],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => focusedName(page)).toContain(field);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await booking.isVisible()).toBe(true);
      await expect.poll(() => focusedName(page)).toBe('Rui Valente');
    }
    expect(harness.core.ledger.list({ profileId: 1, query: 'valente' }).rows[0]?.status).toBe('Paid');

    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.list.find'));
  });

  test('V opens the voucher with Print focused; Escape goes back to the booking, focused', async () => {
    const harness = await start();
    const { page } = harness;
    await paidBooking(harness, 'Lobo');
    await openByName(page, 'Lobo');
    await page.keyboard.press('v');
    await expect.poll(() => page.getByRole('article', { name: say('voucher.label') }).isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toBe(say('component.printBar.print'));
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page)).toBe('Rui Lobo');
    expect(await page.getByRole('article', { name: say('voucher.label') }).count()).toBe(0);
  });

  test('a declined card: the focus on Pay, another card chosen by arrows, Enter pays the same booking', async () => {
    const harness = await start();
    const { page } = harness;
    const stay = await availableStay(harness, 1);
    await holdThroughScreens(page, stay, 'lisbon');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.payment.clientReference'));
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedName(page)).toBe(testCardChoice('4242'));
    for (let presses = 0; presses < 4; presses += 1) await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel(testCardChoice('9995')).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: say('error.decline.insufficientFunds.message') })
          .isVisible(),
      )
      .toBe(true);
    // The next key goes to paying again, not nowhere.
    await expect.poll(() => focusedName(page)).toMatch(PAY);

    await tabTo(page, testCardChoice('9995'), 'Shift+Tab');
    for (let presses = 0; presses < 4; presses += 1) await page.keyboard.press('ArrowUp');
    expect(await page.getByLabel(testCardChoice('4242')).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 10_000 })
      .toBe(say('newBooking.confirmation.status.confirmed'));
    const rows = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(rows.map((row) => row.status)).toEqual(['Paid']);
  });

  test('a slow answer: the pressed button keeps the focus with its spinner and ignores more Enters; then the focus moves on', async () => {
    const harness = await start();
    const { page } = harness;
    const controls = harness.training?.controls;
    const stay = await availableStay(harness, 1);
    await reviewThroughScreens(page, stay, 'lisbon');
    controls?.queueFaults([{ kind: 'delay', path: '/prebook$', delayMs: 5_000 }]);
    await page.keyboard.press('Enter');
    const hold = page.getByRole('button', { name: say('newBooking.review.hold') });
    await expect.poll(() => hold.getAttribute('aria-busy')).toBe('true');
    // Well past a moment, the agent's keys still land on the busy button, and do nothing.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await focusedName(page)).toBe(say('newBooking.review.hold'));
    expect(await hold.getAttribute('aria-busy')).toBe('true');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => focusedName(page)).toBe(say('newBooking.payment.clientReference'));
    expect(harness.core.ledger.list({ profileId: 1 }).total).toBe(1);

    // The payment: the focus on the words saying where it is, which say it is being charged (its answer is slow,
    // not lost); one charge, however often Enter is pressed while it goes.
    controls?.queueFaults([{ kind: 'delay', path: '/book$', delayMs: 6_000 }]);
    await tabTo(page, PAY);
    await page.keyboard.press('Enter');
    const progress = page.getByTestId('payment-progress');
    for (let look = 0; look < 5; look += 1) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await progress.textContent()).toContain(say('newBooking.payment.progress.charging.title'));
      expect(await page.getByText(NOT_CONFIRMED).count()).toBe(0);
      await page.keyboard.press('Enter');
    }
    await expect
      .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 15_000 })
      .toBe(say('newBooking.confirmation.status.confirmed'));
    const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
    const payments = harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments as { kind: string }[];
    expect(payments.filter((payment) => payment.kind === 'authorization')).toHaveLength(1);
  });

  test('Enter pressed before a slow search answers takes the first hotel once it does; typing on after Enter cancels it', async () => {
    const harness = await start();
    const { page } = harness;
    const controls = harness.training?.controls;
    const search = page.getByLabel(say('newBooking.search.label'));
    await page.keyboard.press('Control+n');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));

    // Every answer 2.5 s late. "lisb", Enter while its search is out, then "on": the Enter was for words no longer
    // in the box.
    controls?.update({ latencyMs: 2_500 });
    await page.keyboard.type('lisb');
    await expect.poll(() => page.getByRole('status', { name: say('newBooking.search.searching') }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.keyboard.type('on');
    await expect.poll(() => page.getByRole('button', { name: /Lisbon City Break/ }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('status', { name: say('newBooking.search.searching') }).count(), { timeout: 10_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await focusedName(page)).toContain(say('newBooking.search.label'));
    expect(await search.inputValue()).toBe('lisbon');

    // Typed and Enter at once, the search still out: the first hotel is taken when the answer comes.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('porto');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page), { timeout: 10_000 }).toContain(say('bookings.detail.field.checkIn'));
    expect(await page.getByText('Ribeira Quay Hotel').first().isVisible()).toBe(true);
  });

  test('Add profile by keyboard: the form’s errors keep the focus in it; Escape and Cancel close it, the focus back on Add profile', async () => {
    const harness = await start();
    const { page } = harness;
    await page.keyboard.press('Control+Comma');
    await expect.poll(() => focusedName(page)).toBe(say('settings.profiles.add'));
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: say('settings.addProfile.title') });
    await expect.poll(() => focusedName(page)).toContain(say('settings.addProfile.name'));
    await page.keyboard.press('Enter');
    await expect.poll(() => form.textContent()).toContain(say('validation.profiles.nameRequired'));
    await page.keyboard.press('Escape');
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe(say('settings.profiles.add'));

    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('settings.addProfile.name'));
    await page.keyboard.type('Agency test');
    await tabTo(page, say('settings.addProfile.cancel'));
    await page.keyboard.press('Enter');
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe(say('settings.profiles.add'));
    // Nothing was saved: the profiles are the training one alone.
    expect(await page.getByTestId('profile-card').count()).toBe(1);
  });

  test('a change waiting for the traveler’s payment: Mark paid… opens the note, Escape closes it and stays on the booking', async () => {
    const harness = await start();
    const { page } = harness;
    const booking = await paidBooking(harness, 'Reis', 150);
    const later = await otherDates(harness, booking, false);
    await harness.core.engine.previewChange({ bookingId: booking.id, dates: later });
    await harness.core.engine.confirmChange({ bookingId: booking.id, dates: later });
    await expect.poll(() => harness.core.ledger.get(booking.id)?.pendingModification).not.toBeNull();

    await openByName(page, 'Reis');
    const panel = page.getByTestId('pending-change');
    expect(await panel.textContent()).toContain(say('bookings.pendingChange.title'));
    await tabTo(page, say('bookings.pendingChange.markPaid.ask'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(say('bookings.pendingChange.note'));
    await page.keyboard.type('Paid at the desk');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.getByLabel(say('bookings.pendingChange.note')).count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe(say('bookings.pendingChange.markPaid.ask'));
    expect(await page.getByRole('heading', { name: 'Rui Reis' }).isVisible()).toBe(true);
    expect(harness.core.ledger.get(booking.id)?.pendingModification).not.toBeNull();
  });

  test('Ctrl+N from another screen with a booking in progress asks at once: Escape keeps it, Enter starts a new one; the menu’s New Booking does the same', async () => {
    const harness = await start();
    const { page } = harness;
    await holdThroughScreens(page, await availableStay(harness, 1), 'lisbon');
    const asked = page.getByRole('dialog', { name: say('newBooking.discard.title') });
    await page.keyboard.press('Control+b');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.list.find'));
    await page.keyboard.press('Control+n');
    await expect.poll(() => asked.isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toBe(say('newBooking.startNew'));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
    // Electron's menu, which may take the key before the page, sends the same.
    await page.keyboard.press('Control+b');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.list.find'));
    harness.core.events.emit('event:navigate', { screen: 'new-booking' });
    await expect.poll(() => asked.isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toBe(say('newBooking.startNew'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
    expect(await page.getByLabel(say('newBooking.search.label')).inputValue()).toBe('');
    // The hold made stays in Bookings, where it can be paid later.
    expect(harness.core.ledger.list({ profileId: 1 }).rows.map((row) => row.status)).toEqual(['Pending']);
  });
});

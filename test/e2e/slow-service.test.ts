import { PSEUDO_LANGUAGE } from '../../shared/i18n/languages';
import { pseudoText } from '../../shared/i18n/pseudo-text';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { availableStay, focusedName, otherDates, paidByEngine, typedDate } from './flow-helpers';
import type { Harness } from './harness';
import { tabTo } from './trainee-keys';
import { useHarness } from './use-harness';
import { SUITE_LANGUAGE, say, shownDate, shownMoney, sayCount, sayMatching, sayBefore, ANY } from './words';

/**
 * A travel agent at a slow booking service: every answer comes seconds later (the client waits 15 s, so
 * 2.5 to 4 s is slow, not lost). At each slow step the agent sees that something is happening, the
 * focus stays where the next key goes, a second Enter sends nothing twice, no words say the service
 * is offline or an answer lost while it is merely slow, and nothing is left stuck once the answer comes.
 */
const start = useHarness();

/** Slow enough for the online check's old 3 s wait to call the service offline. */
const SLOW_MS = 3_200;
const ANSWERED = { timeout: 15_000 };

/**
 * Watches the page for the rest of the test: what the online indicator said other than Online, and any
 * words saying the service is gone, or an answer lost or failed, while it was only slow.
 */
async function watchWords(page: Page): Promise<() => Promise<string[]>> {
  // The claims as the suite's language writes them (the pseudo-locale accents each word as its messages do).
  const claims = ['offline', 'cannot be reached', 'lost', 'not confirmed', 'did not go through', 'failed', 'timed out'].map((claim) =>
    SUITE_LANGUAGE === PSEUDO_LANGUAGE ? pseudoText(claim) : claim,
  );
  await page.evaluate(
    ({ claimed, online }) => {
      const seen = new Set<string>();
      (window as unknown as { __slowWords: Set<string> }).__slowWords = seen;
      const claimsPattern = new RegExp(claimed.join('|'), 'i');
      window.setInterval(() => {
        const indicator = document.querySelector('[data-testid="connectivity"]')?.textContent;
        if (indicator && indicator !== online) seen.add(`indicator: ${indicator}`);
        for (const element of Array.from(document.querySelectorAll('[role="alert"], [role="status"]'))) {
          const text = element.textContent.trim();
          if (element.getClientRects().length > 0 && claimsPattern.test(text) && !text.startsWith(online)) seen.add(text.slice(0, 160));
        }
      }, 100);
    },
    { claimed: claims, online: say('component.connectivity.online') },
  );
  return () => page.evaluate(() => [...(window as unknown as { __slowWords: Set<string> }).__slowWords]);
}

const slow = (harness: Harness, latencyMs: number) => harness.training?.controls.update({ latencyMs });
const busy = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true }).getAttribute('aria-busy');
/** Buttons spinning: none once every answer has come. */
const busyButtons = (page: Page) => page.locator('button[aria-busy="true"]').count();
/** The service's own record of what was done to a booking (each write once). */
const serviceEvents = (harness: Harness, serviceBookingId: number | null) =>
  (harness.training?.service.ledger(serviceBookingId ?? 0).events as { type: string }[]).map((event) => event.type);

describe('a slow booking service, walked by keyboard', () => {
  test('a new booking: searched, priced, held and paid through slow answers, the service Online throughout', async () => {
    const harness = await start();
    const { page } = harness;
    const controls = harness.training?.controls;
    const stay = await availableStay(harness, 1, 60);
    const other = await availableStay(harness, 1, 95);
    const words = await watchWords(page);
    slow(harness, SLOW_MS);

    // The search: its spinner while the service looks, the focus kept in the box.
    await page.keyboard.press('Control+n');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
    await page.keyboard.type('lisbon');
    await expect.poll(() => page.getByRole('status', { name: say('newBooking.search.searching') }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: `${stay.property}, ${stay.title}` }).isVisible(), ANSWERED).toBe(true);
    expect(await focusedName(page)).toContain(say('newBooking.search.label'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.detail.field.checkIn'));

    // The price: Check price spins, the focus stays in the dates. The agent corrects the dates while it is
    // asked: the price that comes is for the dates typed before, and is not shown under the new ones.
    await page.keyboard.type(typedDate(stay.checkIn));
    await page.keyboard.press('Tab');
    await page.keyboard.type(typedDate(stay.checkOut));
    await page.keyboard.press('Enter');
    await expect.poll(() => busy(page, say('newBooking.stay.checkPrice'))).toBe('true');
    expect(await focusedName(page)).toContain(say('bookings.detail.field.checkOut'));
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type(typedDate(other.checkIn));
    await page.keyboard.press('Tab');
    await page.keyboard.type(typedDate(other.checkOut));
    await expect.poll(() => busyButtons(page), ANSWERED).toBe(0);
    expect(await page.getByLabel(say('bookings.detail.field.checkIn')).inputValue()).toBe(typedDate(other.checkIn));
    expect(await page.getByTestId('quote-total').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('quote-total').textContent(), ANSWERED).toBe(shownMoney(other.total, other.currency));
    expect(await focusedName(page)).toContain(say('bookings.detail.field.checkOut'));
    slow(harness, 0);

    // The hold: the button spins and keeps the focus. A guest's age corrected while it is held: the review
    // does not open on a hold made with the old age; Enter holds again, with the age on screen.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.traveler.name'));
    for (const [index, text] of ['Ana', 'Silva', 'ana.silva@example.com', '41', '39'].entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }
    controls?.queueFaults([{ kind: 'delay', path: '/availability$', delayMs: 2_500 }]);
    await page.keyboard.press('Enter');
    await expect.poll(() => busy(page, say('newBooking.traveler.continue'))).toBe('true');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('38');
    await expect.poll(() => busyButtons(page), ANSWERED).toBe(0);
    expect(await page.getByTestId('hold-countdown').count()).toBe(0);
    expect(await focusedName(page)).toContain(say('newBooking.traveler.guest', { number: 2 }));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page), ANSWERED).toBe(say('newBooking.review.hold'));
    expect(await page.getByRole('form', { name: say('newBooking.review.form') }).textContent()).toContain(
      say('newBooking.review.guests.value', { adults: 2, ages: '41, 38' }),
    );

    // Held: Enter again while it is out makes no second booking.
    controls?.queueFaults([{ kind: 'delay', path: '/prebook$', delayMs: 2_500 }]);
    await page.keyboard.press('Enter');
    await expect.poll(() => busy(page, say('newBooking.review.hold'))).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page), ANSWERED).toBe(say('bookings.detail.field.clientReference'));
    expect(harness.core.ledger.list({ profileId: 1 }).total).toBe(1);

    // Paid: 'Charging the card' while it goes, one charge however often Enter is pressed, then Paid.
    controls?.queueFaults([{ kind: 'delay', path: '/book$', delayMs: 2_500 }]);
    await tabTo(page, sayBefore('newBooking.payment.pay', { amount: ANY }));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('payment-progress').textContent())
      .toContain(say('newBooking.payment.progress.charging.title'));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 20_000 })
      .toBe(say('newBooking.confirmation.status.confirmed'));
    await expect.poll(() => focusedName(page)).toBe(say('bookings.detail.voucher'));
    const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(booking?.paxAges).toEqual([41, 38]);
    expect(serviceEvents(harness, booking?.serviceBookingId ?? null).filter((type) => type === 'authorized')).toHaveLength(1);
    expect(await words()).toEqual([]);
  });

  test('a booking in Bookings: refreshed, its dates changed at a price, then cancelled, each dialog staying until its answer', async () => {
    const harness = await start();
    const { page } = harness;
    const booking = await paidByEngine(harness, { name: 'Rui', surname: 'Valente', email: 'rui@example.pt' }, 1, 150);
    const cheaper = await otherDates(harness, booking, true);
    const dearer = await otherDates(harness, booking, false);
    const words = await watchWords(page);

    await page.keyboard.press('Control+f');
    await page.keyboard.type('valente');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Rui Valente');
    slow(harness, 2_500);

    // Refresh status: spins and keeps the focus; done, the focus is still there.
    await tabTo(page, say('bookings.detail.refresh'), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => busy(page, say('bookings.detail.refresh'))).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => busyButtons(page), ANSWERED).toBe(0);
    expect(await focusedName(page)).toBe(say('bookings.detail.refresh'));

    // The voucher (nothing asked of the service): Print focused, Escape back on the booking.
    await page.getByRole('heading', { name: 'Rui Valente' }).focus();
    await page.keyboard.press('v');
    await expect.poll(() => focusedName(page)).toBe(say('component.printBar.print'));
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page)).toBe('Rui Valente');

    // Other dates: the price is asked (spinning); the agent picks other dates meanwhile, so the price that
    // comes is for dates no longer on screen and is not offered to confirm. Enter asks for the dates shown.
    const dialog = page.getByRole('dialog');
    await page.keyboard.press('d');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.modify.checkIn'));
    await page.keyboard.type(typedDate(cheaper.checkIn));
    await page.keyboard.press('Tab');
    await page.keyboard.type(typedDate(cheaper.checkOut));
    await page.keyboard.press('Enter');
    await expect.poll(() => busy(page, say('bookings.modify.preview'))).toBe('true');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type(typedDate(dearer.checkIn));
    await page.keyboard.press('Tab');
    await page.keyboard.type(typedDate(dearer.checkOut));
    await expect.poll(() => busyButtons(page), ANSWERED).toBe(0);
    expect(await page.getByTestId('change-summary').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page), ANSWERED).toBe(say('bookings.modify.confirm'));
    expect(await page.getByTestId('change-after').textContent()).toMatch(
      sayMatching('bookings.modify.summary.after', { checkIn: shownDate(dearer.checkIn), checkOut: shownDate(dearer.checkOut) }),
    );

    // Confirmed: Enter again and Escape while it is sent change nothing; the dialog stays until the service
    // answers (closed, the agent would take the change for not made), then says it waits for the payment.
    await page.keyboard.press('Enter');
    await expect.poll(() => busy(page, say('bookings.modify.confirm'))).toBe('true');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: say('bookings.modify.keep') }).isDisabled()).toBe(true);
    await expect
      .poll(() => dialog.getByRole('status').last().textContent(), ANSWERED)
      .toMatch(sayMatching('bookings.modify.outcome.waitingForPayment'));
    await expect.poll(() => focusedName(page)).toBe(say('audit.outcome.done'));
    expect(serviceEvents(harness, booking.serviceBookingId).filter((type) => type.startsWith('modification'))).toEqual([
      'modification_payment_required',
    ]);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);

    // The agent's word that the traveler paid: asked of the service first. Escape while it is asked neither
    // closes the note nor leaves the booking, and Back waits; the service's answer (still unpaid) is told.
    await tabTo(page, say('bookings.pendingChange.markPaid.ask'), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(say('bookings.pendingChange.note'));
    await page.keyboard.type('Paid at the desk');
    await tabTo(page, say('bookings.pendingChange.markPaid'));
    await page.keyboard.press('Enter');
    await expect.poll(() => busy(page, say('bookings.pendingChange.markPaid'))).toBe('true');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('heading', { name: 'Rui Valente' }).isVisible()).toBe(true);
    expect(await page.getByLabel(say('bookings.pendingChange.note')).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: say('bookings.pendingChange.back'), exact: true }).isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByTestId('pending-change').getByRole('alert').textContent(), ANSWERED)
      .toMatch(sayMatching('error.pendingChange.changeNotPaid.message', { known: 'yes' }));
    expect(await page.getByRole('heading', { name: 'Rui Valente' }).isVisible()).toBe(true);

    // Cancelled: Ctrl+Enter again and Escape while it is sent do nothing; the outcome is told, one cancellation.
    await page.getByRole('heading', { name: 'Rui Valente' }).focus();
    await page.keyboard.press('c');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.cancel.reason'));
    await page.keyboard.type('Traveler ill');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => busy(page, say('bookings.cancel.confirm', { traveler: 'Rui Valente' }))).toBe('true');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: say('bookings.cancel.keep') }).isDisabled()).toBe(true);
    expect(await focusedName(page)).toContain(say('bookings.cancel.reason'));
    await expect
      .poll(() => dialog.getByRole('status').textContent(), ANSWERED)
      .toMatch(sayMatching('bookings.cancel.outcome', { status: 'Cancelled', paid: 'yes' }));
    await expect.poll(() => focusedName(page)).toBe(say('audit.outcome.done'));
    expect(serviceEvents(harness, booking.serviceBookingId).filter((type) => type === 'cancelled')).toHaveLength(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Rui Valente');
    expect(await words()).toEqual([]);
  });

  test('the trainer’s exercise prepared and checked, and a new profile put in use, at a slow service', async () => {
    const harness = await start({ trainingControls: { latencyMs: 1_000 } });
    const { page } = harness;
    const words = await watchWords(page);
    const title = say('training.exercise.cancelOnRequest.title');

    // Start: 'Preparing the exercise' has the focus while its booking is made; Enter meanwhile starts nothing more.
    await page.keyboard.press('Control+t');
    await expect.poll(() => page.getByRole('heading', { name: say('nav.trainer') }).isVisible()).toBe(true);
    await tabTo(page, say('trainer.exercises.start.named', { title }));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('trainer.screen.preparing'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page), { timeout: 30_000 }).toBe(say('trainer.underWay.check'));
    expect(harness.core.ledger.list({ profileId: 1, query: 'weber' }).total).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('trainer.outcome.notPassed', { title }));

    // Settings: a profile on the same (slow) service, added by keyboard, then put in use: Online once it answers.
    const agency = harness.training?.createOrganization('Agency');
    await page.keyboard.press('Control+Comma');
    await expect.poll(() => focusedName(page)).toBe(say('settings.addProfile.title'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('settings.addProfile.name'));
    await page.keyboard.type('Agency test');
    await tabTo(page, say('settings.addProfile.baseUrl'));
    await page.keyboard.press('Control+a');
    await page.keyboard.type(harness.training?.url ?? '');
    await page.keyboard.press('Tab');
    await page.keyboard.type(agency?.testKey ?? '');
    // The first real profile: whoever adds it becomes the counter's administrator.
    await tabTo(page, say('settings.addProfile.administrator.name'));
    await page.keyboard.type('Rita Alves');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2468');
    await tabTo(page, say('settings.addProfile.administrator.pinAgain'));
    await page.keyboard.type('2468');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('profile-card').count()).toBe(2);
    await expect.poll(() => focusedName(page)).toBe(say('settings.addProfile.title'));
    slow(harness, SLOW_MS);
    const card = page.getByLabel(say('settings.profile.card', { name: 'Agency test' }));
    await card.getByRole('button', { name: say('settings.profile.use') }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('mode-badge').textContent(), ANSWERED).toBe(say('profile.mode.test'));
    await expect.poll(() => card.getByText(say('settings.profile.inUse')).isVisible(), ANSWERED).toBe(true);

    // A search with the new profile, as slow: the service answers, and was never called offline.
    await page.keyboard.press('Control+n');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
    await page.keyboard.type('lisbon');
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: say('newBooking.search.results') })
            .getByRole('button')
            .count(),
        ANSWERED,
      )
      .toBeGreaterThan(0);
    expect(await page.getByTestId('connectivity').textContent()).toBe(say('component.connectivity.online'));
    expect(await words()).toEqual([]);
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { availableStay, focusedName, holdThroughScreens } from './flow-helpers';
import { filesWithCardNumbers } from './harness';
import { useHarness } from './use-harness';
import { say, sayMatching } from './words';

const openHarness = useHarness();

/**
 * A training counter (the harness's own profile) at the payment step, with the card window opened by
 * keyboard from "Type the card", and every request any page makes from then on.
 */
async function cardWindowByKeyboard(packageId: number, search: string) {
  const harness = await openHarness();
  const { page } = harness;
  await holdThroughScreens(page, await availableStay(harness, packageId), search);
  const requests: string[] = [];
  page.context().on('request', (request) => requests.push(request.url()));
  // From the client reference: past the trainer's list of test cards to the button.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe(say('newBooking.payment.typeCard'));
  const [cardWindow] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect.poll(() => focusedName(cardWindow)).toBe(say('payment.page.number'));
  const booking = () => {
    const row = harness.core.ledger.list({ profileId: 1 }).rows[0];
    if (!row) throw new Error('no booking');
    return row;
  };
  const payments = () => harness.training?.service.ledger(booking().serviceBookingId ?? 0).payments ?? [];
  return { harness, page, cardWindow, requests, booking, payments };
}

/** Typed as a trainee types at the counter; each full field hands over to the next, as Stripe's card element does. */
async function typeCard(cardWindow: Page, card: { number: string; expiry: string; cvc: string; postalCode: string }) {
  await cardWindow.keyboard.type(card.number);
  await cardWindow.keyboard.type(card.expiry);
  await cardWindow.keyboard.type(card.cvc);
  await cardWindow.keyboard.type(card.postalCode);
}

/** Something done in the card window that makes it answer, and so close: the action may end with it. */
async function closingWith(cardWindow: Page, action: () => Promise<unknown>) {
  await Promise.all([
    cardWindow.waitForEvent('close'),
    action().catch((error: unknown) => {
      if (!cardWindow.isClosed()) throw error;
    }),
  ]);
}
const payByEnter = (cardWindow: Page) => closingWith(cardWindow, () => cardWindow.keyboard.press('Enter'));

/** Serious and critical accessibility violations in what the window shows now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

const VALID = { expiry: '12 / 34', cvc: '123', postalCode: '12345' };

/** Only the app's own loopback pages were asked for: no Stripe.js, no call out of the computer. */
const outside = (requests: string[]) =>
  requests.filter((url) => !url.startsWith('data:') && !['127.0.0.1', 'localhost'].includes(new URL(url).hostname));

describe('training: the card typed in the card window, as at a real counter', () => {
  test('4242 4242 4242 4242 typed by keyboard pays with pm_card_visa, and the booking ends Paid; nothing calls out', async () => {
    const { harness, page, cardWindow, requests, booking, payments } = await cardWindowByKeyboard(35, 'kyoto');
    expect(await cardWindow.getByTestId('training-note').textContent()).toContain(say('payment.page.trainingNote'));
    await typeCard(cardWindow, { number: '4242 4242 4242 4242', ...VALID });
    expect(await cardWindow.getByLabel(say('payment.page.number')).inputValue()).toBe('4242 4242 4242 4242');
    expect(await cardWindow.getByLabel(say('payment.page.expiry')).inputValue()).toBe('12 / 34');
    expect(await cardWindow.getByRole('alert').textContent()).toBe('');
    await harness.screenshot('training-card-window', cardWindow);
    await payByEnter(cardWindow);

    await expect
      .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 10_000 })
      .toBe(say('newBooking.confirmation.status.confirmed'));
    expect(booking().status).toBe('Paid');
    expect(payments().filter((payment) => payment.kind === 'authorization')).toEqual([
      expect.objectContaining({ payment_method_id: 'pm_card_visa' }),
    ]);
    expect(cardWindow.isClosed()).toBe(true);
    expect(outside(requests)).toEqual([]);
    expect(filesWithCardNumbers(harness.dataDir)).toEqual([]);
  });

  test('a decline number: the payment step says the card was declined, and the booking stays held', async () => {
    const { page, cardWindow, booking, payments } = await cardWindowByKeyboard(1, 'lisbon');
    await typeCard(cardWindow, { number: '4000 0000 0000 0002', ...VALID });
    await payByEnter(cardWindow);
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: say('error.decline.genericDecline.message') })
          .isVisible(),
      )
      .toBe(true);
    expect(booking().status).toBe('Pending');
    expect(payments()).toEqual([]);
  });

  test('a 3-D Secure number: the bank’s window opens, and the approved payment ends Paid', async () => {
    const { page, cardWindow, payments } = await cardWindowByKeyboard(3, 'barcelona');
    await typeCard(cardWindow, { number: '4000 0000 0000 3220', ...VALID });
    const [challenge] = await Promise.all([page.context().waitForEvent('page'), payByEnter(cardWindow)]);
    await challenge.getByRole('heading', { name: 'Confirm this payment' }).waitFor();
    await expect.poll(() => page.getByText(say('newBooking.payment.progress.authenticating.title')).isVisible()).toBe(true);
    await challenge.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 10_000 })
      .toBe(say('newBooking.confirmation.status.confirmed'));
    expect(payments().filter((payment) => payment.kind === 'authorization')).toEqual([
      expect.objectContaining({ payment_method_id: 'pm_card_threeDSecure2Required' }),
    ]);
  });

  test('what is wrong is told in Stripe’s words on the field, and nothing is sent until it is right', async () => {
    const { page, cardWindow, payments } = await cardWindowByKeyboard(6, 'paris');
    const number = cardWindow.getByLabel(say('payment.page.number'));
    const error = cardWindow.getByRole('alert');
    const says = async (field: string) => {
      const input = cardWindow.getByLabel(field);
      return {
        invalid: await input.getAttribute('aria-invalid'),
        description: await input.evaluate(
          (node) => document.getElementById(node.getAttribute('aria-describedby') ?? '')?.textContent ?? null,
        ),
      };
    };

    // A full number that fails Luhn is told at once, and the focus stays on it.
    await cardWindow.keyboard.type('4242 4242 4242 4241');
    expect(await error.textContent()).toBe(say('payment.card.numberInvalid'));
    expect(await says(say('payment.page.number'))).toEqual({ invalid: 'true', description: say('payment.card.numberInvalid') });
    expect(await focusedName(cardWindow)).toBe(say('payment.page.number'));
    expect(await seriousViolations(cardWindow)).toEqual([]);
    await number.fill('');
    await cardWindow.keyboard.type('4242 4242 4242 4242');
    expect(await error.textContent()).toBe('');
    await cardWindow.keyboard.type('12 / 20');
    expect(await error.textContent()).toBe(say('payment.card.expiryYearPast'));
    expect(await says(say('payment.page.expiry'))).toEqual({ invalid: 'true', description: say('payment.card.expiryYearPast') });
    await cardWindow.getByLabel(say('payment.page.expiry')).fill('');
    await cardWindow.keyboard.type('12 / 34');
    // A short code, then Pay: the card element's words for it, the focus back on it.
    await cardWindow.keyboard.type('12');
    await cardWindow.keyboard.press('Enter');
    expect(await error.textContent()).toBe(say('payment.card.cvcIncomplete'));
    expect(await focusedName(cardWindow)).toBe(say('payment.page.cvc'));
    await cardWindow.keyboard.type('3');
    await cardWindow.keyboard.press('Enter');
    expect(await error.textContent()).toBe(say('payment.card.postalIncomplete'));
    expect(await says(say('payment.page.postal'))).toEqual({ invalid: 'true', description: say('payment.card.postalIncomplete') });
    // An incomplete number, last of all, is told first: the fields speak in order.
    await number.fill('4242 4242');
    await cardWindow.getByRole('button', { name: sayMatching('payment.page.pay') }).click();
    expect(await error.textContent()).toBe(say('payment.card.numberIncomplete'));

    expect(cardWindow.isClosed()).toBe(false);
    expect(payments()).toEqual([]);
    await closingWith(cardWindow, () => cardWindow.getByRole('button', { name: say('payment.page.cancel') }).click());
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: say('error.payment.cardEntryClosed.message') })
          .isVisible(),
      )
      .toBe(true);
    expect(payments()).toEqual([]);
  });

  test('a card that is not one of Stripe’s test cards is refused in the window, with a warning never to type a real card', async () => {
    const { page, cardWindow, booking, payments } = await cardWindowByKeyboard(11, 'florence');
    await typeCard(cardWindow, { number: '4111 1111 1111 1111', ...VALID });
    await cardWindow.keyboard.press('Enter');
    const error = cardWindow.getByRole('alert');
    // "Training takes only Stripe’s test cards, such as 4242 4242 4242 4242. Never type a real card here: …"
    expect(await error.textContent()).toContain(say('payment.card.notATestCard', { example: '4242 4242 4242 4242' }));
    expect(await cardWindow.getByLabel(say('payment.page.number')).getAttribute('aria-invalid')).toBe('true');
    expect(await focusedName(cardWindow)).toBe(say('payment.page.number'));
    expect(cardWindow.isClosed()).toBe(false);
    expect(await page.getByTestId('payment-progress').textContent()).toContain(say('newBooking.payment.progress.card.title'));
    expect(payments()).toEqual([]);
    expect(booking().status).toBe('Pending');
    await cardWindow.close();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: say('error.payment.cardEntryClosed.message') })
          .isVisible(),
      )
      .toBe(true);
    expect(payments()).toEqual([]);
  });
});

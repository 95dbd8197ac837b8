import { describe, expect, test } from 'vitest';
import type { Language } from '../../shared/i18n/languages';
import { availableStay, focusedName, heldByEngine, paidByEngine, typedDate } from './flow-helpers';
import type { Harness } from './harness';
import { keyCounter } from './key-counter';
import { useHarness } from './use-harness';

/** Finds a booking by its traveler's surname and opens it, as keyboard.test.ts does in English; the keys it took. */
async function openByName(harness: Harness, surname: string, traveler: string): Promise<ReturnType<typeof keyCounter>> {
  const { page, text } = harness;
  const keys = keyCounter(page);
  await keys.press('Control+f');
  await expect.poll(() => focusedName(page)).toContain(text('bookings.list.find'));
  await keys.type(surname.toLowerCase());
  await expect
    .poll(() => page.getByTestId('result-count').textContent())
    .toBe(text('bookings.list.count', { count: 1, shown: harness.count(1) }));
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect.poll(() => focusedName(page)).toBe(traveler);
  return keys;
}

/**
 * The counted flows of test/e2e/keyboard.test.ts after the new booking (languages.test.ts counts that one in
 * each language): an old booking found and opened, cancelled, its dates changed, and a new booking with 3-D
 * Secure, one after another at one counter (Ctrl+F from a booking just cancelled finds the next). Each takes the
 * keys it takes in English, whatever the words on the screens.
 */
describe.each(['de', 'fr', 'es', 'en-XA'] satisfies Language[])('the counted flows in %s', (language) => {
  const startHarness = useHarness();
  test('found and opened in at most 4 keys, cancelled in at most 8; dates changed in at most 12; 3-D Secure in at most 16', async () => {
    const started = await startHarness({ language });
    const { page, text } = started;

    await heldByEngine(started, { name: 'Marta', surname: 'Quintela', email: 'marta.q@example.pt' });
    const opened = await openByName(started, 'Quintela', 'Marta Quintela');
    expect(opened.keys, 'find and open').toBeLessThanOrEqual(4);
    await opened.press('c');
    await expect.poll(() => focusedName(page)).toContain(text('bookings.cancel.reason'));
    await opened.type('Traveler changed plans');
    await opened.press('Control+Enter');
    await expect.poll(() => focusedName(page)).toBe(text('component.dialogOutcome.done'));
    await opened.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(opened.keys, 'find, open and cancel').toBeLessThanOrEqual(8);
    expect(started.core.ledger.list({ profileId: 1, query: 'quintela' }).rows[0]?.status).toBe('Cancelled');

    const booking = await paidByEngine(started, { name: 'Rui', surname: 'Valente', email: 'rui.v@example.pt' }, 1, 90);
    const later = await availableStay(started, 1, 200);
    const changed = await openByName(started, 'Valente', 'Rui Valente');
    await changed.press('d');
    await expect.poll(() => focusedName(page)).toContain(text('bookings.modify.checkIn'));
    await changed.type(typedDate(later.checkIn));
    await changed.press('Tab');
    await changed.type(typedDate(later.checkOut));
    await changed.press('Enter');
    await expect.poll(() => page.getByTestId('change-after').isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toBe(text('bookings.modify.confirm'));
    await changed.press('Enter');
    await expect.poll(() => focusedName(page), { timeout: 10_000 }).toBe(text('component.dialogOutcome.done'));
    await changed.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(changed.keys, 'a change of dates').toBeLessThanOrEqual(12);
    const after = started.core.ledger.get(booking.id);
    expect(after?.pendingModification?.checkIn ?? after?.checkIn).toBe(later.checkIn);

    const stay = await availableStay(started, 35);
    const secure = keyCounter(page);
    await secure.press('Control+n');
    await expect.poll(() => focusedName(page)).toContain(text('newBooking.search.label'));
    await secure.type('kyoto');
    await expect.poll(() => page.getByRole('button', { name: stay.property }).first().isVisible()).toBe(true);
    await secure.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(text('newBooking.stay.checkIn'));
    await secure.type(typedDate(stay.checkIn));
    await secure.press('Tab');
    await secure.type(typedDate(stay.checkOut));
    await secure.press('Enter');
    await expect.poll(() => page.getByTestId('quote-total').isVisible()).toBe(true);
    await secure.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(text('newBooking.traveler.name'));
    for (const [index, typed] of ['Aiko', 'Mori', 'aiko.mori@example.jp', '44', '42'].entries()) {
      if (index > 0) await secure.press('Tab');
      await secure.type(typed);
    }
    await secure.press('Enter');
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    await secure.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: text('newBooking.payment.form') }).isVisible()).toBe(true);
    await secure.press('Tab');
    await secure.press('ArrowDown');
    await secure.press('ArrowDown');
    const card = text('payment.testCard.label', { brand: 'Visa', last4: '3220' });
    const choice = text('newBooking.payment.testCard.choice', { card, outcome: text('payment.testCard.needsThreeDSecure') });
    expect(await page.getByLabel(choice).isChecked()).toBe(true);
    // The bank's window is the built-in service's page, in its own words (as a real bank's is in the bank's).
    const [challenge] = await Promise.all([page.context().waitForEvent('page'), secure.press('Enter')]);
    await challenge.getByRole('heading', { name: 'Confirm this payment' }).waitFor();
    await expect.poll(() => challenge.evaluate(() => document.activeElement?.textContent)).toBe('Approve');
    secure.count();
    await challenge.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 10_000 })
      .toBe(text('newBooking.confirmation.status.confirmed'));
    await secure.focusOnSomething();
    expect(secure.keys, 'a new booking with 3-D Secure').toBeLessThanOrEqual(16);
  });
});

import type { Locator, Page } from 'playwright-core';
import { nightsBetween } from '../../shared/format';
import { afterEach, describe, expect, test } from 'vitest';
import { availableStay, focusedName, heldByEngine, typedDate } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { keyCounter as counter } from './key-counter';
import { say, sayCount, sayMatching, shownDate, testCardChoice } from './words';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

/**
 * The counter as installed (nobody to sign in), and staffed: an administrator and an agent, the agent
 * signed in. A signed-in agent's flows take the same keys.
 */
const COUNTERS = [
  { counter: 'a fresh install', start: () => startHarness() },
  {
    counter: 'a staffed counter with an agent signed in',
    start: async () => {
      const started = await startHarness();
      await started.core.agents.create('Rita Alves', 'administrator', '2468');
      const agent = await started.core.agents.create('Bo Tanaka', 'agent', '1357');
      await started.core.access.signIn(agent.id, '1357');
      await started.page.reload();
      await expect.poll(() => started.page.getByTestId('agent-chip').textContent()).toContain('Bo Tanaka');
      return started;
    },
  },
];

describe.each(COUNTERS)('the counter at full speed, by keyboard only, on $counter', ({ start }) => {
  test('a new booking paid by card takes at most 12 keys from anywhere, and again right after a finished one', async () => {
    harness = await start();
    const { page } = harness;
    const stay = await availableStay(harness, 35);
    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByRole('heading', { name: say('bookings.list.table') }).isVisible()).toBe(true);

    for (const [round, traveler] of [
      ['first', ['Kenji', 'Tanaka', 'kenji.tanaka@example.jp', '52', '49']],
      ['right after it', ['Yuki', 'Sato', 'yuki.sato@example.jp', '31', '30']],
    ] as const) {
      const keys = counter(page);
      await keys.press('Control+n');
      await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
      await keys.type('kyoto');
      await expect.poll(() => page.getByRole('button', { name: `${stay.property}, ${stay.title}` }).isVisible()).toBe(true);
      await keys.press('Enter');
      await expect.poll(() => focusedName(page)).toContain(say('bookings.detail.field.checkIn'));
      await keys.type(typedDate(stay.checkIn));
      await keys.press('Tab');
      await keys.type(typedDate(stay.checkOut));
      await keys.press('Enter');
      await expect.poll(() => page.getByTestId('quote-total').isVisible()).toBe(true);
      await keys.press('Enter');
      await expect.poll(() => focusedName(page)).toContain(say('newBooking.traveler.name'));
      for (const [index, text] of traveler.entries()) {
        if (index > 0) await keys.press('Tab');
        await keys.type(text);
      }
      await keys.press('Enter');
      await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
      await keys.press('Enter');
      await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
      await keys.press('Enter');
      await expect
        .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 10_000 })
        .toBe(say('newBooking.confirmation.status.confirmed'));
      await keys.focusOnSomething();
      expect(keys.keys, `the ${round} booking`).toBeLessThanOrEqual(12);
    }
    expect(
      harness.core.ledger
        .list({ profileId: 1 })
        .rows.map((row) => row.holder.surname)
        .sort(),
    ).toEqual(['Sato', 'Tanaka']);
  });

  test('an old booking found by the traveler’s name and opened in at most 4 keys; cancelled in at most 8', async () => {
    harness = await start();
    const { page } = harness;
    await heldByEngine(harness, { name: 'Marta', surname: 'Quintela', email: 'marta.q@example.pt' });

    const keys = counter(page);
    await keys.press('Control+f');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.list.find'));
    await keys.type('quintela');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    await keys.press('ArrowDown');
    await keys.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Marta Quintela');
    expect(keys.keys).toBeLessThanOrEqual(4);
    await harness.screenshot('booking-opened-by-keyboard');

    await keys.press('c');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.cancel.reason'));
    await keys.type('Traveler changed plans');
    await keys.press('Control+Enter');
    await expect
      .poll(() => page.getByRole('dialog').getByRole('status').textContent())
      .toMatch(sayMatching('bookings.cancel.outcome', { status: 'Cancelled', paid: 'no' }));
    await expect.poll(() => focusedName(page)).toBe(say('audit.outcome.done'));
    await keys.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(keys.keys).toBeLessThanOrEqual(8);
    expect(harness.core.ledger.list({ profileId: 1, query: 'quintela' }).rows[0]?.status).toBe('Cancelled');
  });

  test('Escape steps back in the booking flow, keeping what was typed; Ctrl+N in the middle asks before discarding', async () => {
    harness = await start();
    const { page } = harness;
    await availableStay(harness, 35);
    await page.keyboard.press('Control+n');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
    await page.keyboard.type('kyoto');
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: say('newBooking.search.results') })
          .getByRole('button')
          .count(),
      )
      .toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.detail.field.checkIn'));
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
    expect(await page.getByLabel(say('newBooking.search.label')).inputValue()).toBe('kyoto');

    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.detail.field.checkIn'));
    await page.keyboard.press('Control+n');
    await expect.poll(() => page.getByRole('dialog', { name: say('newBooking.discard.title') }).isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toBe(say('newBooking.startNew'));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByLabel(say('bookings.detail.field.checkIn')).isVisible()).toBe(true);
    await page.keyboard.press('Control+n');
    await expect.poll(() => page.getByRole('dialog', { name: say('newBooking.discard.title') }).isVisible()).toBe(true);
    // The dialog is on screen a moment before its opening transition moves the focus to its answer.
    await expect.poll(() => focusedName(page)).toBe(say('newBooking.startNew'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
    expect(await page.getByLabel(say('newBooking.search.label')).inputValue()).toBe('');
  });

  test('a change of dates, previewed then confirmed, in at most 12 keys from the traveler’s name, with the old and new stay shown', async () => {
    harness = await start();
    const { page } = harness;
    const stay = await availableStay(harness, 1);
    const later = await availableStay(harness, 1, 120);
    const [entry] = await harness.core.engine.search('lisbon');
    if (!entry?.properties[0]) throw new Error('no package');
    const quote = await harness.core.engine.price({
      packageId: entry.id,
      packageTitle: entry.title,
      propertyId: entry.properties[0].id,
      propertyName: entry.properties[0].name,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      adults: 2,
    });
    if (!quote.available) throw new Error('not available');
    const hold = await harness.core.engine.startHold(quote, [40, 38]);
    const booking = await harness.core.engine.prebook(hold.holdId, { name: 'Rui', surname: 'Valente', email: 'rui.v@example.pt' });
    await harness.core.payments.payWith(booking.id, 'pm_card_visa');
    await expect.poll(() => harness?.core.ledger.get(booking.id)?.status, { timeout: 10_000 }).toBe('Paid');

    const keys = counter(page);
    await keys.press('Control+f');
    await keys.type('valente');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    await keys.press('ArrowDown');
    await keys.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Rui Valente');
    await keys.press('d');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.modify.checkIn'));
    await keys.type(typedDate(later.checkIn));
    await keys.press('Tab');
    await keys.type(typedDate(later.checkOut));
    await keys.press('Enter');
    await expect.poll(() => page.getByTestId('change-after').textContent()).toContain(shownDate(later.checkIn));
    expect(await page.getByTestId('change-summary').textContent()).toContain(`${shownDate(stay.checkIn)} → ${shownDate(stay.checkOut)}`);
    await expect.poll(() => focusedName(page)).toBe(say('bookings.modify.confirm'));
    await harness.screenshot('change-preview-by-keyboard');
    await keys.press('Enter');
    await expect.poll(() => page.getByRole('dialog').getByRole('status').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => focusedName(page)).toBe(say('audit.outcome.done'));
    await keys.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(keys.keys).toBeLessThanOrEqual(12);
    const changed = harness.core.ledger.get(booking.id);
    expect(changed?.pendingModification?.checkIn ?? changed?.checkIn).toBe(later.checkIn);
  });

  test('a new booking with 3-D Secure takes at most 16 keys, the bank’s window included', async () => {
    harness = await start();
    const { page } = harness;
    const stay = await availableStay(harness, 35);
    const keys = counter(page);
    await keys.press('Control+n');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.search.label'));
    await keys.type('kyoto');
    await expect.poll(() => page.getByRole('button', { name: `${stay.property}, ${stay.title}` }).isVisible()).toBe(true);
    await keys.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.detail.field.checkIn'));
    await keys.type(typedDate(stay.checkIn));
    await keys.press('Tab');
    await keys.type(typedDate(stay.checkOut));
    await keys.press('Enter');
    await expect.poll(() => page.getByTestId('quote-total').isVisible()).toBe(true);
    await keys.press('Enter');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.traveler.name'));
    for (const [index, text] of ['Aiko', 'Mori', 'aiko.mori@example.jp', '44', '42'].entries()) {
      if (index > 0) await keys.press('Tab');
      await keys.type(text);
    }
    await keys.press('Enter');
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    await keys.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
    await keys.press('Tab');
    await keys.press('ArrowDown');
    await keys.press('ArrowDown');
    expect(await page.getByLabel(testCardChoice('3220')).isChecked()).toBe(true);
    const [challenge] = await Promise.all([page.context().waitForEvent('page'), keys.press('Enter')]);
    // The bank's page: the service's, in its own words.
    await challenge.getByRole('heading', { name: 'Confirm this payment' }).waitFor();
    await expect.poll(() => challenge.evaluate(() => document.activeElement?.textContent)).toBe('Approve');
    keys.count();
    await challenge.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('confirmation-status').textContent(), { timeout: 10_000 })
      .toBe(say('newBooking.confirmation.status.confirmed'));
    await keys.focusOnSomething();
    expect(keys.keys).toBeLessThanOrEqual(16);
  });

  test('? lists every shortcut; Escape closes the list and the focus goes back where it was', async () => {
    harness = await start();
    const { page } = harness;
    await page.keyboard.press('Control+b');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.list.find'));
    await page.keyboard.type('?');
    // In a text field "?" is text.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByLabel(say('bookings.list.find')).inputValue()).toBe('?');
    await page.keyboard.press('Backspace');
    // Anywhere else, such as the navigation:
    await page
      .getByRole('navigation', { name: say('frame.navigation') })
      .getByRole('button')
      .first()
      .focus();
    await page.keyboard.type('?');
    const list = page.getByRole('dialog', { name: say('component.shortcuts.title') });
    await expect.poll(() => list.isVisible()).toBe(true);
    for (const entry of [
      'shortcuts.does.newBooking',
      'shortcuts.does.find',
      'shortcuts.does.cancelBooking',
      'shortcuts.does.modifyBooking',
      'shortcuts.does.printVoucher',
    ]) {
      expect(await list.textContent()).toContain(say(entry));
    }
    await harness.screenshot('keyboard-shortcuts');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await counter(page).focusOnSomething();
  });

  test('a guest’s age the service refuses is shown on that guest’s field, in the service’s words, with the focus there', async () => {
    harness = await start();
    const { page } = harness;
    const stay = await availableStay(harness, 1);
    await travelerWithAges(page, stay, ['12', '40']);
    const guest = page.getByLabel(say('newBooking.traveler.guest', { number: 1 }));
    // Told before anything is sent: the stay was priced for adults.
    expect(await describedBy(guest)).toContain(say('newBooking.traveler.guest.underAge', { adultAge: 18 }));
    expect(await describedBy(page.getByLabel(say('newBooking.traveler.guest', { number: 2 })))).not.toContain(
      say('newBooking.traveler.guest.underAge', { adultAge: 18 }),
    );
    await page.getByRole('button', { name: say('newBooking.traveler.continue') }).click();
    await expect.poll(() => guest.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.traveler.guest', { number: 1 }));
    expect(await describedBy(guest)).toContain('this service prices adults only');
    await harness.screenshot('traveler-age-refused');
    expect(harness.core.ledger.list({ profileId: 1 }).total).toBe(0);
  });
  test('one more adult after pricing: one Enter prices again and moves on, showing both prices, with the new guest’s age asked for at once', async () => {
    harness = await start();
    const { page } = harness;
    const stay = await availableStay(harness, 1);
    await travelerWithAges(page, stay, ['40', '41']);
    await page.getByRole('button', { name: say('newBooking.traveler.continue') }).click();
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    const before = await page.getByRole('form', { name: say('newBooking.review.form') }).textContent();
    const keys = counter(page);
    await keys.press('Escape');
    await keys.press('Escape');
    await expect.poll(() => focusedName(page)).toContain(say('bookings.detail.field.checkIn'));
    await keys.press('Tab');
    await keys.press('Tab');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.stay.adults'));
    await keys.press('ArrowUp');
    await keys.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: say('bookings.list.column.traveler') }).isVisible()).toBe(true);
    const guest = page.getByLabel(say('newBooking.traveler.guest', { number: 3 }));
    await expect.poll(() => guest.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focusedName(page)).toContain(say('newBooking.traveler.guest', { number: 3 }));
    expect(await page.getByRole('form', { name: say('bookings.list.column.traveler') }).textContent()).toContain(
      say('newBooking.traveler.guest.ageMissing'),
    );
    const repriced = await page.getByRole('status', { name: say('newBooking.traveler.repriced.title') }).textContent();
    const nights = nightsBetween(stay.checkIn, stay.checkOut);
    expect(repriced).toMatch(
      sayMatching('newBooking.traveler.repriced.text', { adults: 3, nights, adultsBefore: 2, nightsBefore: nights }),
    );
    await harness.screenshot('traveler-priced-again');
    await keys.type('39');
    await keys.press('Enter');
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    expect(await page.getByRole('form', { name: say('newBooking.review.form') }).textContent()).toContain(
      say('newBooking.review.guests.value', { adults: 3, ages: '40, 41, 39' }),
    );
    expect(before).toContain(say('newBooking.review.guests.value', { adults: 2, ages: '40, 41' }));
    // Escape twice, Tab twice, ↑, Enter (priced again and on to the traveler), Enter (to the review).
    expect(keys.keys).toBe(7);
  });
});

/** Through the screens to the traveler step, with these guests' ages typed. */
async function travelerWithAges(page: Page, stay: Awaited<ReturnType<typeof availableStay>>, ages: string[]) {
  await page.keyboard.press('Control+n');
  await page.getByLabel(say('newBooking.search.label')).fill('lisbon');
  await page.getByRole('button', { name: `${stay.property}, ${stay.title}` }).click();
  await page.getByLabel(say('bookings.detail.field.checkIn')).fill(typedDate(stay.checkIn));
  await page.getByLabel(say('bookings.detail.field.checkOut')).fill(typedDate(stay.checkOut));
  await page.getByRole('button', { name: say('newBooking.stay.checkPrice') }).click();
  await page.getByRole('button', { name: say('newBooking.stay.continue') }).click();
  await page.getByLabel(say('newBooking.traveler.name')).fill('Nuno');
  await page.getByLabel(say('newBooking.traveler.surname')).fill('Teixeira');
  await page.getByLabel(say('bookings.detail.field.email')).fill('nuno.t@example.pt');
  for (const [index, age] of ages.entries()) await page.getByLabel(say('newBooking.traveler.guest', { number: index + 1 })).fill(age);
}

/** What a screen reader says about a field beyond its name: its description and its error. */
function describedBy(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

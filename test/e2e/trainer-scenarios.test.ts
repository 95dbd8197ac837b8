import { describe, expect, test } from 'vitest';
import { availableStay, focusedName } from './flow-helpers';
import type { Harness } from './harness';
import { useHarness } from './use-harness';
import type { ScenarioId } from '../../shared/training';
import { scenarioWords } from '../../shared/training-words';
import { holdByKeyboard, payByKeyboard, travelerByKeyboard, unquotedStay } from './trainee-keys';
import type { TraineeBooking } from './trainee-keys';
import { say, sayMatching, shownMoney, writtenMoney } from './words';

const openHarness = useHarness();

const traveler = { name: 'Ines', surname: 'Moreau', email: 'ines.moreau@example.com', ages: ['31', '33'] };

/** The trainer turns a scenario on in the panel (Ctrl+T, its switch, Space); its clock shows when it ends. */
async function turnOn(harness: Harness, id: ScenarioId) {
  const { page } = harness;
  const title = say(scenarioWords[id].title.id);
  await page.keyboard.press('Control+t');
  const toggle = page.getByRole('switch', { name: title });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => toggle.isChecked()).toBe(true);
  await expect.poll(() => page.getByTestId('scenario-clock').count()).toBe(1);
}

/** A Lisbon stay for Ines Moreau, ready for the keyboard. */
async function lisbon(harness: Harness, startInDays = 60): Promise<TraineeBooking> {
  return { search: 'lisbon', stay: await availableStay(harness, 1, startInDays), traveler };
}

const confirmation = (harness: Harness) => harness.page.getByTestId('confirmation-status');

describe('each trainer scenario changes what the agent sees, as the panel says', () => {
  test('Price rises between price and hold: at Hold the agent is told the new price beside the old, nothing is held, and Enter holds at the new price', async () => {
    const harness = await openHarness();
    const { page } = harness;
    const booking = await unquotedStay(harness, traveler, 60);
    await turnOn(harness, 'price-rises');
    await travelerByKeyboard(page, booking);
    const stay = { total: booking.total, currency: booking.currency };
    const risen = Math.round(stay.total * 1.1);
    // Main words the refusal: its amounts as main writes them.
    const refusal = page.getByRole('alert').filter({ hasText: sayMatching('error.holds.priceChanged.message') });
    await expect
      .poll(() => refusal.textContent())
      .toContain(
        say('error.holds.priceChanged.message', {
          fresh: writtenMoney(risen, stay.currency),
          quoted: writtenMoney(stay.total, stay.currency),
        }),
      );
    await harness.screenshot('training-price-rises');
    expect(await page.getByTestId('hold-countdown').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('hold-countdown').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('form', { name: say('newBooking.review.form') }).textContent())
      .toContain(shownMoney(risen, stay.currency));
  });

  test('Supplier slow: after paying, the confirmation says it waits for the supplier, the reference not confirmed yet, and it stays so', async () => {
    const harness = await openHarness();
    await turnOn(harness, 'supplier-slow');
    await payByKeyboard(harness.page, await lisbon(harness));
    await expect.poll(() => confirmation(harness).textContent()).toBe(say('newBooking.confirmation.status.held'));
    expect(await harness.page.getByText(say('newBooking.confirmation.reference.notConfirmed')).isVisible()).toBe(true);
    // Well past the usual confirmation, it is still waiting…
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await confirmation(harness).textContent()).toBe(say('newBooking.confirmation.status.held'));
    // …and the service has the supplier's answer due two minutes after the payment, as the panel says.
    const due = harness.training?.service.confirmationsDue() ?? [];
    expect(due).toHaveLength(1);
    expect((Date.parse(due[0] ?? '') - Date.now()) / 1000).toBeGreaterThan(110);
  });

  test('Supplier refuses: after paying, the confirmation turns red, Not booked, with no reference to give', async () => {
    const harness = await openHarness();
    await turnOn(harness, 'supplier-refuses');
    await payByKeyboard(harness.page, await lisbon(harness));
    const refused = harness.page.getByRole('alert').filter({ hasText: say('newBooking.confirmation.notBooked') });
    await expect.poll(() => refused.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await refused.textContent()).toContain(say('newBooking.confirmation.status.ended'));
    expect(await harness.page.getByTestId('booking-reference').count()).toBe(0);
  });

  test('Service down: a search fails with the service unavailable, and no hotel is shown', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await turnOn(harness, 'service-down');
    await page.keyboard.press('Control+n');
    await page.keyboard.type('lisbon');
    const down = page.getByRole('alert').filter({ hasText: say('error.service.serviceUnavailable.message') });
    await expect.poll(() => down.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('button', { name: /, Lisbon/ }).count()).toBe(0);
    await harness.screenshot('training-service-down');
  });

  test('Service down: a payment sent meanwhile is not confirmed until the service is back, then nothing was charged', async () => {
    const harness = await openHarness({ doubtWindowMs: 1_000 });
    const { page } = harness;
    // A booking held before the service went down, at its payment step.
    await holdByKeyboard(page, await lisbon(harness));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
    await turnOn(harness, 'service-down');
    // Ctrl+N asks about the booking in progress; Escape keeps it, and it is back; Enter on Pay.
    await page.keyboard.press('Control+n');
    await expect.poll(() => page.getByRole('dialog', { name: say('newBooking.discard.title') }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
    await page.getByRole('button', { name: sayMatching('newBooking.payment.pay') }).focus();
    await page.keyboard.press('Enter');
    const notConfirmed = page.getByText(say('newBooking.payment.checking.title'));
    await expect.poll(() => notConfirmed.isVisible(), { timeout: 10_000 }).toBe(true);
    const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
    // Well past the request's retries, it still cannot tell: the service answers nothing, and nothing was charged.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await notConfirmed.isVisible()).toBe(true);
    expect(await page.getByTestId('booking-reference').count()).toBe(0);
    expect(harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments).toEqual([]);

    // The bad day ends (its clock ran out, or the trainer ended it from the trainer's own counter) while the agent
    // watches the payment: once Packdesk has asked the service again, the agent is told nothing was charged, and the
    // next key pays again (the words that held the focus are gone).
    await page.evaluate(() => window.packdesk['training:set-scenario']({ id: 'service-down', on: false }));
    const told = page.getByRole('alert').filter({ hasText: say('newBooking.error.notPaid') });
    await expect.poll(() => told.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => focusedName(page)).toMatch(new RegExp(`^${sayMatching('newBooking.payment.pay').source}`));
    expect(harness.core.ledger.get(booking?.id ?? 0)?.inFlight ?? null).toBeNull();
    expect(await notConfirmed.count()).toBe(0);
    expect(harness.core.ledger.get(booking?.id ?? 0)?.status).toBe('Pending');
    expect(harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments).toEqual([]);
  });

  test('Answers lost: the payment’s answer never comes, Packdesk finds out from the service and shows it Paid, charged once, noting the lost answer', async () => {
    const harness = await openHarness();
    await turnOn(harness, 'answers-lost');
    await payByKeyboard(harness.page, await lisbon(harness));
    await expect.poll(() => confirmation(harness).textContent(), { timeout: 20_000 }).toBe(say('newBooking.confirmation.status.confirmed'));
    const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
    // The service acted and its answer was lost: Packdesk learned the outcome by asking, and says so.
    expect(harness.core.ledger.timeline(booking?.id ?? 0).map((event) => event.summary)).toContainEqual(
      expect.stringMatching(/^The answer was lost, but the service shows the booking paid/),
    );
    const payments = harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments as { kind: string }[];
    expect(payments.filter((payment) => payment.kind === 'authorization')).toHaveLength(1);
  });

  test('Busy: the service refuses calls as too many, and the agent still gets every answer, only later', async () => {
    const harness = await openHarness();
    const { page, training } = harness;
    // The stay is found before the storm: the test's own look-up is not the agent's and has no patience for 429s.
    const booking = await lisbon(harness);
    await turnOn(harness, 'busy');
    // The service refuses about half the calls…
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${training?.url}/api/partner/v1/packages?title=rome`, {
          headers: { Authorization: `Bearer ${training?.keys.testKey}` },
        }).then((answer) => answer.status),
      ),
    );
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(5);
    // …and at the counter a search, a price, a hold and a payment come through all the same, and the booking is
    // followed to Paid. Each answer may wait out a Retry-After of 2 s, more than once: the agent waits, and sees no
    // error on the way.
    const errors: string[] = [];
    const watch = setInterval(() => {
      void page
        .getByRole('alert')
        .allTextContents()
        .then((texts) => errors.push(...texts))
        .catch(() => undefined);
    }, 100);
    try {
      await payByKeyboard(page, { ...booking, patienceMs: 30_000 });
      await expect
        .poll(() => confirmation(harness).textContent(), { timeout: 60_000 })
        .toBe(say('newBooking.confirmation.status.confirmed'));
    } finally {
      clearInterval(watch);
    }
    expect(errors).toEqual([]);
    const [held] = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(harness.core.ledger.list({ profileId: 1 }).total).toBe(1);
    const payments = training?.service.ledger(held?.serviceBookingId ?? 0).payments as { kind: string }[];
    expect(payments.filter((payment) => payment.kind === 'authorization')).toHaveLength(1);
  }, 120_000);

  test('Tokens expire after 60 s: the hold’s clock starts at one minute; once it runs out the agent is told, and Enter prices again and holds', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await turnOn(harness, 'tokens-expire');
    await holdByKeyboard(page, await lisbon(harness));
    const clock = await page.getByTestId('hold-countdown').textContent();
    const [minutes, seconds] = (/(\d+):(\d\d)/.exec(clock ?? '') ?? []).slice(1).map(Number);
    expect((minutes ?? 99) * 60 + (seconds ?? 99)).toBeLessThanOrEqual(60);
    const total = await page
      .getByRole('form', { name: say('newBooking.review.form') })
      .getByText(/€/)
      .first()
      .textContent();
    // The minute runs out while the traveler hesitates.
    const ranOut = page.getByRole('alert').filter({ hasText: say('newBooking.review.expired') });
    await expect.poll(() => ranOut.isVisible(), { timeout: 75_000, interval: 1_000 }).toBe(true);
    expect(await page.getByTestId('hold-countdown').textContent()).toContain('0:00');
    await expect.poll(() => focusedName(page)).toBe(say('newBooking.review.hold'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('form', { name: say('newBooking.payment.form') }).textContent()).toContain(total ?? 'no total');
    const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(booking?.status).toBe('Pending');
    expect(harness.core.ledger.list({ profileId: 1 }).total).toBe(1);
  }, 120_000);

  test('Card declined: the bank declines the card, the booking stays held and nothing is charged', async () => {
    const harness = await openHarness();
    await turnOn(harness, 'card-declined');
    await payByKeyboard(harness.page, await lisbon(harness));
    const declined = harness.page.getByRole('alert').filter({ hasText: say('error.decline.genericDecline.message') });
    await expect.poll(() => declined.isVisible(), { timeout: 10_000 }).toBe(true);
    await harness.screenshot('training-card-declined');
    const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(booking?.status).toBe('Pending');
    expect(harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments).toEqual([]);
  });

  test('3-D Secure, cardholder fails: every card asks for the bank’s check, which fails even when approved; held, nothing charged', async () => {
    const harness = await openHarness();
    await turnOn(harness, 'authentication-fails');
    const bank = await payByKeyboard(harness.page, { ...(await lisbon(harness)), bank: true });
    await bank?.keyboard.press('Enter');
    await expect
      .poll(() => harness.page.getByText(say('newBooking.payment.authenticationFailed')).isVisible(), { timeout: 10_000 })
      .toBe(true);
    const [booking] = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments).toEqual([]);
  });
});

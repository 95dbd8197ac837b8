import { afterEach, describe, expect, test } from 'vitest';
import { createDispatcher } from '../../electron/core/dispatch';
import type { BookingRecord } from '../../shared/bookings';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, sayCount, literally } from './words';

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

/** Text that ends with `words`, taken literally. */
const endingWith = (words: string): RegExp => new RegExp(`${literally(words)}$`);

/** Who wrote a line of the timeline, as it names an agent (no approval asked). */
const lineBy = (agent: string): string => say('bookings.people.lineByAgent', { approval: 'none', agent, approver: '' });

/** The harness's channels as the page calls them (the same dispatcher, the same permission check and acting agent). */
function channelsOf(h: Harness) {
  const dispatch = createDispatcher(h.core.handlers);
  return async <T>(channel: string, input: unknown): Promise<T> => {
    const answer = await dispatch(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
    return answer.value as T;
  };
}

/** A booking held and paid by whoever is signed in, for Maria `surname`. */
async function paidBy(h: Harness, call: ReturnType<typeof channelsOf>, surname: string, startInDays: number): Promise<BookingRecord> {
  const [entry] = (await h.core.engine.search('')).filter((candidate) => candidate.id === 1);
  const property = entry?.properties[0];
  if (!entry || !property) throw new Error('no package 1');
  for (let offset = startInDays; offset < startInDays + 60; offset += 1) {
    const day = (plus: number) => new Date(Date.now() + (offset + plus) * 86_400_000).toISOString().slice(0, 10);
    const quote = await h.core.engine.price({
      packageId: 1,
      packageTitle: entry.title,
      propertyId: property.id,
      propertyName: property.name,
      checkIn: day(0),
      checkOut: day(3),
      adults: 2,
    });
    if (!quote.available) continue;
    const hold = await call<{ holdId: string }>('bookings:hold', { quote, paxAges: [41, 39] });
    const holder = { name: 'Maria', surname, email: `maria.${surname.toLowerCase()}@example.com` };
    const booking = await call<BookingRecord>('bookings:prebook', { holdId: hold.holdId, holder });
    await call('payments:pay', { bookingId: booking.id, paymentMethodId: 'pm_card_visa' });
    return booking;
  }
  throw new Error('no available stay');
}

describe('bookings by agent', () => {
  test('the agent filter finds the bookings Ana made or changed; the booking says who made and changed it, each line who wrote it', async () => {
    harness = await startHarness();
    const { page, core } = harness;
    const call = channelsOf(harness);
    const ana = await core.agents.create('Ana Reis', 'administrator', '2468');
    const ben = await core.agents.create('Ben Costa', 'agent', '1357');
    await call('people:sign-in', { agentId: ana.id, pin: '2468' });
    const anas = await paidBy(harness, call, 'Oliveira', 150);
    await call('people:sign-in', { agentId: ben.id, pin: '1357' });
    await paidBy(harness, call, 'Santos', 160);
    await call('bookings:cancel', { bookingId: anas.id, reason: 'Traveler changed plans', confirmed: true });
    // The name main gives this counter (from its references' code) and keeps with each booking it makes: data.
    const counter = `Counter ${anas.clientReference.split('-')[1]}`;

    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 2));
    // By keyboard: into the filter, the name typed, Enter.
    const filter = page.getByRole('textbox', { name: say('bookings.list.agentFilter') });
    await filter.focus();
    await page.keyboard.type('Ana');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => filter.inputValue()).toBe('Ana Reis');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    await expect.poll(() => page.getByRole('row', { name: /Maria Oliveira/ }).isVisible()).toBe(true);
    await harness.screenshot('bookings-agent-filter');

    await page.getByRole('row', { name: /Maria Oliveira/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Maria Oliveira' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('booking-people').textContent())
      .toBe(
        say('bookings.people.madeAndChanged', {
          made: say('bookings.people.made', { where: 'counter', agent: 'Ana Reis', counter }),
          changed: say('bookings.people.changedAfterMade', {
            where: 'counter',
            approval: 'none',
            agent: 'Ben Costa',
            counter,
            approver: '',
          }),
        }),
      );
    await expect
      .poll(() =>
        page
          .getByText(endingWith(lineBy('Ana Reis')))
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(endingWith(lineBy('Ben Costa')))
          .first()
          .isVisible(),
      )
      .toBe(true);
    await harness.screenshot('booking-made-by');
  });
});

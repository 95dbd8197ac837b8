import { describe, expect, test } from 'vitest';
import {
  answerChallenge,
  callApi,
  mintToken,
  pendingBooking,
  priceAgain,
  priceAvailableStay,
  useSandbox,
} from '../../support/sandbox-helpers';

const sandbox = useSandbox();

describe('the controls a trainer turns on', () => {
  test('"card declined": a card that would pay is declined by its bank and the booking stays held; off again, the same card pays', async () => {
    const service = await sandbox({ controls: { cardOutcome: 'decline' } });
    const { bookingId } = await pendingBooking(service);
    const book = () => callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, { payment_method_id: 'pm_card_visa' });
    expect(await book()).toMatchObject({ status: 402, body: { error: 'card_declined', decline_code: 'generic_decline' } });
    expect((await callApi(service, 'GET', `/bookings/${bookingId}`, service.keys.liveKey)).body).toMatchObject({
      data: { status: 'Pending' },
    });
    service.controls.update({ cardOutcome: 'as_card' });
    expect((await book()).status).toBe(200);
  });

  test('"3-D Secure: cardholder fails": every card asks for 3-D Secure, and the bank refuses even an approved challenge', async () => {
    const service = await sandbox({ controls: { cardOutcome: 'authentication_fails' } });
    const { bookingId } = await pendingBooking(service);
    const action = await callApi<{ payment_intent_id: string; client_secret: string }>(
      service,
      'POST',
      `/bookings/${bookingId}/book`,
      service.keys.liveKey,
      { payment_method_id: 'pm_card_visa' },
    );
    expect(action).toMatchObject({ status: 402, body: { error: 'payment_requires_action' } });
    const bank = await answerChallenge(service, action.body.payment_intent_id, action.body.client_secret, 'approve');
    expect(await bank.text()).toContain('Authentication failed');
    const retry = await callApi(service, 'POST', `/bookings/${bookingId}/book`, service.keys.liveKey, {
      payment_intent_id: action.body.payment_intent_id,
    });
    expect(retry).toMatchObject({ status: 402, body: { error: 'card_declined', decline_code: 'authentication_failed' } });
  });

  test('"price rises": a stay priced again costs the given share more than its first price, however often; a stay priced once keeps its price', async () => {
    const service = await sandbox({ controls: { priceRisePercent: 10 } });
    const first = await priceAvailableStay(service, { packageId: 2 });
    const again = await priceAgain(service, first);
    expect(again).toBe(Math.round(first.total * 1.1));
    // However often: the rise is one step, not compounding.
    expect(await priceAgain(service, first)).toBe(again);
    service.controls.update({ priceRisePercent: 0 });
    const plain = await priceAvailableStay(service, { packageId: 3 });
    expect(await priceAgain(service, plain)).toBe(plain.total);
  });

  test('"price rises": a hold on the price quoted before the rise is refused as price_changed; the stay priced again holds at the new price', async () => {
    const service = await sandbox();
    const before = await priceAvailableStay(service, { packageId: 4 });
    service.controls.update({ priceRisePercent: 10 });
    expect(await mintToken(service, before)).toMatchObject({ status: 409, body: { error: 'price_changed' } });
    const after = await priceAvailableStay(service, { packageId: 4 });
    expect(after.total).toBe(Math.round(before.total * 1.1));
    expect(await mintToken(service, after)).toMatchObject({ status: 200, body: { data: { available: true } } });
  });
});

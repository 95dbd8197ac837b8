/** A live profile takes a card only through the card window main opens; a payment method named by the renderer is for rehearsals. */
import { describe, expect, test } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createDispatcher } from '../../../electron/core/dispatch';
import type { Sandbox } from '../../../electron/sandbox/sandbox';
import type { ProfileKind } from '../../../shared/profiles';
import { heldBooking, useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';

const sandbox = useSandbox();
const core = useCore();

/** A counter on an organization of its own at the service, through a profile of the given kind; the card window gives Stripe's visa. */
async function counterOf(kind: Exclude<ProfileKind, 'training'>, service: Sandbox) {
  const cardWindows: string[] = [];
  const { core: counter } = await core(service, {
    paymentWindows: {
      collectCard: async (request) => {
        cardWindows.push('publishableKey' in request ? request.publishableKey : 'training');
        return { kind: 'payment_method', paymentMethodId: 'pm_card_visa' };
      },
      authenticate: async () => ({ kind: 'closed' }),
    },
  });
  const keys = service.createOrganization(`Agency ${kind}`);
  const profile = await counter.profiles.create({
    name: `Agency ${kind}`,
    kind,
    baseUrl: service.url,
    keys: {
      test: keys.testKey,
      live: keys.liveKey,
      publishable: kind === 'live' ? 'pk_live_51PubKeyIjKl4321' : 'pk_test_51PubKeyIjKl4321',
    },
  });
  await counter.profiles.activate(profile.id);
  return { counter, cardWindows, dispatch: createDispatcher(counter.handlers) };
}

const paymentsAtService = (service: Sandbox, counter: Core, bookingId: number) =>
  service.service.ledger(counter.ledger.get(bookingId)?.serviceBookingId ?? -1).payments.length;

describe('a payment method sent by the screen', () => {
  test('is refused on a live profile, in words, with nothing sent; the card window then takes the card', async () => {
    const service = await sandbox();
    const { counter, cardWindows, dispatch } = await counterOf('live', service);
    const { booking } = await heldBooking(counter);

    expect(await dispatch('payments:pay', { bookingId: booking.id, paymentMethodId: 'pm_card_visa' })).toEqual({
      ok: false,
      error: {
        code: 'card_window_required',
        message:
          'A live profile takes a card only in the card window Packdesk opens, so the payment method sent with this payment was not used and nothing was charged.',
        hint: 'Press Pay to open the card window, and have the traveler’s card typed there.',
      },
    });
    expect(paymentsAtService(service, counter, booking.id)).toBe(0);
    expect(counter.ledger.get(booking.id)).toMatchObject({ status: booking.status, bookingReference: null, inFlight: null });
    expect(cardWindows).toEqual([]);

    expect(await dispatch('payments:pay', { bookingId: booking.id })).toMatchObject({
      ok: true,
      value: { bookingReference: expect.any(String) },
    });
    expect(cardWindows).toEqual(['pk_live_51PubKeyIjKl4321']);
    expect(paymentsAtService(service, counter, booking.id)).toBeGreaterThan(0);
  });

  test('is taken on a test-mode profile, where the agent rehearses with Stripe’s test cards', async () => {
    const service = await sandbox();
    const { counter, cardWindows, dispatch } = await counterOf('test', service);
    const { booking } = await heldBooking(counter);
    expect(await dispatch('payments:pay', { bookingId: booking.id, paymentMethodId: 'pm_card_visa' })).toMatchObject({
      ok: true,
      value: { bookingReference: expect.any(String) },
    });
    expect(cardWindows).toEqual([]);
  });
});

import type * as NodeCrypto from 'node:crypto';
import { describe, expect, test, vi } from 'vitest';
import { callApi, paidBooking, pendingBooking, useSandbox } from '../../support/sandbox-helpers';

// Every secret the service checks goes through crypto's constant-time compare: a plain === stops at
// the first wrong character, and how long it took tells a caller how much of a guess was right.
const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  return {
    ...crypto,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls += 1;
      return crypto.timingSafeEqual(a, b);
    },
  };
});

const sandbox = useSandbox();

/** The secret with its last character changed: never the same secret by chance. */
function wrongBy1(secret: string): string {
  return `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`;
}

/** How many constant-time compares a request made. */
async function comparesDuring(request: () => Promise<unknown>): Promise<number> {
  const before = compared.calls;
  await request();
  return compared.calls - before;
}

describe('secrets are compared in constant time', () => {
  test('an API key, right or wrong, is compared with every key the service holds', async () => {
    const service = await sandbox();
    service.createOrganization('Second Agency');
    const keysHeld = 4;
    expect(await comparesDuring(() => callApi(service, 'GET', '/packages?title=rome', service.keys.testKey))).toBe(keysHeld);
    expect(await comparesDuring(() => callApi(service, 'GET', '/packages?title=rome', wrongBy1(service.keys.testKey)))).toBe(keysHeld);
  });

  test('the admin key of the training controls', async () => {
    const service = await sandbox();
    const asAdmin = (key: string) => fetch(`${service.url}/sandbox/controls`, { headers: { Authorization: `Bearer ${key}` } });
    expect(await comparesDuring(() => asAdmin(service.adminKey))).toBe(1);
    expect(await comparesDuring(() => asAdmin(wrongBy1(service.adminKey)))).toBe(1);
  });

  test('the client secret of a 3-D Secure challenge', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    const answer = await callApi<{ payment_intent_id: string; client_secret: string }>(
      service,
      'POST',
      `/bookings/${bookingId}/book`,
      service.keys.liveKey,
      { payment_method_id: 'pm_card_threeDSecure2Required' },
    );
    const page = (secret: string) =>
      fetch(`${service.url}/sandbox/3ds/${answer.body.payment_intent_id}?client_secret=${encodeURIComponent(secret)}`);
    expect(await comparesDuring(() => page(answer.body.client_secret))).toBe(1);
    expect((await page(wrongBy1(answer.body.client_secret))).status).toBe(404);
  });

  test('the secret of a change’s payment link', async () => {
    const service = await sandbox();
    const { bookingId, stay } = await paidBooking(service, { startInDays: 150 });
    let link: string | undefined;
    for (let shift = 1; !link && shift < 40; shift += 1) {
      const checkIn = new Date(Date.parse(stay.checkIn) + shift * 86_400_000).toISOString().slice(0, 10);
      const checkOut = new Date(Date.parse(stay.checkOut) + (shift + 2) * 86_400_000).toISOString().slice(0, 10);
      const confirm = await callApi<{ payment_link?: string }>(
        service,
        'POST',
        `/bookings/${bookingId}/modification`,
        service.keys.liveKey,
        {
          changes: { booking: { dates: { check_in: checkIn, check_out: checkOut } } },
        },
      );
      link = confirm.body.payment_link;
    }
    if (!link) throw new Error('no dearer dates found for the change');
    const paymentLink = link;
    expect(await comparesDuring(() => fetch(paymentLink))).toBe(1);
  });
});

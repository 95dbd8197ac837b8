import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { availableStay, holdThroughScreens } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, sayingFirst } from './words';

/** Stripe's card element names its field in Stripe's words (here its stand-in's), not Packdesk's. */
const STRIPE_CARD_NUMBER = 'Card number';

const STRIPE_URL = 'https://js.stripe.com/endive/stripe.js';
const PUBLISHABLE = 'pk_test_51StandInPublishableKey0042';
const STAND_IN = readFileSync(join(import.meta.dirname, 'stripe-stand-in.js'), 'utf8');

/** The card window's Pay button, its amount whatever it is. */
const PAY = sayingFirst('payment.page.pay');

let harness: Harness | undefined;
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  expect(errors).toEqual([]);
});

/** A test-mode organization's profile on the built-in service, with a Stripe test publishable key; Stripe.js is the stand-in. */
async function testModeCounter(): Promise<Harness> {
  const started = await startHarness();
  const training = started.training;
  if (!training) throw new Error('no training service');
  await started.context.route(STRIPE_URL, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }));
  const profile = await started.core.profiles.create({
    name: 'Sunway Travel test mode',
    kind: 'test',
    baseUrl: training.url,
    keys: { test: training.keys.testKey, live: training.keys.liveKey, publishable: PUBLISHABLE },
  });
  await started.page.evaluate((id) => window.packdesk['profiles:activate']({ id }), profile.id);
  await expect.poll(() => started.page.getByTestId('mode-badge').textContent()).toBe(say('profile.mode.test'));
  return started;
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __stripeCalls: unknown[] }).__stripeCalls);

/** A heap snapshot of the page's JavaScript, as text. */
async function heapSnapshot(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  return chunks.join('');
}

/** Every file under a folder whose bytes contain any of the secrets. */
function filesContaining(folder: string, secrets: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile() && stat.size < 50_000_000) {
        const bytes = readFileSync(path);
        for (const secret of secrets)
          if (bytes.includes(secret) || bytes.includes(Buffer.from(secret, 'utf16le'))) found.push(`${path}: ${secret.slice(0, 8)}…`);
      }
    }
  };
  walk(folder);
  return found;
}

describe('card entry with Stripe.js in its own window', () => {
  test('the window loads Stripe.js with the profile’s publishable key, creates a payment method, and the app pays with what it returns', async () => {
    harness = await testModeCounter();
    const { page } = harness;
    const stay = await availableStay(harness, 1);
    await holdThroughScreens(page, stay, 'lisbon');
    await harness.screenshot('payment-test-mode');

    const [cardWindow] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: say('newBooking.payment.enterCard') }).click(),
    ]);
    await cardWindow.getByLabel(STRIPE_CARD_NUMBER).fill('4242 4242 4242 4242');
    await harness.screenshot('payment-card-window', cardWindow);
    expect(await cardWindow.getByTestId('amount').textContent()).toMatch(/^€/);
    const recorded = calls(cardWindow);
    await cardWindow.getByRole('button', { name: PAY }).click();
    await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await recorded).toEqual([['Stripe', PUBLISHABLE], ['elements.create', 'card', { hidePostalCode: true }], ['mount']]);
    const booking = harness.core.ledger.list({ profileId: 2 }).rows[0];
    expect(harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments[0]).toMatchObject({
      kind: 'authorization',
      payment_method_id: 'pm_1StandInCard4242',
    });

    // No card number and no key anywhere Packdesk or the renderer writes.
    const secrets = [
      '4242 4242 4242 4242',
      '4242424242424242',
      harness.training?.keys.liveKey ?? '',
      harness.training?.keys.testKey ?? '',
      PUBLISHABLE,
    ];
    expect(filesContaining(harness.dataDir, secrets.slice(0, 2))).toEqual([]);
    expect(filesContaining(harness.dataDir, secrets.slice(2)).filter((hit) => !hit.includes('training-service.db'))).toEqual([]);
    // Nor in anything the renderer stores: cookies, local storage, IndexedDB.
    const stored = JSON.stringify(await page.context().storageState({ indexedDB: true }));
    expect(secrets.filter((secret) => stored.includes(secret))).toEqual([]);

    // Nor in the renderer's memory.
    const heap = await heapSnapshot(page);
    // The snapshot holds the renderer's strings (the profile name is one), so a key would show.
    expect(heap).toContain('Sunway Travel test mode');
    expect(secrets.filter((secret) => heap.includes(secret))).toEqual([]);
  });

  test('the card window checks what Stripe.js says: createPaymentMethod gets the card element and the cardholder', async () => {
    harness = await testModeCounter();
    const { page } = harness;
    await holdThroughScreens(page, await availableStay(harness, 3), 'barcelona');
    const [cardWindow] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: say('newBooking.payment.enterCard') }).click(),
    ]);
    await cardWindow.getByLabel(STRIPE_CARD_NUMBER).fill('4000 0000 0000 0002');
    await cardWindow.getByRole('button', { name: PAY }).click();
    await expect.poll(() => cardWindow.getByRole('alert').textContent()).toBe('Your card was declined.');
    expect((await calls(cardWindow)).at(-1)).toEqual([
      'createPaymentMethod',
      { type: 'card', hasCard: true, billing_details: { name: 'Ana Silva' } },
    ]);
    await cardWindow.getByRole('button', { name: say('payment.page.cancel') }).click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: say('error.payment.cardEntryClosed.message') })
          .isVisible(),
      )
      .toBe(true);
    expect(harness.core.ledger.list({ profileId: 2 }).rows[0]?.status).toBe('Pending');
  });

  test.each([
    ['manual', 'handleCardAction'],
    ['automatic', 'handleNextAction'],
  ])(
    '3-D Secure against a real service, intent confirmed %s: Stripe.js’s %s with the client secret, then a book with the payment intent',
    async (method, expectedCall) => {
      harness = await testModeCounter();
      const { page } = harness;
      // How the service set up its payment intent; the app must read it from the intent, not assume it.
      await page.context().addInitScript((confirmation) => Object.assign(window, { __confirmationMethod: confirmation }), method);
      await holdThroughScreens(page, await availableStay(harness, 6), 'paris');
      const [cardWindow] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('button', { name: say('newBooking.payment.enterCard') }).click(),
      ]);
      await cardWindow.getByLabel(STRIPE_CARD_NUMBER).fill('4000 0027 6000 3184');
      const [actionWindow] = await Promise.all([
        page.context().waitForEvent('page'),
        cardWindow.getByRole('button', { name: PAY }).click(),
      ]);
      await expect
        .poll(async () => ((await calls(actionWindow)) as unknown[][]).map((call) => call[0]))
        .toEqual(['Stripe', 'retrievePaymentIntent', expectedCall]);
      const secret = ((await calls(actionWindow)) as string[][])[2]?.[1] as string;
      expect(secret).toMatch(/^pi_[a-f0-9]+_secret_/);
      await expect.poll(() => page.getByText(say('newBooking.payment.progress.authenticating.title')).isVisible()).toBe(true);

      // The bank approves (here, at the service), and Stripe.js reports the action done.
      const intent = secret.split('_secret_')[0] as string;
      harness.training?.service.completeChallenge(intent, secret, 'approve');
      await actionWindow.evaluate(
        (id) =>
          (window as unknown as { __finishCardAction: (result: unknown) => void }).__finishCardAction({
            paymentIntent: { id, status: 'requires_confirmation' },
          }),
        intent,
      );
      await expect.poll(() => page.getByTestId('booking-reference').isVisible(), { timeout: 10_000 }).toBe(true);
      const booking = harness.core.ledger.list({ profileId: 2 }).rows[0];
      expect(booking?.paymentIntentId).toBeNull();
      expect(harness.training?.service.ledger(booking?.serviceBookingId ?? 0).payments).toEqual([
        expect.objectContaining({ kind: 'authorization', payment_intent_id: intent }),
      ]);
      // The log tells of the 402 and of the book that followed, and never of the client secret.
      const logged = readFileSync(harness.logFile, 'utf8');
      expect(logged).toMatch(/\[service\] POST \/bookings\/\d+\/book → 402 payment_requires_action in \d+ ms/);
      expect(logged).toMatch(/\[service\] POST \/bookings\/\d+\/book → 200 in \d+ ms/);
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain('_secret_');
    },
  );

  test('a missing publishable key is caught before any window opens', async () => {
    harness = await testModeCounter();
    const { page } = harness;
    await holdThroughScreens(page, await availableStay(harness, 11), 'florence');
    await harness.core.profiles.deleteKey(2, 'publishable');
    const opened: Page[] = [];
    page.context().on('page', (popup) => opened.push(popup));
    await page.getByRole('button', { name: say('newBooking.payment.enterCard') }).click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: say('error.publishableKey.missing.message', { profile: 'Sunway Travel test mode' }) })
          .isVisible(),
      )
      .toBe(true);
    expect(opened).toEqual([]);
    await harness.screenshot('payment-key-missing');
  });
});

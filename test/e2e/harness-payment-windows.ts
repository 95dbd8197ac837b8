import type { BrowserContext, Page } from 'playwright-core';
import { paymentPageWording } from '../../electron/core/i18n/payment-page';
import type { MainWords } from '../../electron/core/i18n/main-words';
import type { PaymentWindows } from '../../electron/core/engine/payments/payment-windows';
import { checkedPageResult } from '../../shared/payment-window';
import type { AuthenticationResult, CardEntryResult, PaymentPageRequest, PaymentPageResult } from '../../shared/payment-window';

/**
 * The browser harness's payment windows: each a second page in the same browser, loading the same
 * payment page the app packages (card entry, training's card form, Stripe 3-D Secure) or the built-in
 * service's challenge.
 */
export function harnessPaymentWindows(
  context: BrowserContext,
  siteUrl: () => string,
  /** Main's words in the counter's language, for the page (the core's, once it exists). */
  words: () => Pick<MainWords, 'text' | 'language'>,
): PaymentWindows {
  const wording = (request: { amountLabel: string; cardholderName: string }) =>
    paymentPageWording(words(), { amount: request.amountLabel, name: request.cardholderName });
  async function paymentPage(request: PaymentPageRequest): Promise<PaymentPageResult> {
    const page = await context.newPage();
    return new Promise<PaymentPageResult>((resolve) => {
      let settled = false;
      const settle = (result: PaymentPageResult) => {
        if (settled) return;
        settled = true;
        resolve(result);
        if (!page.isClosed()) void page.close();
      };
      page.on('close', () => settle({ kind: 'closed' }));
      void (async () => {
        // Checked as main checks it: only a declared answer counts.
        await page.exposeBinding('__paymentFinish', (_source, result: unknown) => settle(checkedPageResult(request, result)));
        await page.addInitScript((pageRequest) => {
          const target = window as unknown as { paymentWindow: unknown; __paymentFinish: (result: unknown) => void };
          target.paymentWindow = { request: async () => pageRequest, finish: (result: unknown) => target.__paymentFinish(result) };
        }, request);
        await page.goto(`${siteUrl()}/payment.html`);
      })().catch(() => undefined);
    });
  }

  async function challengePage(url: string): Promise<AuthenticationResult> {
    const page: Page = await context.newPage();
    return new Promise<AuthenticationResult>((resolve) => {
      let settled = false;
      page.on('close', () => {
        if (!settled) resolve({ kind: 'closed' });
        settled = true;
      });
      // The training bank answers the cardholder's choice with a page that names the outcome.
      page.on('response', (response) => {
        if (response.request().method() !== 'POST' || !response.url().includes('/sandbox/3ds/')) return;
        void response
          .text()
          .then((html) => {
            const outcome = /data-outcome="(approved|failed)"/.exec(html)?.[1];
            if (settled || !outcome) return;
            settled = true;
            resolve(outcome === 'approved' ? { kind: 'succeeded' } : { kind: 'failed', message: 'The cardholder failed the check.' });
            void page.close().catch(() => undefined);
          })
          .catch(() => undefined);
      });
      // The agent may close the window while it is still loading.
      page.goto(url).catch(() => undefined);
    });
  }

  return {
    collectCard: async (request) =>
      (await paymentPage(
        'training' in request
          ? { mode: 'training-card', amountLabel: request.amountLabel, cardholderName: request.cardholderName, ...wording(request) }
          : { mode: 'card', ...request, ...wording(request) },
      )) as CardEntryResult,
    authenticate: async (request) =>
      request.kind === 'built-in'
        ? challengePage(request.url)
        : ((await paymentPage({
            mode: 'authenticate',
            publishableKey: request.publishableKey,
            clientSecret: request.clientSecret,
            ...paymentPageWording(words()),
          })) as AuthenticationResult),
  };
}

import { join } from 'node:path';
import { paymentPageWording } from '../core/i18n/payment-page';
import { ipcMain, session } from 'electron';
import type { BrowserWindow, IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import type { PaymentWindows } from '../core/engine/payments/payment-windows';
import { paymentWindowChannels } from '../../shared/ipc';
import { checkedPageResult, PAYMENT_WINDOW_REQUEST, PAYMENT_WINDOW_RESULT } from '../../shared/payment-window';
import type { AuthenticationResult, CardEntryResult, PaymentPageRequest, PaymentPageResult } from '../../shared/payment-window';
import { defineMessages } from '../../shared/i18n/messages';
import { englishText } from '../core/i18n/main-words';
import type { MainWords } from '../core/i18n/main-words';
import { createSecureWindow, denyAllPermissions, hardenWebContents } from './hardening';

const words = defineMessages({
  card: { id: 'main.paymentWindow.card', defaultMessage: 'Card payment' },
  trainingCard: { id: 'main.paymentWindow.trainingCard', defaultMessage: 'Card payment (training)' },
  trainingBank: { id: 'main.paymentWindow.trainingBank', defaultMessage: '3-D Secure (training bank)' },
});
/** The bank's check by its scheme's name, the same in every language. */
const THREE_D_SECURE = '3-D Secure';

function paymentSession(partition: string): Electron.Session {
  const paymentSessionInstance = session.fromPartition(partition);
  denyAllPermissions(paymentSessionInstance);
  return paymentSessionInstance;
}

/**
 * Electron's payment windows: each a separate, sandboxed, modal window with its own session. Card
 * entry (Stripe's, or training's own form) and Stripe's 3-D Secure run on a packaged file:// page (live Stripe.js accepts https and
 * file:// origins only); the built-in service's challenge runs on its own loopback page.
 */
export function electronPaymentWindows(
  parent: () => BrowserWindow | null,
  pageUrl: string,
  /** The windows' titles in the counter's language (English where none is given). */
  say: Pick<MainWords, 'text' | 'language'> = { text: englishText, language: () => 'en' },
): PaymentWindows {
  const wording = (request: { amountLabel: string; cardholderName: string }) =>
    paymentPageWording(say, { amount: request.amountLabel, name: request.cardholderName });
  const titles = {
    card: () => say.text({ message: words.card }),
    'training-card': () => say.text({ message: words.trainingCard }),
    authenticate: () => THREE_D_SECURE,
  };
  function openStripePage<T extends PaymentPageResult>(request: PaymentPageRequest, closed: T): Promise<T | PaymentPageResult> {
    return new Promise((resolve) => {
      const window = createSecureWindow(
        {
          parent: parent() ?? undefined,
          modal: true,
          width: 480,
          height: 560,
          title: titles[request.mode](),
        },
        { preload: join(import.meta.dirname, '../preload/payment.cjs'), session: paymentSession('payment-stripe') },
      );
      // Only the packaged page itself; Stripe's frames are sub-frames of it.
      hardenWebContents(window.webContents, pageUrl, () => []);
      let settled = false;
      const fromThisWindow = (event: IpcMainEvent | IpcMainInvokeEvent) => event.sender.id === window.webContents.id;
      const onRequest = (event: IpcMainInvokeEvent) => (fromThisWindow(event) ? request : null);
      const onResult = (event: IpcMainEvent, raw: unknown) => {
        if (!fromThisWindow(event) || settled) return;
        settled = true;
        cleanup();
        window.close();
        // Only a declared answer counts (a pm_ id, an outcome), and one that fits the request; anything else is a closed window.
        const declared = paymentWindowChannels[PAYMENT_WINDOW_RESULT].input.safeParse(raw);
        resolve(declared.success ? checkedPageResult(request, declared.data) : { kind: 'closed' });
      };
      const cleanup = () => {
        ipcMain.removeHandler(PAYMENT_WINDOW_REQUEST);
        ipcMain.removeListener(PAYMENT_WINDOW_RESULT, onResult);
      };
      ipcMain.removeHandler(PAYMENT_WINDOW_REQUEST);
      ipcMain.handle(PAYMENT_WINDOW_REQUEST, onRequest);
      ipcMain.on(PAYMENT_WINDOW_RESULT, onResult);
      window.on('closed', () => {
        if (settled) return;
        settled = true;
        cleanup();
        resolve(closed);
      });
      void window.loadURL(pageUrl);
    });
  }

  return {
    async collectCard(request): Promise<CardEntryResult> {
      // Training's form is the same packaged page, which then loads no Stripe.js at all.
      const pageRequest: PaymentPageRequest =
        'training' in request
          ? { mode: 'training-card', amountLabel: request.amountLabel, cardholderName: request.cardholderName, ...wording(request) }
          : { mode: 'card', ...request, ...wording(request) };
      const result = await openStripePage(pageRequest, { kind: 'closed' });
      return result.kind === 'payment_method' || result.kind === 'closed' || result.kind === 'error' ? result : { kind: 'closed' };
    },

    async authenticate(request): Promise<AuthenticationResult> {
      if (request.kind === 'stripe') {
        const result = await openStripePage(
          { mode: 'authenticate', publishableKey: request.publishableKey, clientSecret: request.clientSecret, ...paymentPageWording(say) },
          { kind: 'closed' },
        );
        return result.kind === 'succeeded' || result.kind === 'failed' || result.kind === 'closed' ? result : { kind: 'closed' };
      }
      return new Promise((resolve) => {
        const origin = new URL(request.url).origin;
        const window = createSecureWindow(
          { parent: parent() ?? undefined, modal: true, width: 480, height: 520, title: say.text({ message: words.trainingBank }) },
          { session: paymentSession('payment-training-3ds') },
        );
        hardenWebContents(window.webContents, origin, () => []);
        let settled = false;
        window.webContents.on('did-finish-load', () => {
          void window.webContents
            .executeJavaScript("document.querySelector('[data-outcome]')?.getAttribute('data-outcome') ?? null")
            .then((outcome: unknown) => {
              if (settled || (outcome !== 'approved' && outcome !== 'failed')) return;
              settled = true;
              resolve(outcome === 'approved' ? { kind: 'succeeded' } : { kind: 'failed', message: 'The cardholder failed the check.' });
              setTimeout(() => window.close(), 800);
            });
        });
        window.on('closed', () => {
          if (!settled) resolve({ kind: 'closed' });
          settled = true;
        });
        void window.loadURL(request.url);
      });
    },
  };
}

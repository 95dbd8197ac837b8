import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { BrowserWindow, ipcMain, session } from './electron-stand-in';

vi.mock('electron', () => import('./electron-stand-in'));
const { electronPaymentWindows } = await import('../../electron/main/payment-windows');
const { createMainWords } = await import('../../electron/core/i18n/main-words');

const ROOT = join(import.meta.dirname, '../..');
const lastWindow = () => BrowserWindow.created.at(-1) as BrowserWindow;

beforeEach(() => {
  BrowserWindow.created.length = 0;
  ipcMain.handlers.clear();
  ipcMain.listeners.clear();
});

describe('the payment windows in the app', () => {
  test('in the counter’s language: the page’s words worded by main in German, Stripe’s own element asked for German', async () => {
    const main = new BrowserWindow({});
    const german = createMainWords(() => 'de');
    await german.follow();
    const windows = electronPaymentWindows(() => main as never, 'file:///opt/packdesk/out/renderer/payment.html', german);
    void windows.collectCard({ publishableKey: 'pk_test_abc12345', amountLabel: '10,00 €', cardholderName: 'Ana Silva' });
    const card = lastWindow();
    const request = ipcMain.handlers.get('payment-window:request');
    expect(await request?.({ sender: { id: card.webContents.id } }, undefined)).toMatchObject({
      words: {
        'payment.page.title': 'Kartenzahlung',
        'payment.page.pay': '10,00 € bezahlen',
        'payment.page.cardholder': 'Karteninhaber: Ana Silva',
      },
      locale: 'de',
    });
    expect(card.options).toMatchObject({ title: expect.not.stringContaining('Card payment') });
  });

  test('card entry: a modal, sandboxed window on its own session, loading the packaged page; only that window’s one result counts', async () => {
    const main = new BrowserWindow({});
    const windows = electronPaymentWindows(() => main as never, 'file:///opt/packdesk/out/renderer/payment.html');
    const result = windows.collectCard({ publishableKey: 'pk_test_abc12345', amountLabel: '€10.00', cardholderName: 'Ana Silva' });
    const card = lastWindow();
    expect(card.options).toMatchObject({ parent: main, modal: true });
    expect(card.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      session: session.partitions.get('payment-stripe'),
    });
    expect((card.options.webPreferences as { preload: string }).preload).toMatch(/preload\/payment\.cjs$/);
    expect(card.webContents.loadedUrl).toBe('file:///opt/packdesk/out/renderer/payment.html');

    const request = ipcMain.handlers.get('payment-window:request');
    expect(await request?.({ sender: { id: card.webContents.id } }, undefined)).toEqual({
      mode: 'card',
      publishableKey: 'pk_test_abc12345',
      amountLabel: '€10.00',
      cardholderName: 'Ana Silva',
      // The page's words, worded by main (English here), the amount and cardholder in them; Stripe's element in English.
      words: expect.objectContaining({ 'payment.page.pay': 'Pay €10.00', 'payment.page.cardholder': 'Cardholder: Ana Silva' }),
      locale: 'en',
    });
    expect(await request?.({ sender: { id: main.webContents.id } }, undefined)).toBeNull();

    ipcMain.deliver(
      'payment-window:result',
      { sender: { id: main.webContents.id } },
      { kind: 'payment_method', paymentMethodId: 'pm_forged' },
    );
    ipcMain.deliver(
      'payment-window:result',
      { sender: { id: card.webContents.id } },
      { kind: 'payment_method', paymentMethodId: 'pm_1Real' },
    );
    expect(await result).toEqual({ kind: 'payment_method', paymentMethodId: 'pm_1Real' });
    expect(card.closed).toBe(true);
    expect(ipcMain.handlers.has('payment-window:request')).toBe(false);
  });

  test.each([
    ['a card number', { kind: 'payment_method', paymentMethodId: '4242424242424242' }],
    ['a pm_ id with a card number in it', { kind: 'payment_method', paymentMethodId: 'pm_4242-4242-4242-4242' }],
    ['a pm_ id with a card number written with underscores', { kind: 'payment_method', paymentMethodId: 'pm_4242_4242_4242_4242' }],
    ['an outcome of another window', { kind: 'succeeded' }],
    ['something else', { kind: 'payment_method', paymentMethodId: 'pm_1', card: '4242424242424242' }],
  ])('the card window answering %s is believed as nothing: closed, no payment', async (_name, answer) => {
    const windows = electronPaymentWindows(() => null, 'file:///opt/packdesk/out/renderer/payment.html');
    const result = windows.collectCard({ publishableKey: 'pk_test_abc12345', amountLabel: '€10.00', cardholderName: 'Ana Silva' });
    ipcMain.deliver('payment-window:result', { sender: { id: lastWindow().webContents.id } }, answer);
    expect(await result).toEqual({ kind: 'closed' });
  });

  test('closing the card window is an answer: closed, nothing paid', async () => {
    const windows = electronPaymentWindows(() => null, 'file:///opt/packdesk/out/renderer/payment.html');
    const result = windows.collectCard({ publishableKey: 'pk_test_abc12345', amountLabel: '€10.00', cardholderName: 'Ana Silva' });
    lastWindow().close();
    expect(await result).toEqual({ kind: 'closed' });
  });

  test('every permission in the payment session is denied', () => {
    void electronPaymentWindows(() => null, 'file:///opt/packdesk/out/renderer/payment.html').collectCard({
      publishableKey: 'pk_test_abc12345',
      amountLabel: '€1',
      cardholderName: 'A B',
    });
    const answers: boolean[] = [];
    session.partitions.get('payment-stripe')?.permissionRequestHandler?.(null, 'payment-handler', (granted) => answers.push(granted));
    expect(answers).toEqual([false]);
  });

  test('the built-in service’s 3-D Secure page opens on its own session, and closing it means closed', async () => {
    const windows = electronPaymentWindows(() => null, 'file:///opt/packdesk/out/renderer/payment.html');
    const result = windows.authenticate({ kind: 'built-in', url: 'http://127.0.0.1:43110/sandbox/3ds/pi_1?client_secret=s' });
    const challenge = lastWindow();
    expect(challenge.options.webPreferences).toMatchObject({ sandbox: true, session: session.partitions.get('payment-training-3ds') });
    expect((challenge.options.webPreferences as { preload?: string }).preload).toBeUndefined();
    expect(challenge.webContents.loadedUrl).toBe('http://127.0.0.1:43110/sandbox/3ds/pi_1?client_secret=s');
    challenge.close();
    expect(await result).toEqual({ kind: 'closed' });
  });
});

describe('content security policies', () => {
  const csp = (file: string) =>
    /Content-Security-Policy"\s+content="([^"]+)"/.exec(readFileSync(join(ROOT, 'renderer', file), 'utf8'))?.[1] ?? '';

  test('the main window loads nothing from outside the app', () => {
    expect(csp('index.html')).not.toMatch(/https?:/);
    expect(csp('index.html')).toContain("script-src 'self'");
  });

  test('the payment page may reach Stripe’s origins and nothing else', () => {
    const origins = csp('payment.html').match(/https:\/\/[^\s;]+/g) ?? [];
    expect(new Set(origins)).toEqual(
      new Set(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://api.stripe.com', 'https://*.stripe.com']),
    );
  });
});

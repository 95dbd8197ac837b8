import { beforeEach, describe, expect, test, vi } from 'vitest';
import { BrowserWindow, ipcMain } from './electron-stand-in';

vi.mock('electron', () => import('./electron-stand-in'));
const { electronPaymentWindows } = await import('../../electron/main/payment-windows');

const PAGE = 'file:///opt/packdesk/out/renderer/payment.html';
const lastWindow = () => BrowserWindow.created.at(-1) as BrowserWindow;

beforeEach(() => {
  BrowserWindow.created.length = 0;
  ipcMain.handlers.clear();
  ipcMain.listeners.clear();
});

describe('the training card window in the app', () => {
  test('the same packaged page, asked for the training form without any key; a test PaymentMethod id comes back', async () => {
    const windows = electronPaymentWindows(() => null, PAGE);
    const result = windows.collectCard({ training: true, amountLabel: '€10.00', cardholderName: 'Ana Silva' });
    const card = lastWindow();
    expect(card.options).toMatchObject({ modal: true, title: 'Card payment (training)' });
    expect(card.webContents.loadedUrl).toBe(PAGE);
    const request = ipcMain.handlers.get('payment-window:request');
    expect(await request?.({ sender: { id: card.webContents.id } }, undefined)).toEqual({
      mode: 'training-card',
      amountLabel: '€10.00',
      cardholderName: 'Ana Silva',
      words: expect.objectContaining({
        'payment.page.title': 'Card payment',
        'payment.card.numberIncomplete': 'Your card number is incomplete.',
      }),
      locale: 'en',
    });
    ipcMain.deliver(
      'payment-window:result',
      { sender: { id: card.webContents.id } },
      { kind: 'payment_method', paymentMethodId: 'pm_card_visa' },
    );
    expect(await result).toEqual({ kind: 'payment_method', paymentMethodId: 'pm_card_visa' });
  });

  test.each([
    ['a payment method Stripe.js made from a real card', 'pm_1RealCard'],
    ['a card number', '4242424242424242'],
  ])('the training window answering with %s is believed as nothing: closed, no payment', async (_name, paymentMethodId) => {
    const windows = electronPaymentWindows(() => null, PAGE);
    const result = windows.collectCard({ training: true, amountLabel: '€10.00', cardholderName: 'Ana Silva' });
    ipcMain.deliver('payment-window:result', { sender: { id: lastWindow().webContents.id } }, { kind: 'payment_method', paymentMethodId });
    expect(await result).toEqual({ kind: 'closed' });
  });
});

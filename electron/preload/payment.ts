import { contextBridge, ipcRenderer } from 'electron';
import { PAYMENT_WINDOW_REQUEST, PAYMENT_WINDOW_RESULT } from '../../shared/payment-window';
import type { PaymentPageResult } from '../../shared/payment-window';

// The payment window's only bridge: read the request, send back one result (main checks it).
contextBridge.exposeInMainWorld('paymentWindow', {
  request: () => ipcRenderer.invoke(PAYMENT_WINDOW_REQUEST),
  finish: (result: PaymentPageResult) => ipcRenderer.send(PAYMENT_WINDOW_RESULT, result),
});

import { contextBridge, ipcRenderer } from 'electron';
import type { PaymentPageResult } from '../core/payments/payment-windows';

// The payment window's only bridge: read the request, send back one result.
contextBridge.exposeInMainWorld('paymentWindow', {
  request: () => ipcRenderer.invoke('payment-window:request'),
  finish: (result: PaymentPageResult) => ipcRenderer.send('payment-window:result', result),
});

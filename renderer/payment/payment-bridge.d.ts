import type { PaymentPageRequest, PaymentPageResult } from '../../electron/core/payments/payment-windows';

// Exposed by the payment window's preload (or the test harness): the request, and one way back.
declare global {
  interface Window {
    paymentWindow: { request(): Promise<PaymentPageRequest>; finish(result: PaymentPageResult): void };
  }
}

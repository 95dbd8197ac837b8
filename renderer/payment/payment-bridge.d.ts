import type { PaymentPageRequest, PaymentPageResult } from '../../shared/payment-window';

// Exposed by the payment window's preload (or the test harness): the request, and one way back.
declare global {
  interface Window {
    paymentWindow: { request(): Promise<PaymentPageRequest>; finish(result: PaymentPageResult): void };
  }
}

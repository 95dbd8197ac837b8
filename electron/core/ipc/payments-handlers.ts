import type { Reconciler } from '../engine/reconciler';
import type { PaymentPipeline } from '../engine/payments/payment-pipeline';
import type { AreaHandlers } from './handlers';

export interface PaymentsIpcDeps {
  payments: PaymentPipeline;
  reconciler: Reconciler;
}

/** The one payment channel: card, book, 3-D Secure and book again, all in main. */
export function paymentsIpc({ payments, reconciler }: PaymentsIpcDeps): AreaHandlers<'payments:pay'> {
  return {
    'payments:pay': async ({ bookingId, ...options }) => {
      const paid = await payments.pay(bookingId, options);
      // The supplier's answer is the next thing the agent waits for: look now, not at the next tick.
      reconciler.soon(paid.id);
      return paid;
    },
  };
}

import { defineMessages } from '../../../../shared/i18n/messages';

/**
 * A payment's timeline lines and attention. The service's reference, codes and words, and a refusal's
 * recorded English, are values: never translated here.
 */
export const paymentLines = defineMessages({
  whileUnknown: {
    id: 'attention.payment.notConfirmedYet',
    defaultMessage:
      'Payment not confirmed yet: its answer was lost, and Packdesk is checking with the service whether the card was charged. Do not take the payment again.',
  },
  cardDeclined: { id: 'timeline.payment.cardDeclined', defaultMessage: 'Card declined{coded, select, yes { ({code})} other {}}: {reason}' },
  booked: {
    id: 'timeline.payment.booked',
    defaultMessage: 'Payment authorized; supplier reference {reference}. Waiting for the supplier to confirm.',
  },
  requiresAction: {
    id: 'timeline.payment.requiresAction',
    defaultMessage: 'The card needs 3-D Secure ({paymentIntentId}); waiting for the cardholder.',
  },
  authenticationClosed: {
    id: 'timeline.payment.authenticationClosed',
    defaultMessage: '3-D Secure window closed before the check was done; the payment is not made.',
  },
  threeDSecureFailed: { id: 'timeline.payment.threeDSecureFailed', defaultMessage: '3-D Secure failed ({reason}): {error}' },
  declinedAfterCheck: { id: 'timeline.payment.declinedAfterCheck', defaultMessage: 'Declined after 3-D Secure: {error}' },
  checkNoLongerValid: {
    id: 'timeline.payment.checkNoLongerValid',
    defaultMessage: 'The unfinished 3-D Secure payment is no longer valid: {error}',
  },
  replacedByNewCard: { id: 'timeline.payment.replacedByNewCard', defaultMessage: 'Replaced by a new card: {error}' },
});

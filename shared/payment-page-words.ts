import { z } from 'zod';
import { defineMessages } from './i18n/messages';
import type { Message } from './i18n/messages';
import { EXAMPLE_TEST_CARD, STRIPE_MESSAGES } from './training-card-rules';

/** The card window's words. Its page has no catalogs (its policy lets it fetch nothing but Stripe): main words them for it. */
export const PAYMENT_PAGE_WORDS = defineMessages({
  title: { id: 'payment.page.title', defaultMessage: 'Card payment' },
  cardholder: { id: 'payment.page.cardholder', defaultMessage: 'Cardholder: {name}' },
  pay: { id: 'payment.page.pay', defaultMessage: 'Pay {amount}' },
  cancel: { id: 'payment.page.cancel', defaultMessage: 'Cancel' },
  cardNotRead: { id: 'payment.page.cardNotRead', defaultMessage: 'The card could not be read.' },
  stripeNotLoaded: { id: 'payment.page.stripeNotLoaded', defaultMessage: 'Stripe could not be loaded.' },
  threeDSecure: { id: 'payment.page.threeDSecure', defaultMessage: '3-D Secure' },
  bankChecking: { id: 'payment.page.bankChecking', defaultMessage: 'The cardholder’s bank is checking the payment…' },
  paymentNotFound: { id: 'payment.page.paymentNotFound', defaultMessage: 'The payment could not be found at Stripe.' },
  bankCheckFailed: { id: 'payment.page.bankCheckFailed', defaultMessage: 'The bank check failed.' },
  number: { id: 'payment.page.number', defaultMessage: 'Card number' },
  expiry: { id: 'payment.page.expiry', defaultMessage: 'Expiration date' },
  expiryPlaceholder: { id: 'payment.page.expiryPlaceholder', defaultMessage: 'MM / YY' },
  cvc: { id: 'payment.page.cvc', defaultMessage: 'CVC' },
  postal: { id: 'payment.page.postal', defaultMessage: 'Postal code' },
  cardDetails: { id: 'payment.page.cardDetails', defaultMessage: 'Card details' },
  trainingNote: {
    id: 'payment.page.trainingNote',
    defaultMessage:
      'Training: type one of Stripe’s test cards, as a traveler’s card is typed at the counter. Nothing is charged and nothing leaves this computer.',
  },
});

/** The page's words as main sends them: each message's id and its text in the counter's language, its values in place. */
export const paymentPageWordsSchema = z.record(z.string().max(100), z.string().max(1000));
export type PaymentPageWords = z.infer<typeof paymentPageWordsSchema>;

/** Every word the card window shows, worded by `say` with the payment's amount and cardholder. */
export function paymentPageWords(
  say: (message: Message, values: Record<string, string>) => string,
  values: { amount: string; name: string },
): PaymentPageWords {
  const all = { ...values, example: EXAMPLE_TEST_CARD };
  return Object.fromEntries(
    [...Object.values(PAYMENT_PAGE_WORDS), ...Object.values(STRIPE_MESSAGES)].map((message) => [message.id, say(message, all)]),
  );
}

/** A word on the page: main's, or the English it was declared with when main sent none for it. */
export const pageSays = (words: PaymentPageWords, message: Message): string => words[message.id] ?? message.defaultMessage;

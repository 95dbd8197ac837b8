import { paymentPageWords } from '../../../shared/payment-page-words';
import type { PaymentPageWords } from '../../../shared/payment-page-words';
import type { MainWords } from './main-words';

/** Stripe's card element speaks these of the app's languages itself; the pseudo-locale's page is English. */
const STRIPE_LOCALES = { en: 'en', de: 'de', fr: 'fr', es: 'es', 'en-XA': 'en' } as const;

/** What the card window needs to speak the counter's language: its words, with the amount and cardholder, and Stripe's locale. */
export function paymentPageWording(
  words: Pick<MainWords, 'text' | 'language'>,
  values: { amount: string; name: string } = { amount: '', name: '' },
): { words: PaymentPageWords; locale: (typeof STRIPE_LOCALES)[keyof typeof STRIPE_LOCALES] } {
  return {
    words: paymentPageWords((message, given) => words.text({ message, values: given }), values),
    locale: STRIPE_LOCALES[words.language()],
  };
}

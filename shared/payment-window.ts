import { defineMessages, issue } from './i18n/messages';
import { z } from 'zod';
import { paymentPageWordsSchema } from './payment-page-words';
import { containsCardNumber } from './card-number-screening';

const words = defineMessages({
  paymentMethodFormat: {
    id: 'validation.payment.paymentMethodFormat',
    defaultMessage: 'A payment needs a payment method token (pm_…) from the card window.',
  },
  paymentMethodHoldsCard: {
    id: 'validation.payment.paymentMethodHoldsCard',
    defaultMessage: 'A payment method token never holds a card number; take the card in the card window.',
  },
});

/**
 * The payment window's two channels, declared once: what the page is asked to do, and the one
 * answer it may send back. Main checks the answer against these before it believes it; a card
 * number can never be one (a payment method is a `pm_` id, nothing else).
 */
export const PAYMENT_WINDOW_REQUEST = 'payment-window:request';
export const PAYMENT_WINDOW_RESULT = 'payment-window:result';

// The page's words in the counter's language, and the locale Stripe's own element speaks.
const worded = { words: paymentPageWordsSchema, locale: z.enum(['en', 'de', 'fr', 'es']) };
export const paymentPageRequestSchema = z.discriminatedUnion('mode', [
  z
    .object({ mode: z.literal('card'), publishableKey: z.string(), amountLabel: z.string(), cardholderName: z.string(), ...worded })
    .strict(),
  z.object({ mode: z.literal('authenticate'), publishableKey: z.string(), clientSecret: z.string(), ...worded }).strict(),
  // A training profile: the page's own card form, which takes Stripe's test card numbers only, without Stripe.js.
  z.object({ mode: z.literal('training-card'), amountLabel: z.string(), cardholderName: z.string(), ...worded }).strict(),
]);
export type PaymentPageRequest = z.infer<typeof paymentPageRequestSchema>;

export const paymentMethodIdSchema = z
  .string()
  .regex(/^pm_[A-Za-z0-9_]{1,250}$/, issue(words.paymentMethodFormat))
  .refine((id) => !containsCardNumber(id), issue(words.paymentMethodHoldsCard));

/** Words from the page, kept only if they cannot carry a card number (they reach the timeline). */
const pageMessage = z
  .string()
  .max(500)
  .refine((text) => !containsCardNumber(text));

export const cardEntryResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payment_method'), paymentMethodId: paymentMethodIdSchema }).strict(),
  z.object({ kind: z.literal('closed') }).strict(),
  z.object({ kind: z.literal('error'), message: pageMessage }).strict(),
]);
export type CardEntryResult = z.infer<typeof cardEntryResultSchema>;

/** The training form answers with one of Stripe's test payment methods (pm_card_…), never anything a real card could become. */
const trainingCardResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payment_method'), paymentMethodId: paymentMethodIdSchema.regex(/^pm_card_[A-Za-z0-9_]+$/) }).strict(),
  z.object({ kind: z.literal('closed') }).strict(),
  z.object({ kind: z.literal('error'), message: pageMessage }).strict(),
]);

export const authenticationResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('succeeded') }).strict(),
  z.object({ kind: z.literal('failed'), message: pageMessage }).strict(),
  z.object({ kind: z.literal('closed') }).strict(),
]);
export type AuthenticationResult = z.infer<typeof authenticationResultSchema>;

export type PaymentPageResult = CardEntryResult | AuthenticationResult;

/** The page's answer to a request, checked: anything else counts as the window closing, never as a payment. */
export function checkedPageResult(request: PaymentPageRequest, raw: unknown): PaymentPageResult {
  const schema = { card: cardEntryResultSchema, 'training-card': trainingCardResultSchema, authenticate: authenticationResultSchema }[
    request.mode
  ];
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : { kind: 'closed' };
}

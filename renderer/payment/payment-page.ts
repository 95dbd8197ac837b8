import './payment-page.css';
// The pure entry point loads Stripe.js only when loadStripe is called, so training's form never fetches it.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { StripeCardElement } from '@stripe/stripe-js';
import { PAYMENT_PAGE_WORDS as WORDS, pageSays } from '../../shared/payment-page-words';
import type { PaymentPageWords } from '../../shared/payment-page-words';
import type { Message } from '../../shared/i18n/messages';
import { element } from './dom';
import { trainingCardForm } from './training-card-form';

/**
 * The payment window's page. Stripe's card element lives in Stripe's own frame: the card number
 * never reaches this page's code, only the payment method id Stripe returns. On a training profile
 * the page shows its own form of Stripe's test cards instead, offline (training-card-form.ts).
 */
const root = document.getElementById('payment') as HTMLElement;
const { finish } = window.paymentWindow;

/** The page's words, as main sent them in the counter's language. */
let words: PaymentPageWords = {};
const say = (message: Message) => pageSays(words, message);

async function cardEntry(publishableKey: string, amountLabel: string, cardholderName: string, locale: string): Promise<void> {
  const heading = element('h1', {}, say(WORDS.title));
  const amount = element('p', { class: 'amount', 'data-testid': 'amount' }, amountLabel);
  const holder = element('p', { class: 'holder' }, say(WORDS.cardholder));
  const mount = element('div', { id: 'card', class: 'card' });
  const error = element('p', { class: 'error', role: 'alert' });
  const pay = element('button', { type: 'submit', class: 'primary' }, say(WORDS.pay));
  const cancel = element('button', { type: 'button' }, say(WORDS.cancel));
  const form = element('form', { 'aria-label': say(WORDS.title) });
  form.append(mount, error, element('div', { class: 'actions' }));
  form.lastElementChild?.append(cancel, pay);
  root.append(heading, amount, holder, form);

  cancel.addEventListener('click', () => finish({ kind: 'closed' }));
  const stripe = await loadStripe(publishableKey);
  if (!stripe) {
    finish({ kind: 'error', message: say(WORDS.stripeNotLoaded) });
    return;
  }
  // Stripe's element speaks the counter's language itself.
  const card: StripeCardElement = stripe.elements({ locale: locale as 'auto' }).create('card', { hidePostalCode: true });
  card.mount(mount);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    pay.disabled = true;
    error.textContent = '';
    void stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: cardholderName } }).then((result) => {
      if (result.error) {
        error.textContent = result.error.message ?? say(WORDS.cardNotRead);
        pay.disabled = false;
        return;
      }
      finish({ kind: 'payment_method', paymentMethodId: result.paymentMethod.id });
    });
  });
}

async function authentication(publishableKey: string, clientSecret: string): Promise<void> {
  root.append(element('h1', {}, say(WORDS.threeDSecure)), element('p', { role: 'status' }, say(WORDS.bankChecking)));
  const stripe = await loadStripe(publishableKey);
  if (!stripe) {
    finish({ kind: 'failed', message: say(WORDS.stripeNotLoaded) });
    return;
  }
  // Stripe documents two paths: handleCardAction for an intent the server confirms itself
  // (manual confirmation), handleNextAction for one Stripe confirms when the action is done
  // (automatic). The service chooses; the intent itself says which.
  const retrieved = await stripe.retrievePaymentIntent(clientSecret);
  if (retrieved.error) {
    finish({ kind: 'failed', message: retrieved.error.message ?? say(WORDS.paymentNotFound) });
    return;
  }
  const result =
    retrieved.paymentIntent.confirmation_method === 'manual'
      ? await stripe.handleCardAction(clientSecret)
      : await stripe.handleNextAction({ clientSecret });
  finish(result.error ? { kind: 'failed', message: result.error.message ?? say(WORDS.bankCheckFailed) } : { kind: 'succeeded' });
}

void window.paymentWindow.request().then((request) => {
  words = request.words;
  document.documentElement.lang = request.locale;
  if (request.mode === 'card') return cardEntry(request.publishableKey, request.amountLabel, request.cardholderName, request.locale);
  if (request.mode === 'authenticate') return authentication(request.publishableKey, request.clientSecret);
  trainingCardForm(root, request.amountLabel, (message) => pageSays(words, message), finish);
  return undefined;
});

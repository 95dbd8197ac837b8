import './payment-page.css';
// The pure entry point loads Stripe.js only when loadStripe is called, so training's form never fetches it.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { StripeCardElement } from '@stripe/stripe-js';
import { element } from './dom';
import { trainingCardForm } from './training-card-form';

/**
 * The payment window's page. Stripe's card element lives in Stripe's own frame: the card number
 * never reaches this page's code, only the payment method id Stripe returns. On a training profile
 * the page shows its own form of Stripe's test cards instead, offline (training-card-form.ts).
 */
const root = document.getElementById('payment') as HTMLElement;
const { finish } = window.paymentWindow;

async function cardEntry(publishableKey: string, amountLabel: string, cardholderName: string): Promise<void> {
  const heading = element('h1', {}, 'Card payment');
  const amount = element('p', { class: 'amount', 'data-testid': 'amount' }, amountLabel);
  const holder = element('p', { class: 'holder' }, `Cardholder: ${cardholderName}`);
  const mount = element('div', { id: 'card', class: 'card' });
  const error = element('p', { class: 'error', role: 'alert' });
  const pay = element('button', { type: 'submit', class: 'primary' }, `Pay ${amountLabel}`);
  const cancel = element('button', { type: 'button' }, 'Cancel');
  const form = element('form', { 'aria-label': 'Card payment' });
  form.append(mount, error, element('div', { class: 'actions' }));
  form.lastElementChild?.append(cancel, pay);
  root.append(heading, amount, holder, form);

  cancel.addEventListener('click', () => finish({ kind: 'closed' }));
  const stripe = await loadStripe(publishableKey);
  if (!stripe) {
    finish({ kind: 'error', message: 'Stripe could not be loaded.' });
    return;
  }
  const card: StripeCardElement = stripe.elements().create('card', { hidePostalCode: true });
  card.mount(mount);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    pay.disabled = true;
    error.textContent = '';
    void stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: cardholderName } }).then((result) => {
      if (result.error) {
        error.textContent = result.error.message ?? 'The card could not be read.';
        pay.disabled = false;
        return;
      }
      finish({ kind: 'payment_method', paymentMethodId: result.paymentMethod.id });
    });
  });
}

async function authentication(publishableKey: string, clientSecret: string): Promise<void> {
  root.append(element('h1', {}, '3-D Secure'), element('p', { role: 'status' }, 'The cardholder’s bank is checking the payment…'));
  const stripe = await loadStripe(publishableKey);
  if (!stripe) {
    finish({ kind: 'failed', message: 'Stripe could not be loaded.' });
    return;
  }
  // Stripe documents two paths: handleCardAction for an intent the server confirms itself
  // (manual confirmation), handleNextAction for one Stripe confirms when the action is done
  // (automatic). The service chooses; the intent itself says which.
  const retrieved = await stripe.retrievePaymentIntent(clientSecret);
  if (retrieved.error) {
    finish({ kind: 'failed', message: retrieved.error.message ?? 'The payment could not be found at Stripe.' });
    return;
  }
  const result =
    retrieved.paymentIntent.confirmation_method === 'manual'
      ? await stripe.handleCardAction(clientSecret)
      : await stripe.handleNextAction({ clientSecret });
  finish(result.error ? { kind: 'failed', message: result.error.message ?? 'The bank check failed.' } : { kind: 'succeeded' });
}

void window.paymentWindow.request().then((request) => {
  if (request.mode === 'card') return cardEntry(request.publishableKey, request.amountLabel, request.cardholderName);
  if (request.mode === 'authenticate') return authentication(request.publishableKey, request.clientSecret);
  trainingCardForm(root, request.amountLabel, request.cardholderName, finish);
  return undefined;
});

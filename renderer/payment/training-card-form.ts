import type { CardEntryResult } from '../../shared/payment-window';
import { element } from './dom';
import {
  brandOf,
  cvcError,
  cvcLength,
  expiryDigits,
  expiryError,
  groupedExpiry,
  groupedNumber,
  numberError,
  numberLength,
  postalCodeError,
  STRIPE_MESSAGES,
  testPaymentMethodFor,
} from '../../shared/training-card-rules';
import { PAYMENT_PAGE_WORDS as WORDS } from '../../shared/payment-page-words';
import type { Message } from '../../shared/i18n/messages';

interface Field {
  input: HTMLInputElement;
  /** What the field holds now, as the checks read it (digits only for the card's own fields). */
  value(): string;
  /** Stripe's words for what is wrong with it, or null. */
  error(): Message | null;
  /** Full: the card element moves on to the next field by itself. */
  complete(): boolean;
}

/**
 * Training's card window: a form laid out and worded like Stripe's card element (number, MM / YY,
 * CVC, postal code), which turns Stripe's test card numbers into their test PaymentMethod ids.
 * Nothing here calls out: the number stays in this window, and only the pm_card_ id goes back.
 */
export function trainingCardForm(
  root: HTMLElement,
  amountLabel: string,
  /** The page's words, in the counter's language (the cardholder and amount already in them). */
  say: (message: Message) => string,
  finish: (result: CardEntryResult) => void,
): void {
  const input = (label: string, placeholder: string, autocomplete: string, extra: Record<string, string> = {}) =>
    element('input', { 'aria-label': label, placeholder, autocomplete, spellcheck: 'false', ...extra });
  const numberInput = input(say(WORDS.number), '1234 1234 1234 1234', 'off', { inputmode: 'numeric', class: 'number' });
  const expiryInput = input(say(WORDS.expiry), say(WORDS.expiryPlaceholder), 'off', { inputmode: 'numeric', class: 'expiry' });
  const cvcInput = input(say(WORDS.cvc), say(WORDS.cvc), 'off', { inputmode: 'numeric', class: 'cvc' });
  const postalInput = input(say(WORDS.postal), say(WORDS.postal), 'off', { class: 'postal', maxlength: '10' });
  const error = element('p', { id: 'card-error', class: 'error', role: 'alert' });

  const digitsOf = (field: HTMLInputElement) => field.value.replace(/\D/g, '');
  const number: Field = {
    input: numberInput,
    value: () => digitsOf(numberInput),
    error: () => numberError(number.value()),
    complete: () => number.value().length === numberLength(brandOf(number.value())),
  };
  const expiry: Field = {
    input: expiryInput,
    value: () => expiryDigits(expiryInput.value),
    error: () => expiryError(expiry.value(), new Date()),
    complete: () => expiry.value().length === 4,
  };
  const cvc: Field = {
    input: cvcInput,
    value: () => digitsOf(cvcInput),
    error: () => cvcError(cvc.value(), number.value()),
    complete: () => cvc.value().length === cvcLength(brandOf(number.value())),
  };
  const postal: Field = {
    input: postalInput,
    value: () => postalInput.value,
    error: () => postalCodeError(postal.value()),
    complete: () => false,
  };
  const fields = [number, expiry, cvc, postal];

  const show = (field: Field | null, message: Message | null) => {
    for (const each of fields) {
      const wrong = each === field;
      for (const [name, value] of [
        ['aria-invalid', 'true'],
        ['aria-describedby', 'card-error'],
      ] as const) {
        if (wrong) each.input.setAttribute(name, value);
        else each.input.removeAttribute(name);
      }
    }
    error.textContent = message === null ? '' : say(message);
  };
  let refusedNumber: string | null = null;
  /** As Stripe's element does: the first field with something wrong speaks, the rest wait their turn. */
  const showFirstError = (among: Field[]) => {
    const wrong = among.find((field) => field.error() !== null);
    if (wrong) show(wrong, wrong.error());
    // A number refused as no test card stays refused until it is changed.
    else if (refusedNumber !== null && refusedNumber === number.value()) show(number, STRIPE_MESSAGES.notATestCard);
    else show(null, null);
    return wrong;
  };
  const touched = new Set<Field>();

  // Each field keeps only what it may hold, shown as the card element shows it.
  const formats: [Field, () => string][] = [
    [number, () => groupedNumber(digitsOf(numberInput).slice(0, numberLength(brandOf(digitsOf(numberInput)))))],
    [expiry, () => groupedExpiry(expiry.value())],
    [cvc, () => digitsOf(cvcInput).slice(0, cvcLength(brandOf(number.value())))],
  ];
  for (const [field, formatted] of formats) {
    field.input.addEventListener('input', () => {
      field.input.value = formatted();
      // A full field is checked at once and, when right, hands over to the next one.
      if (field.complete()) {
        touched.add(field);
        const next = fields[fields.indexOf(field) + 1];
        if (!field.error() && next) next.input.focus();
      }
      showFirstError([...touched]);
    });
  }
  postalInput.addEventListener('input', () => showFirstError([...touched].filter((field) => field !== postal)));
  for (const field of fields)
    field.input.addEventListener('blur', () => {
      if (field.input.value === '') return;
      touched.add(field);
      showFirstError([...touched]);
    });

  const pay = element('button', { type: 'submit', class: 'primary' }, say(WORDS.pay));
  const cancel = element('button', { type: 'button' }, say(WORDS.cancel));
  const row = element('div', { class: 'card training-card', role: 'group', 'aria-label': say(WORDS.cardDetails) });
  row.append(numberInput, expiryInput, cvcInput, postalInput);
  const form = element('form', { 'aria-label': say(WORDS.title), novalidate: '' });
  const actions = element('div', { class: 'actions' });
  actions.append(cancel, pay);
  form.append(row, error, actions);
  root.append(
    element('h1', {}, say(WORDS.title)),
    element('p', { class: 'amount', 'data-testid': 'amount' }, amountLabel),
    element('p', { class: 'holder' }, say(WORDS.cardholder)),
    element('p', { class: 'training-note', 'data-testid': 'training-note' }, say(WORDS.trainingNote)),
    form,
  );

  cancel.addEventListener('click', () => finish({ kind: 'closed' }));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    fields.forEach((field) => touched.add(field));
    const wrong = showFirstError(fields);
    if (wrong) {
      wrong.input.focus();
      return;
    }
    const paymentMethodId = testPaymentMethodFor(number.value());
    if (!paymentMethodId) {
      refusedNumber = number.value();
      numberInput.focus();
      show(number, STRIPE_MESSAGES.notATestCard);
      return;
    }
    pay.disabled = true;
    finish({ kind: 'payment_method', paymentMethodId });
  });
  numberInput.focus();
}

import { onDemand } from '../on-demand';

// Every step after the package search loads on demand: the counter starts on the search, and needs only its code.
const stay = onDemand(() => import('./StayStep').then((module) => module.StayStep));
const traveler = onDemand(() => import('./TravelerStep').then((module) => module.TravelerStep));
const review = onDemand(() => import('./ReviewStep').then((module) => module.ReviewStep));
const payment = onDemand(() => import('./PaymentStep').then((module) => module.PaymentStep));
const confirmation = onDemand(() => import('./ConfirmationStep').then((module) => module.ConfirmationStep));

export const StayStep = stay.Component;
export const TravelerStep = traveler.Component;
export const ReviewStep = review.Component;
export const PaymentStep = payment.Component;
export const ConfirmationStep = confirmation.Component;

/** Fetches the later steps' code once the search is on screen, so moving on shows no loading state. */
export function preloadSteps(): Promise<unknown> {
  return Promise.all([stay, traveler, review, payment, confirmation].map((step) => step.preload()));
}

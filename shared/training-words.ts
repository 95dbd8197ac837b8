import { defineMessages } from './i18n/messages';
import type { Message, Say } from './i18n/messages';
import type { CheckSaid, ExerciseId, ScenarioId } from './training';

/**
 * The training's words, written once for main (its views, its logs) and the screens (which word them by id, in
 * the trainer's language or, on the session report, the trainee's): the scenarios, the exercises, and what a check found.
 */
const scenario = defineMessages({
  supplierSlowTitle: { id: 'training.scenario.supplierSlow.title', defaultMessage: 'Supplier slow (confirms after 2 min)' },
  supplierSlowSees: {
    id: 'training.scenario.supplierSlow.agentSees',
    defaultMessage:
      'After paying, the confirmation says “Payment authorized. Waiting for the supplier to confirm…”, the reference not confirmed yet, for two minutes before it is Paid.',
  },
  supplierRefusesTitle: { id: 'training.scenario.supplierRefuses.title', defaultMessage: 'Supplier refuses the booking' },
  supplierRefusesSees: {
    id: 'training.scenario.supplierRefuses.agentSees',
    defaultMessage: 'After paying, the confirmation turns red: “Not booked”, it did not go through, and there is no reference to give.',
  },
  serviceDownTitle: { id: 'training.scenario.serviceDown.title', defaultMessage: 'Service down for 5 min' },
  serviceDownSees: {
    id: 'training.scenario.serviceDown.agentSees',
    defaultMessage:
      'Every search and price fails with “The booking service is temporarily unavailable.”, so nothing new is held. A payment sent meanwhile stays “Not confirmed yet: checking with the service” (Packdesk cannot know whether the card was charged) until the service is back after 5 minutes; then it says the payment did not go through and nothing was charged.',
  },
  answersLostTitle: { id: 'training.scenario.answersLost.title', defaultMessage: 'Answers lost after the service acted' },
  answersLostSees: {
    id: 'training.scenario.answersLost.agentSees',
    defaultMessage:
      'Paying and cancelling go through at the service but the answer never comes back: Packdesk asks the service what happened (“Not confirmed yet: checking with the service” meanwhile), shows the booking as the service has it, charged once, and notes that the answer was lost.',
  },
  busyTitle: { id: 'training.scenario.busy.title', defaultMessage: 'Busy: 429s with Retry-After' },
  busySees: {
    id: 'training.scenario.busy.agentSees',
    defaultMessage:
      'About half the calls are refused as too many; Packdesk waits as the service asks and tries again, so answers come a few seconds later, without an error.',
  },
  tokensExpireTitle: { id: 'training.scenario.tokensExpire.title', defaultMessage: 'Prebook tokens expire after 60 s' },
  tokensExpireSees: {
    id: 'training.scenario.tokensExpire.agentSees',
    defaultMessage: 'The hold’s clock on Review starts at one minute; once it runs out, Packdesk prices the stay again before holding it.',
  },
  cardDeclinedTitle: { id: 'training.scenario.cardDeclined.title', defaultMessage: 'Card declined' },
  cardDeclinedSees: {
    id: 'training.scenario.cardDeclined.agentSees',
    defaultMessage:
      'Every card is declined: “The bank declined the card without giving a reason.” The booking stays held and nothing is charged.',
  },
  authenticationFailsTitle: { id: 'training.scenario.authenticationFails.title', defaultMessage: '3-D Secure: cardholder fails' },
  authenticationFailsSees: {
    id: 'training.scenario.authenticationFails.agentSees',
    defaultMessage:
      'Every card asks for 3-D Secure, and the bank’s check fails even when the cardholder approves: “The bank check did not pass”; held, nothing charged.',
  },
  priceRisesTitle: { id: 'training.scenario.priceRises.title', defaultMessage: 'Price rises between price and hold' },
  priceRisesSees: {
    id: 'training.scenario.priceRises.agentSees',
    defaultMessage:
      'A stay priced before costs 10% more: at Continue to review Packdesk says the price changed, shows the new price beside the old and holds nothing; Enter holds at the new price.',
  },
});

/** Each scenario's title and what the agent will see while it is on. */
export const scenarioWords: Record<ScenarioId, { title: Message; agentSees: Message }> = {
  'supplier-slow': { title: scenario.supplierSlowTitle, agentSees: scenario.supplierSlowSees },
  'supplier-refuses': { title: scenario.supplierRefusesTitle, agentSees: scenario.supplierRefusesSees },
  'service-down': { title: scenario.serviceDownTitle, agentSees: scenario.serviceDownSees },
  'answers-lost': { title: scenario.answersLostTitle, agentSees: scenario.answersLostSees },
  busy: { title: scenario.busyTitle, agentSees: scenario.busySees },
  'tokens-expire': { title: scenario.tokensExpireTitle, agentSees: scenario.tokensExpireSees },
  'card-declined': { title: scenario.cardDeclinedTitle, agentSees: scenario.cardDeclinedSees },
  'authentication-fails': { title: scenario.authenticationFailsTitle, agentSees: scenario.authenticationFailsSees },
  'price-rises': { title: scenario.priceRisesTitle, agentSees: scenario.priceRisesSees },
};

const exercise = defineMessages({
  firstBookingTitle: { id: 'training.exercise.firstBooking.title', defaultMessage: 'First booking' },
  firstBookingTask: {
    id: 'training.exercise.firstBooking.task',
    defaultMessage:
      'Book the Lisbon City Break for Maria Santos (maria.santos@example.com): 2 adults aged 34 and 36, 3 nights on any dates next month, in any of its hotels. She pays with her Visa (the test card Visa ending 4242). Give her the booking reference once the booking is Paid.',
  },
  threeDSecureTitle: { id: 'training.exercise.threeDSecure.title', defaultMessage: 'A card that needs 3-D Secure' },
  threeDSecureTask: {
    id: 'training.exercise.threeDSecure.task',
    defaultMessage:
      'Book any package for Tom Becker (tom.becker@example.com), 2 adults aged 41 and 40. His card asks for 3-D Secure (the test card Visa ending 3220): he approves the payment in his bank’s window. It is done when the booking is Paid.',
  },
  cardDeclinedTitle: { id: 'training.exercise.cardDeclined.title', defaultMessage: 'The card is declined' },
  cardDeclinedTask: {
    id: 'training.exercise.cardDeclined.task',
    defaultMessage:
      'Book any package for Jon Berg (jon.berg@example.com), 2 adults aged 28 and 29, and take his card. When his bank declines it, tell him: nothing was charged and the booking stays held for another card. Do not book the stay a second time.',
  },
  supplierRefusesTitle: { id: 'training.exercise.supplierRefuses.title', defaultMessage: 'The supplier says no' },
  supplierRefusesTask: {
    id: 'training.exercise.supplierRefuses.task',
    defaultMessage:
      'Book and pay any package for Lena Vogel (lena.vogel@example.com), 2 adults aged 52 and 50. If the supplier refuses the booking, tell her there is no booking and that the hold on her card is released. Do not book the same stay again.',
  },
  answerLostTitle: { id: 'training.exercise.answerLost.title', defaultMessage: 'The answer was lost: find out what happened' },
  answerLostTask: {
    id: 'training.exercise.answerLost.task',
    defaultMessage:
      'Book and pay any package for Sara Lind (sara.lind@example.com), 2 adults aged 45 and 47. The service’s answer to the payment will not arrive: find out what happened without charging her twice, and give her the reference once the booking is Paid.',
  },
  priceRisesTitle: { id: 'training.exercise.priceRises.title', defaultMessage: 'The price went up' },
  priceRisesTask: {
    id: 'training.exercise.priceRises.task',
    defaultMessage:
      'Price any stay for Ines Moreau (ines.moreau@example.com), 2 adults aged 31 and 33, and tell her the price; then hold it. The price rises before the hold: tell her the new one and, as she agrees to it, book and pay at the new price.',
  },
  cancelOnRequestTitle: { id: 'training.exercise.cancelOnRequest.title', defaultMessage: 'Cancel at the traveler’s request' },
  cancelOnRequestTask: {
    id: 'training.exercise.cancelOnRequest.task',
    defaultMessage:
      'Paul Weber (paul.weber@example.com) calls: he cannot travel and wants his booking cancelled. Find his booking, cancel it, and tell him what the service decided about his refund.',
  },
  laterDateTitle: { id: 'training.exercise.laterDate.title', defaultMessage: 'Traveler wants a later date and pays the difference' },
  laterDateTask: {
    id: 'training.exercise.laterDate.task',
    defaultMessage:
      'Clara Nunes (clara.nunes@example.com) wants to arrive 2 days later than booked and stay as many nights. Preview the change, tell her what it costs, confirm it, and have her pay the difference by the link Packdesk gives you. It is done when her booking is Paid on the new dates.',
  },
});

/** Each exercise's title and its task, as the trainee is given it. */
export const exerciseWords: Record<ExerciseId, { title: Message; task: Message }> = {
  'first-booking': { title: exercise.firstBookingTitle, task: exercise.firstBookingTask },
  'three-d-secure': { title: exercise.threeDSecureTitle, task: exercise.threeDSecureTask },
  'card-declined': { title: exercise.cardDeclinedTitle, task: exercise.cardDeclinedTask },
  'supplier-refuses': { title: exercise.supplierRefusesTitle, task: exercise.supplierRefusesTask },
  'answer-lost': { title: exercise.answerLostTitle, task: exercise.answerLostTask },
  'price-rises': { title: exercise.priceRisesTitle, task: exercise.priceRisesTask },
  'cancel-on-request': { title: exercise.cancelOnRequestTitle, task: exercise.cancelOnRequestTask },
  'later-date': { title: exercise.laterDateTitle, task: exercise.laterDateTask },
};

/**
 * What a check found wrong, or why an exercise is not over yet. `{state}` is the service's own state
 * (pending, paid, failed, cancelled, confirming, awaitingAuthentication, changePending), `{wanted}` the one asked for.
 */
export const checkWords = defineMessages({
  noBooking: { id: 'training.check.noBooking', defaultMessage: 'No booking for {name} reached the service.' },
  bookedTwice: {
    id: 'training.check.bookedTwice',
    defaultMessage:
      '{count} bookings were made for {name} although the first had already gone through: the traveler would be booked, and charged, twice.',
  },
  tooMany: { id: 'training.check.tooMany', defaultMessage: '{count} bookings were made for {name}; one was asked for.' },
  stillMoving: {
    id: 'training.check.stillMoving',
    defaultMessage:
      'The booking for {name} {state, select, confirming {is still waiting for the supplier (Confirming)} awaitingAuthentication {is waiting for 3-D Secure} other {has a change waiting for the traveler’s payment}}: check again once it has settled.',
  },
  wrongState: {
    id: 'training.check.wrongState',
    defaultMessage:
      'The booking for {name} is {state, select, pending {held and not paid (Pending)} paid {Paid} failed {refused by the supplier (Failed)} cancelled {Cancelled} confirming {waiting for the supplier (Confirming)} awaitingAuthentication {waiting for 3-D Secure} changePending {waiting for the traveler to pay a change} other {{state}}}; it should be {wanted, select, pending {held and not paid (Pending)} paid {Paid} other {refused by the supplier (Failed)}}.',
  },
  chargedTimes: { id: 'training.check.chargedTimes', defaultMessage: 'The card of {name} was charged {count} times for one booking.' },
  notInHistory: {
    id: 'training.check.notInHistory',
    defaultMessage: 'The booking for {name} is at the service but not in this counter’s history.',
  },
  findingOut: {
    id: 'training.check.findingOut',
    defaultMessage: 'Packdesk is still finding out what happened to the booking for {name}: check again in a moment.',
  },
  notChecked: {
    id: 'training.check.notChecked',
    defaultMessage:
      'Packdesk asked to check the booking for {name} (“{attention}”), and nobody did: open it in Bookings, tell the traveler, and press “I have checked it”.',
  },
  notShownYet: {
    id: 'training.check.notShownYet',
    defaultMessage:
      'Packdesk has not shown the booking for {name} as {state, select, pending {held and not paid (Pending)} paid {Paid} failed {refused by the supplier (Failed)} cancelled {Cancelled} confirming {waiting for the supplier (Confirming)} awaitingAuthentication {waiting for 3-D Secure} changePending {waiting for the traveler to pay a change} other {{state}}} yet: check again in a moment.',
  },
  withoutThreeDSecure: {
    id: 'training.check.withoutThreeDSecure',
    defaultMessage: 'The card was charged without 3-D Secure: use the card that asks for it.',
  },
  cardNeverTried: {
    id: 'training.check.cardNeverTried',
    defaultMessage: 'His card was never tried: take the payment, and see the bank decline it.',
  },
  chargedForRefused: { id: 'training.check.chargedForRefused', defaultMessage: 'Her card was charged for a booking the supplier refused.' },
  notAtRisenPrice: {
    id: 'training.check.notAtRisenPrice',
    defaultMessage: 'The booking was not made at the risen price: price the stay first, then hold it.',
  },
  preparedGone: { id: 'training.check.preparedGone', defaultMessage: 'The booking prepared for this exercise is gone from the service.' },
  notCancelled: {
    id: 'training.check.notCancelled',
    defaultMessage:
      '{name}’s booking is {state, select, pending {held and not paid (Pending)} paid {Paid} failed {refused by the supplier (Failed)} cancelled {Cancelled} confirming {waiting for the supplier (Confirming)} awaitingAuthentication {waiting for 3-D Secure} changePending {waiting for the traveler to pay a change} other {{state}}}; it should be Cancelled.',
  },
  notRefunded: { id: 'training.check.notRefunded', defaultMessage: '{name}’s booking was cancelled but nothing was refunded.' },
  othersCancelled: { id: 'training.check.othersCancelled', defaultMessage: '{holders}: cancelled too, and nobody asked.' },
  newInsteadOfCancel: {
    id: 'training.check.newInsteadOfCancel',
    defaultMessage: 'A new booking was made for {name}; he asked only to cancel.',
  },
  changeWaits: {
    id: 'training.check.changeWaits',
    defaultMessage: 'The change waits for {name}’s payment: she pays by the link, then check again.',
  },
  wrongDates: {
    id: 'training.check.wrongDates',
    defaultMessage: '{name}’s stay is {checkIn} to {checkOut}; she asked for {wantedIn} to {wantedOut}.',
  },
  changedStillMoving: {
    id: 'training.check.changedStillMoving',
    defaultMessage:
      '{name}’s booking {state, select, confirming {is still waiting for the supplier (Confirming)} awaitingAuthentication {is waiting for 3-D Secure} other {has a change waiting for the traveler’s payment}}: check again once it has settled.',
  },
  notPaidOnNewDates: {
    id: 'training.check.notPaidOnNewDates',
    defaultMessage:
      '{name}’s booking is {state, select, pending {held and not paid (Pending)} paid {Paid} failed {refused by the supplier (Failed)} cancelled {Cancelled} confirming {waiting for the supplier (Confirming)} awaitingAuthentication {waiting for 3-D Secure} changePending {waiting for the traveler to pay a change} other {{state}}}; it should be Paid on the new dates.',
  },
  differenceNotPaid: { id: 'training.check.differenceNotPaid', defaultMessage: 'The difference was not paid.' },
  newInsteadOfChange: {
    id: 'training.check.newInsteadOfChange',
    defaultMessage: 'A new booking was made for {name}; her booking was to be changed, not made again.',
  },
  leftUnfinished: { id: 'training.check.leftUnfinished', defaultMessage: 'Left unfinished: another exercise was started.' },
});

const checkById = new Map<string, Message>(Object.values(checkWords).map((message) => [message.id, message]));

/** A check's words as `say` words them; a text kept from before, or an id this build no longer has, as it came. */
export function sayCheck(say: Say, said: CheckSaid): string {
  if (typeof said === 'string') return said;
  const message = checkById.get(said.id);
  return message ? say(message, said.values) : said.id;
}

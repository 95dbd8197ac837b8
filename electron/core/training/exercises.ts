import type { BookingRecord } from '../../../shared/bookings';
import type { ExerciseId, ScenarioId } from '../../../shared/training';

/** A booking as the built-in service holds it, for checking an exercise (electron/sandbox/bookings.ts, bookingsSince). */
export interface ServiceBooking {
  id: number;
  /** The service's own state, whatever the dialect calls it: pending, awaitingAuthentication, confirming, paid, failed, cancelled, changePending. */
  state: string;
  holder: string;
  packageId: number;
  checkIn: string;
  checkOut: string;
  totalMinor: number;
  firstQuotedMinor: number | null;
  payments: { kind: 'authorization' | 'capture' | 'release' | 'refund' | 'charge'; amountMinor: number; paymentIntentId: string | null }[];
  events: string[];
}

/** What an exercise is checked against: the service's records and the counter's ledger, since it started. */
export interface ExerciseFacts {
  /** The service's bookings for the exercise's traveler made since the start (the prepared one excluded). */
  made: ServiceBooking[];
  /** The booking prepared for the exercise as the service has it now, with its dates when it was prepared. */
  prepared: { now: ServiceBooking; checkIn: string; checkOut: string } | null;
  /** Bookings of anybody else changed or made since the start, as the service has them. */
  others: ServiceBooking[];
  /** The counter's ledger rows for the exercise's traveler. */
  ledger: BookingRecord[];
}

/** The outcome of a check: what went wrong, or why it is not over yet (a booking still moving), or neither: passed. */
export interface CheckResult {
  problems: string[];
  unfinished: string | null;
}

export interface Exercise {
  id: ExerciseId;
  title: string;
  task: string;
  traveler: { name: string; surname: string; email: string };
  scenarios: ScenarioId[];
  /** A booking made for the trainee before the task starts: Paid, and for 'later-costs-more' one whose stay two days later costs more. */
  prepare: 'paid-booking' | 'later-costs-more' | null;
  check(facts: ExerciseFacts): CheckResult;
}

// The service's states the traveler would read as settled, and those still on their way.
const MOVING: Record<string, string> = {
  confirming: 'is still waiting for the supplier (Confirming)',
  awaitingAuthentication: 'is waiting for 3-D Secure',
  changePending: 'has a change waiting for the traveler’s payment',
};
const STATE_WORDS: Record<string, string> = {
  pending: 'held and not paid (Pending)',
  paid: 'Paid',
  failed: 'refused by the supplier (Failed)',
  cancelled: 'Cancelled',
  confirming: 'waiting for the supplier (Confirming)',
  awaitingAuthentication: 'waiting for 3-D Secure',
  changePending: 'waiting for the traveler to pay a change',
};
const stateWords = (state: string) => STATE_WORDS[state] ?? state;
/** The status the training service shows for each of its states, as the counter's ledger records it. */
const LEDGER_STATUS: Record<string, string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed', cancelled: 'Cancelled' };
const DAY_MS = 86_400_000;
/** A date `days` after an ISO date. */
export const shiftDate = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const fullName = (exercise: Pick<Exercise, 'traveler'>) => `${exercise.traveler.name} ${exercise.traveler.surname}`;

/**
 * The common part of every booking task: exactly one booking for the traveler reached the service, in
 * the state asked for, and the counter shows what the service has. Returns the booking when there is one.
 */
function oneBooking(
  name: string,
  facts: ExerciseFacts,
  wanted: 'paid' | 'pending' | 'failed',
): { booking: ServiceBooking | null; result: CheckResult } {
  const problems: string[] = [];
  const [first, ...more] = facts.made;
  if (!first) return { booking: null, result: { problems: [`No booking for ${name} reached the service.`], unfinished: null } };
  if (more.length > 0) {
    // Gone through: paid, or paid and waiting for its supplier; a refused or declined one did not.
    const wentThrough = facts.made.slice(0, -1).some((booking) => ['confirming', 'paid', 'changePending'].includes(booking.state));
    problems.push(
      wentThrough
        ? `${facts.made.length} bookings were made for ${name} although the first had already gone through: the traveler would be booked, and charged, twice.`
        : `${facts.made.length} bookings were made for ${name}; one was asked for.`,
    );
  }
  const booking = facts.made.find((candidate) => candidate.state === wanted) ?? first;
  const moving = MOVING[booking.state];
  // Still on its way: not over yet, unless something already went wrong.
  if (moving && problems.length === 0)
    return { booking, result: { problems, unfinished: `The booking for ${name} ${moving}: check again once it has settled.` } };
  if (!moving && booking.state !== wanted)
    problems.push(`The booking for ${name} is ${stateWords(booking.state)}; it should be ${stateWords(wanted)}.`);
  const authorizations = booking.payments.filter((payment) => payment.kind === 'authorization').length;
  if (authorizations > 1) problems.push(`The card of ${name} was charged ${authorizations} times for one booking.`);
  const row = facts.ledger.find((candidate) => candidate.serviceBookingId === booking.id);
  if (!row) problems.push(`The booking for ${name} is at the service but not in this counter’s history.`);
  // A write whose answer Packdesk is still finding out about: not over yet.
  else if (row.inFlight && problems.length === 0)
    return {
      booking,
      result: { problems, unfinished: `Packdesk is still finding out what happened to the booking for ${name}: check again in a moment.` },
    };
  // What the traveler is to be told, where Packdesk records it: a booking it flagged stays flagged until the agent has checked it.
  else if (row.attention && !row.inFlight)
    problems.push(
      `Packdesk asked to check the booking for ${name} (“${row.attention}”), and nobody did: open it in Bookings, tell the traveler, and press “I have checked it”.`,
    );
  // The counter learns the service's news from its reconciler: done once the screen can say what the service says.
  else if (problems.length === 0 && row.status !== LEDGER_STATUS[booking.state])
    return {
      booking,
      result: {
        problems,
        unfinished: `Packdesk has not shown the booking for ${name} as ${stateWords(booking.state)} yet: check again in a moment.`,
      },
    };
  return { booking, result: { problems, unfinished: null } };
}

const done = (result: CheckResult, ...more: (string | false)[]): CheckResult =>
  result.unfinished
    ? result
    : { problems: [...result.problems, ...more.filter((item): item is string => item !== false)], unfinished: null };

const traveler = (name: string, surname: string) => ({ name, surname, email: `${name}.${surname}@example.com`.toLowerCase() });

/** The exercises, in the order a trainee meets them. */
export const EXERCISES: readonly Exercise[] = [
  {
    id: 'first-booking',
    title: 'First booking',
    task: 'Book the Lisbon City Break for Maria Santos (maria.santos@example.com): 2 adults aged 34 and 36, 3 nights on any dates next month, in any of its hotels. She pays with her Visa (the test card Visa ending 4242). Give her the booking reference once the booking is Paid.',
    traveler: traveler('Maria', 'Santos'),
    scenarios: [],
    prepare: null,
    check(facts) {
      return oneBooking(fullName(this), facts, 'paid').result;
    },
  },
  {
    id: 'three-d-secure',
    title: 'A card that needs 3-D Secure',
    task: 'Book any package for Tom Becker (tom.becker@example.com), 2 adults aged 41 and 40. His card asks for 3-D Secure (the test card Visa ending 3220): he approves the payment in his bank’s window. It is done when the booking is Paid.',
    traveler: traveler('Tom', 'Becker'),
    scenarios: [],
    prepare: null,
    check(facts) {
      const { booking, result } = oneBooking(fullName(this), facts, 'paid');
      const throughBank = booking?.payments.some((payment) => payment.kind === 'authorization' && payment.paymentIntentId !== null);
      return done(
        result,
        booking?.state === 'paid' && !throughBank && 'The card was charged without 3-D Secure: use the card that asks for it.',
      );
    },
  },
  {
    id: 'card-declined',
    title: 'The card is declined',
    task: 'Book any package for Jon Berg (jon.berg@example.com), 2 adults aged 28 and 29, and take his card. When his bank declines it, tell him: nothing was charged and the booking stays held for another card. Do not book the stay a second time.',
    traveler: traveler('Jon', 'Berg'),
    scenarios: ['card-declined'],
    prepare: null,
    check(facts) {
      const { booking, result } = oneBooking(fullName(this), facts, 'pending');
      return done(
        result,
        booking !== null &&
          !booking.events.includes('card_declined') &&
          'His card was never tried: take the payment, and see the bank decline it.',
      );
    },
  },
  {
    id: 'supplier-refuses',
    title: 'The supplier says no',
    task: 'Book and pay any package for Lena Vogel (lena.vogel@example.com), 2 adults aged 52 and 50. If the supplier refuses the booking, tell her there is no booking and that the hold on her card is released. Do not book the same stay again.',
    traveler: traveler('Lena', 'Vogel'),
    scenarios: ['supplier-refuses'],
    prepare: null,
    check(facts) {
      const { booking, result } = oneBooking(fullName(this), facts, 'failed');
      return done(
        result,
        booking?.payments.some((payment) => payment.kind === 'capture') === true &&
          'Her card was charged for a booking the supplier refused.',
      );
    },
  },
  {
    id: 'answer-lost',
    title: 'The answer was lost: find out what happened',
    task: 'Book and pay any package for Sara Lind (sara.lind@example.com), 2 adults aged 45 and 47. The service’s answer to the payment will not arrive: find out what happened without charging her twice, and give her the reference once the booking is Paid.',
    traveler: traveler('Sara', 'Lind'),
    scenarios: ['answers-lost'],
    prepare: null,
    check(facts) {
      return oneBooking(fullName(this), facts, 'paid').result;
    },
  },
  {
    id: 'price-rises',
    title: 'The price went up',
    task: 'Price any stay for Ines Moreau (ines.moreau@example.com), 2 adults aged 31 and 33, and tell her the price; then hold it. The price rises before the hold: tell her the new one and, as she agrees to it, book and pay at the new price.',
    traveler: traveler('Ines', 'Moreau'),
    scenarios: ['price-rises'],
    prepare: null,
    check(facts) {
      const { booking, result } = oneBooking(fullName(this), facts, 'paid');
      const rose = booking !== null && booking.firstQuotedMinor !== null && booking.totalMinor > booking.firstQuotedMinor;
      return done(
        result,
        booking?.state === 'paid' && !rose && 'The booking was not made at the risen price: price the stay first, then hold it.',
      );
    },
  },
  {
    id: 'cancel-on-request',
    title: 'Cancel at the traveler’s request',
    task: 'Paul Weber (paul.weber@example.com) calls: he cannot travel and wants his booking cancelled. Find his booking, cancel it, and tell him what the service decided about his refund.',
    traveler: traveler('Paul', 'Weber'),
    scenarios: [],
    prepare: 'paid-booking',
    check(facts) {
      const problems: string[] = [];
      const prepared = facts.prepared?.now;
      if (!prepared) return { problems: ['The booking prepared for this exercise is gone from the service.'], unfinished: null };
      if (prepared.state !== 'cancelled') problems.push(`Paul Weber’s booking is ${stateWords(prepared.state)}; it should be Cancelled.`);
      else if (!prepared.payments.some((payment) => payment.kind === 'refund' || payment.kind === 'release'))
        problems.push('Paul Weber’s booking was cancelled but nothing was refunded.');
      const wrong = facts.others.filter((booking) => booking.state === 'cancelled');
      if (wrong.length > 0) problems.push(`${wrong.map((booking) => booking.holder).join(', ')}: cancelled too, and nobody asked.`);
      if (facts.made.length > 0) problems.push('A new booking was made for Paul Weber; he asked only to cancel.');
      return { problems, unfinished: null };
    },
  },
  {
    id: 'later-date',
    title: 'Traveler wants a later date and pays the difference',
    task: 'Clara Nunes (clara.nunes@example.com) wants to arrive 2 days later than booked and stay as many nights. Preview the change, tell her what it costs, confirm it, and have her pay the difference by the link Packdesk gives you. It is done when her booking is Paid on the new dates.',
    traveler: traveler('Clara', 'Nunes'),
    scenarios: [],
    prepare: 'later-costs-more',
    check(facts) {
      const problems: string[] = [];
      const prepared = facts.prepared;
      if (!prepared) return { problems: ['The booking prepared for this exercise is gone from the service.'], unfinished: null };
      const { now } = prepared;
      const wantedIn = shiftDate(prepared.checkIn, 2);
      const wantedOut = shiftDate(prepared.checkOut, 2);
      if (now.checkIn !== wantedIn || now.checkOut !== wantedOut) {
        if (now.state === 'changePending')
          return { problems, unfinished: 'The change waits for Clara’s payment: she pays by the link, then check again.' };
        problems.push(`Clara Nunes’s stay is ${now.checkIn} to ${now.checkOut}; she asked for ${wantedIn} to ${wantedOut}.`);
      } else {
        const moving = MOVING[now.state];
        if (moving) return { problems, unfinished: `Clara Nunes’s booking ${moving}: check again once it has settled.` };
        if (now.state !== 'paid') problems.push(`Clara Nunes’s booking is ${stateWords(now.state)}; it should be Paid on the new dates.`);
        if (!now.payments.some((payment) => payment.kind === 'charge')) problems.push('The difference was not paid.');
      }
      if (facts.made.length > 0) problems.push('A new booking was made for Clara Nunes; her booking was to be changed, not made again.');
      return { problems, unfinished: null };
    },
  },
];

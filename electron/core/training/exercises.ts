import type { BookingRecord } from '../../../shared/bookings';
import type { CheckSaid, ExerciseId, ScenarioId } from '../../../shared/training';
import { checkWords as words } from '../../../shared/training-words';
import type { Message } from '../../../shared/i18n/messages';

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

/** The outcome of a check: what went wrong, or why it is not over yet (a booking still moving), or neither: passed. In checkWords. */
export interface CheckResult {
  problems: CheckSaid[];
  unfinished: CheckSaid | null;
}

export interface Exercise {
  /** Its title and task: exerciseWords (shared/training-words.ts). */
  id: ExerciseId;
  traveler: { name: string; surname: string; email: string };
  scenarios: ScenarioId[];
  /** A booking made for the trainee before the task starts: Paid, and for 'later-costs-more' one whose stay two days later costs more. */
  prepare: 'paid-booking' | 'later-costs-more' | null;
  check(facts: ExerciseFacts): CheckResult;
}

// The service's states still on their way: a check waits for them to settle.
const MOVING = new Set(['confirming', 'awaitingAuthentication', 'changePending']);
/** A check's words: a message of checkWords with its values. */
const said = (message: Message, values?: Record<string, string | number>): CheckSaid => ({ id: message.id, ...(values ? { values } : {}) });
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
  const problems: CheckSaid[] = [];
  const [first, ...more] = facts.made;
  if (!first) return { booking: null, result: { problems: [said(words.noBooking, { name })], unfinished: null } };
  if (more.length > 0) {
    // Gone through: paid, or paid and waiting for its supplier; a refused or declined one did not.
    const wentThrough = facts.made.slice(0, -1).some((booking) => ['confirming', 'paid', 'changePending'].includes(booking.state));
    problems.push(said(wentThrough ? words.bookedTwice : words.tooMany, { count: facts.made.length, name }));
  }
  const booking = facts.made.find((candidate) => candidate.state === wanted) ?? first;
  const { state } = booking;
  const moving = MOVING.has(state);
  // Still on its way: not over yet, unless something already went wrong.
  if (moving && problems.length === 0) return { booking, result: { problems, unfinished: said(words.stillMoving, { name, state }) } };
  if (!moving && state !== wanted) problems.push(said(words.wrongState, { name, state, wanted }));
  const authorizations = booking.payments.filter((payment) => payment.kind === 'authorization').length;
  if (authorizations > 1) problems.push(said(words.chargedTimes, { name, count: authorizations }));
  const row = facts.ledger.find((candidate) => candidate.serviceBookingId === booking.id);
  if (!row) problems.push(said(words.notInHistory, { name }));
  // A write whose answer Packdesk is still finding out about: not over yet.
  else if (row.inFlight && problems.length === 0) return { booking, result: { problems, unfinished: said(words.findingOut, { name }) } };
  // What the traveler is to be told, where Packdesk records it: a booking it flagged stays flagged until the agent has checked it.
  else if (row.attention && !row.inFlight) problems.push(said(words.notChecked, { name, attention: row.attention }));
  // The counter learns the service's news from its reconciler: done once the screen can say what the service says.
  else if (problems.length === 0 && row.status !== LEDGER_STATUS[state])
    return { booking, result: { problems, unfinished: said(words.notShownYet, { name, state }) } };
  return { booking, result: { problems, unfinished: null } };
}

const done = (result: CheckResult, ...more: (Message | false)[]): CheckResult =>
  result.unfinished
    ? result
    : {
        problems: [...result.problems, ...more.filter((item): item is Message => item !== false).map((item) => said(item))],
        unfinished: null,
      };

const traveler = (name: string, surname: string) => ({ name, surname, email: `${name}.${surname}@example.com`.toLowerCase() });

/** The exercises, in the order a trainee meets them. */
export const EXERCISES: readonly Exercise[] = [
  {
    id: 'first-booking',
    traveler: traveler('Maria', 'Santos'),
    scenarios: [],
    prepare: null,
    check(facts) {
      return oneBooking(fullName(this), facts, 'paid').result;
    },
  },
  {
    id: 'three-d-secure',
    traveler: traveler('Tom', 'Becker'),
    scenarios: [],
    prepare: null,
    check(facts) {
      const { booking, result } = oneBooking(fullName(this), facts, 'paid');
      const throughBank = booking?.payments.some((payment) => payment.kind === 'authorization' && payment.paymentIntentId !== null);
      return done(result, booking?.state === 'paid' && !throughBank && words.withoutThreeDSecure);
    },
  },
  {
    id: 'card-declined',
    traveler: traveler('Jon', 'Berg'),
    scenarios: ['card-declined'],
    prepare: null,
    check(facts) {
      const { booking, result } = oneBooking(fullName(this), facts, 'pending');
      return done(result, booking !== null && !booking.events.includes('card_declined') && words.cardNeverTried);
    },
  },
  {
    id: 'supplier-refuses',
    traveler: traveler('Lena', 'Vogel'),
    scenarios: ['supplier-refuses'],
    prepare: null,
    check(facts) {
      const { booking, result } = oneBooking(fullName(this), facts, 'failed');
      return done(result, booking?.payments.some((payment) => payment.kind === 'capture') === true && words.chargedForRefused);
    },
  },
  {
    id: 'answer-lost',
    traveler: traveler('Sara', 'Lind'),
    scenarios: ['answers-lost'],
    prepare: null,
    check(facts) {
      return oneBooking(fullName(this), facts, 'paid').result;
    },
  },
  {
    id: 'price-rises',
    traveler: traveler('Ines', 'Moreau'),
    scenarios: ['price-rises'],
    prepare: null,
    check(facts) {
      const { booking, result } = oneBooking(fullName(this), facts, 'paid');
      const rose = booking !== null && booking.firstQuotedMinor !== null && booking.totalMinor > booking.firstQuotedMinor;
      return done(result, booking?.state === 'paid' && !rose && words.notAtRisenPrice);
    },
  },
  {
    id: 'cancel-on-request',
    traveler: traveler('Paul', 'Weber'),
    scenarios: [],
    prepare: 'paid-booking',
    check(facts) {
      const problems: CheckSaid[] = [];
      const name = fullName(this);
      const prepared = facts.prepared?.now;
      if (!prepared) return { problems: [said(words.preparedGone)], unfinished: null };
      if (prepared.state !== 'cancelled') problems.push(said(words.notCancelled, { name, state: prepared.state }));
      else if (!prepared.payments.some((payment) => payment.kind === 'refund' || payment.kind === 'release'))
        problems.push(said(words.notRefunded, { name }));
      const wrong = facts.others.filter((booking) => booking.state === 'cancelled');
      if (wrong.length > 0) problems.push(said(words.othersCancelled, { holders: wrong.map((booking) => booking.holder).join(', ') }));
      if (facts.made.length > 0) problems.push(said(words.newInsteadOfCancel, { name }));
      return { problems, unfinished: null };
    },
  },
  {
    id: 'later-date',
    traveler: traveler('Clara', 'Nunes'),
    scenarios: [],
    prepare: 'later-costs-more',
    check(facts) {
      const problems: CheckSaid[] = [];
      const name = fullName(this);
      const prepared = facts.prepared;
      if (!prepared) return { problems: [said(words.preparedGone)], unfinished: null };
      const { now } = prepared;
      const wantedIn = shiftDate(prepared.checkIn, 2);
      const wantedOut = shiftDate(prepared.checkOut, 2);
      if (now.checkIn !== wantedIn || now.checkOut !== wantedOut) {
        if (now.state === 'changePending') return { problems, unfinished: said(words.changeWaits, { name: this.traveler.name }) };
        problems.push(said(words.wrongDates, { name, checkIn: now.checkIn, checkOut: now.checkOut, wantedIn, wantedOut }));
      } else {
        const { state } = now;
        if (MOVING.has(state)) return { problems, unfinished: said(words.changedStillMoving, { name, state }) };
        if (state !== 'paid') problems.push(said(words.notPaidOnNewDates, { name, state }));
        if (!now.payments.some((payment) => payment.kind === 'charge')) problems.push(said(words.differenceNotPaid));
      }
      if (facts.made.length > 0) problems.push(said(words.newInsteadOfChange, { name }));
      return { problems, unfinished: null };
    },
  },
];

import { z } from 'zod';
import { CHANGE_AWAITING_PAYMENT } from './awaited-change';

/**
 * What a profile's service means by its statuses. The spec shows only `Pending`, `Paid` and
 * `Cancelled`; which other statuses exist, which are final and which allow a cancel or a change is
 * "not shown". Packdesk starts from what the spec shows, learns refusals from the service's own
 * answers, and lets the agency set the rest per profile.
 */
const statusName = z.string().trim().min(1).max(40);
const statusList = z.array(statusName).max(30);

export const statusRulesSchema = z
  .object({
    /** After these the service moves the booking no more by itself: nothing to follow. */
    final: statusList,
    /** Final statuses that mean the sale stands: the voucher can be given. */
    confirmed: statusList,
    /** Statuses that mean "paid, the supplier has not answered yet" (the spec leaves the name open). */
    awaitingSupplier: statusList.default([]),
    /** Statuses in which the service refuses a cancel (learnt from a refusal, or set by hand). */
    notCancellable: statusList,
    /** Statuses in which a change of dates or room is offered. */
    modifiable: statusList,
  })
  .strict();
export type StatusRules = z.infer<typeof statusRulesSchema>;

/** What the spec shows: Paid is the good end, Cancelled the other. */
export const SPEC_STATUS_RULES: StatusRules = {
  final: ['Paid', 'Cancelled'],
  confirmed: ['Paid'],
  awaitingSupplier: [],
  notCancellable: ['Cancelled'],
  modifiable: ['Paid'],
};

/** The built-in training service: `Confirming` until the supplier answers, `Failed` when it refuses (docs/service-behaviour.md). */
export const TRAINING_STATUS_RULES: StatusRules = {
  ...SPEC_STATUS_RULES,
  final: ['Paid', 'Cancelled', 'Failed'],
  awaitingSupplier: ['Confirming'],
  notCancellable: ['Cancelled', 'Failed'],
};

/** A booking as far as its status rules care. */
interface StatusFacts {
  status: string;
  serviceBookingId: number | null;
  bookingReference: string | null;
  inFlight: string | null;
  pendingModification: unknown;
}

export const isFinalStatus = (status: string, rules: StatusRules) => rules.final.includes(status);
export const isConfirmedStatus = (status: string, rules: StatusRules) => rules.confirmed.includes(status);
/** A final status that is not a sale (Cancelled, a supplier's refusal): nothing comes after it. */
export const isTerminalStatus = (status: string, rules: StatusRules) => isFinalStatus(status, rules) && !isConfirmedStatus(status, rules);

/** How a status reads at a glance. `unknown` is a status this profile's rules do not name: shown as it comes, neutral. */
export type StatusTone = 'held' | 'waiting' | 'confirmed' | 'cancelled' | 'ended' | 'unknown';

export function statusTone(booking: Pick<StatusFacts, 'status' | 'bookingReference'>, rules: StatusRules): StatusTone {
  const { status } = booking;
  if (isConfirmedStatus(status, rules)) return 'confirmed';
  if (status === 'Cancelled') return 'cancelled';
  if (isFinalStatus(status, rules)) return 'ended';
  if (status === 'Pending') return booking.bookingReference ? 'waiting' : 'held';
  if (rules.awaitingSupplier.includes(status)) return 'waiting';
  // A name the rules do not know says nothing certain, not even "waiting": shown as it comes.
  return 'unknown';
}

/** A hold the agent can still pay: the service made it, gave no reference yet, and has not ended it. */
export function isPayable(booking: StatusFacts, rules: StatusRules): boolean {
  return (
    booking.serviceBookingId !== null &&
    booking.bookingReference === null &&
    !isFinalStatus(booking.status, rules) &&
    booking.status !== 'Unconfirmed hold'
  );
}

export function canCancel(booking: StatusFacts, rules: StatusRules): boolean {
  return booking.serviceBookingId !== null && booking.status !== 'Unconfirmed hold' && !rules.notCancellable.includes(booking.status);
}

/** A change may be made: none waits for the traveler's payment, here or at another counter. */
export function canModify(booking: StatusFacts, rules: StatusRules): boolean {
  return (
    booking.serviceBookingId !== null &&
    !booking.pendingModification &&
    booking.inFlight !== CHANGE_AWAITING_PAYMENT &&
    rules.modifiable.includes(booking.status)
  );
}

/** A copy of the rules with a status added to (or removed from) one list; unchanged lists are kept as they are. */
export function withStatus(rules: StatusRules, list: keyof StatusRules, status: string, present: boolean): StatusRules {
  const current = rules[list];
  if (current.includes(status) === present) return rules;
  return { ...rules, [list]: present ? [...current, status] : current.filter((entry) => entry !== status) };
}

/**
 * Why the built-in service refuses a request. The HTTP status, the `error` code and the names of
 * the body's fields are the dialect's choice (dialect.ts), so the operations name only the reason.
 */
export type Reason =
  | 'unauthenticated'
  | 'live_key_required'
  | 'not_found'
  | 'invalid_json'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'invalid_fields'
  | 'raw_card'
  | 'duplicate_offer'
  | 'pax_count_mismatch'
  | 'offer_mismatch'
  | 'price_changed'
  | 'wrong_state'
  | 'already_booked'
  | 'already_cancelled'
  | 'change_awaiting_payment'
  | 'token_invalid'
  | 'token_used'
  | 'token_expired'
  | 'token_property_mismatch'
  | 'token_dates_mismatch'
  | 'token_items_mismatch'
  | 'card_declined'
  | 'payment_requires_action'
  | 'payment_intent_invalid'
  | 'payment_intent_used'
  | 'sold_out'
  | 'rate_limited'
  | 'unavailable'
  | 'internal'
  | 'challenge_finished'
  | 'modification_paid';

export interface FieldProblem {
  field: string;
  problem: string;
}

export interface ErrorDetails {
  /** The fields at fault; a dialect lists them under its own names. */
  fields?: FieldProblem[];
  /** Stripe's decline code, for a declined card. */
  declineCode?: string;
  retryAfterSeconds?: number;
  /** Overrides the dialect's status: a scripted fault names its own 5xx. */
  status?: number;
  /** Sent as they are in every dialect: the contract names them (3-D Secure's intent and secret). */
  body?: Record<string, unknown>;
}

/** An error answer of the built-in service: a reason, a message for people, and details. */
export class ApiError extends Error {
  constructor(
    readonly reason: Reason,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError('not_found', `${what} was not found.`);

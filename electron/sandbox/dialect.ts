/**
 * The built-in service's choices where the spec says "not shown", in one place. A dialect is chosen
 * per start (SandboxOptions.dialect): `standard` is the service Packdesk was written beside,
 * `alternate` keeps the contract but chooses differently on every open point, so the client can be
 * tested against a service it was not written beside (docs/service-behaviour.md).
 */
import { randomBytes } from 'node:crypto';
import type { ApiError, Reason } from './api-error';
import { ALTERNATE_SHAPES, STANDARD_SHAPES } from './dialect-shapes';
import type { Shapes } from './dialect-shapes';

export type Dialect = 'standard' | 'alternate';
export const DIALECTS: readonly Dialect[] = ['standard', 'alternate'];

/** A booking's state inside the service, stored in bookings.status; each dialect names it outward. */
export const STATES = ['pending', 'awaitingAuthentication', 'confirming', 'paid', 'changePending', 'failed', 'cancelled'] as const;
export type State = (typeof STATES)[number];

/** What a successful answer did; each dialect picks its HTTP status per kind. */
export type SuccessKind = 'read' | 'token' | 'prebook' | 'book' | 'modification';

interface ErrorChoice {
  status: number;
  code: string;
  /** Whether the body lists the fields at fault. */
  fields?: true;
}

/** Allowed, or refused for this reason. */
type Verdict = 'allowed' | Reason;

export interface DialectTable {
  name: Dialect;
  statuses: Readonly<Record<State, string>>;
  cancel: Readonly<Record<State, Verdict>>;
  modify: Readonly<Record<State, Verdict>>;
  errors: Readonly<Record<Reason, ErrorChoice>>;
  /** Names in an error body: the list of fields at fault, a decline code, a retry delay. */
  names: { fieldList: string; field: string; problem: string; decline: string; retryAfter: string };
  success: Readonly<Record<SuccessKind, number>>;
  /** `direction` of a preview; the spec shows only `charge`. */
  direction: { charge: 'charge'; refund: string; none: string };
  /** Whether a used prebook token sent again with the very same request answers the hold it made. */
  replayUsedToken: boolean;
  tokenLifetimeMs: number;
  /** Stripe's confirmation method of a 3-D Secure payment intent (the challenge page tells it). */
  confirmationMethod: 'manual' | 'automatic';
  newToken(): string;
  newReference(): string;
  shapes: Shapes;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Letters and digits mixed, so no reference or id of ours can read as a card number. */
export function code(length: number): string {
  return Array.from(randomBytes(length), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('');
}

/** Cancelling: allowed until the booking failed or was cancelled (the alternate dialect refuses one more state). */
const CANCEL: Readonly<Record<State, Verdict>> = {
  pending: 'allowed',
  awaitingAuthentication: 'allowed',
  confirming: 'allowed',
  paid: 'allowed',
  changePending: 'allowed',
  failed: 'wrong_state',
  cancelled: 'already_cancelled',
};

/** Changing a booking: only once it is paid, and not while an earlier change awaits payment; the same in every dialect. */
const MODIFY: Readonly<Record<State, Verdict>> = {
  pending: 'wrong_state',
  awaitingAuthentication: 'wrong_state',
  confirming: 'wrong_state',
  paid: 'allowed',
  changePending: 'change_awaiting_payment',
  failed: 'wrong_state',
  cancelled: 'wrong_state',
};

const STANDARD: DialectTable = {
  name: 'standard',
  statuses: {
    pending: 'Pending',
    awaitingAuthentication: 'Pending',
    confirming: 'Confirming',
    paid: 'Paid',
    changePending: 'Paid',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
  cancel: CANCEL,
  modify: MODIFY,
  errors: {
    unauthenticated: { status: 401, code: 'unauthorized' },
    live_key_required: { status: 403, code: 'live_key_required' },
    not_found: { status: 404, code: 'not_found' },
    invalid_json: { status: 400, code: 'invalid_json' },
    payload_too_large: { status: 413, code: 'payload_too_large' },
    method_not_allowed: { status: 405, code: 'method_not_allowed' },
    invalid_fields: { status: 422, code: 'validation_failed', fields: true },
    raw_card: { status: 422, code: 'raw_card_rejected' },
    duplicate_offer: { status: 422, code: 'duplicate_offer', fields: true },
    pax_count_mismatch: { status: 422, code: 'pax_count_mismatch' },
    offer_mismatch: { status: 422, code: 'offer_mismatch' },
    price_changed: { status: 409, code: 'price_changed' },
    wrong_state: { status: 409, code: 'invalid_state' },
    already_booked: { status: 409, code: 'already_booked' },
    already_cancelled: { status: 409, code: 'already_cancelled' },
    change_awaiting_payment: { status: 409, code: 'modification_pending' },
    token_invalid: { status: 422, code: 'token_invalid' },
    token_used: { status: 409, code: 'token_used' },
    token_expired: { status: 410, code: 'token_expired' },
    token_property_mismatch: { status: 422, code: 'token_property_mismatch' },
    token_dates_mismatch: { status: 422, code: 'token_dates_mismatch' },
    token_items_mismatch: { status: 422, code: 'token_items_mismatch' },
    card_declined: { status: 402, code: 'card_declined' },
    payment_requires_action: { status: 402, code: 'payment_requires_action' },
    payment_intent_invalid: { status: 422, code: 'payment_intent_invalid' },
    payment_intent_used: { status: 409, code: 'payment_intent_used' },
    sold_out: { status: 409, code: 'not_available' },
    rate_limited: { status: 429, code: 'rate_limited' },
    unavailable: { status: 503, code: 'service_unavailable' },
    internal: { status: 500, code: 'internal' },
    challenge_finished: { status: 409, code: 'challenge_finished' },
    modification_paid: { status: 409, code: 'already_paid' },
  },
  names: { fieldList: 'details', field: 'field', problem: 'problem', decline: 'decline_code', retryAfter: 'retry_after' },
  success: { read: 200, token: 200, prebook: 201, book: 200, modification: 200 },
  direction: { charge: 'charge', refund: 'refund', none: 'none' },
  replayUsedToken: true,
  tokenLifetimeMs: 15 * 60_000,
  confirmationMethod: 'manual',
  // Hex after a letter prefix, so no id of ours can look like a card number written with separators.
  newToken: () => `pbt_${randomBytes(18).toString('hex')}`,
  newReference: () => `PKD${code(7)}`,
  shapes: STANDARD_SHAPES,
};

/** Every field-level problem is one code in the alternate dialect, with the fields listed. */
const INVALID_REQUEST: ErrorChoice = { status: 400, code: 'invalid_request', fields: true };
const SELECTION_MISMATCH: ErrorChoice = { status: 409, code: 'prebook_selection_mismatch' };

const ALTERNATE: DialectTable = {
  name: 'alternate',
  statuses: {
    pending: 'Pending',
    awaitingAuthentication: 'AwaitingAuthentication',
    confirming: 'Pending',
    paid: 'Paid',
    changePending: 'ChangePending',
    failed: 'Rejected',
    cancelled: 'Cancelled',
  },
  // A booking whose change awaits payment is not cancelled under it: the change is settled or dropped first.
  cancel: { ...CANCEL, changePending: 'change_awaiting_payment' },
  modify: MODIFY,
  errors: {
    unauthenticated: { status: 401, code: 'invalid_api_key' },
    live_key_required: { status: 403, code: 'insufficient_key_scope' },
    not_found: { status: 404, code: 'resource_not_found' },
    invalid_json: INVALID_REQUEST,
    payload_too_large: { status: 413, code: 'request_too_large' },
    method_not_allowed: { status: 405, code: 'method_not_supported' },
    invalid_fields: INVALID_REQUEST,
    raw_card: { status: 400, code: 'card_data_not_allowed' },
    duplicate_offer: INVALID_REQUEST,
    pax_count_mismatch: INVALID_REQUEST,
    offer_mismatch: INVALID_REQUEST,
    price_changed: { status: 409, code: 'rate_changed' },
    wrong_state: { status: 422, code: 'booking_state_conflict' },
    already_booked: { status: 422, code: 'booking_already_paid' },
    already_cancelled: { status: 422, code: 'booking_already_cancelled' },
    change_awaiting_payment: { status: 422, code: 'change_awaiting_payment' },
    token_invalid: INVALID_REQUEST,
    token_used: { status: 422, code: 'prebook_token_consumed' },
    token_expired: { status: 422, code: 'prebook_token_expired' },
    token_property_mismatch: SELECTION_MISMATCH,
    token_dates_mismatch: SELECTION_MISMATCH,
    token_items_mismatch: SELECTION_MISMATCH,
    card_declined: { status: 402, code: 'payment_declined' },
    // The contract's own code: the same in every dialect.
    payment_requires_action: { status: 402, code: 'payment_requires_action' },
    payment_intent_invalid: { status: 404, code: 'resource_not_found' },
    payment_intent_used: { status: 422, code: 'payment_intent_consumed' },
    sold_out: { status: 409, code: 'sold_out' },
    rate_limited: { status: 429, code: 'too_many_requests' },
    unavailable: { status: 503, code: 'temporarily_unavailable' },
    internal: { status: 500, code: 'internal_error' },
    challenge_finished: { status: 409, code: 'challenge_finished' },
    modification_paid: { status: 409, code: 'already_paid' },
  },
  names: { fieldList: 'errors', field: 'path', problem: 'reason', decline: 'reason', retryAfter: 'retry_after_seconds' },
  success: { read: 200, token: 201, prebook: 201, book: 201, modification: 201 },
  direction: { charge: 'charge', refund: 'credit', none: 'even' },
  replayUsedToken: false,
  tokenLifetimeMs: 10 * 60_000,
  confirmationMethod: 'automatic',
  newToken: () => `ptk_${randomBytes(24).toString('hex')}`,
  newReference: () => `BKG-${code(4)}-${code(4)}`,
  shapes: ALTERNATE_SHAPES,
};

const TABLES: Readonly<Record<Dialect, DialectTable>> = { standard: STANDARD, alternate: ALTERNATE };

export const dialectTable = (dialect: Dialect = 'standard'): DialectTable => TABLES[dialect];

/** The outward status names of a dialect, by state. */
export const statusesOf = (dialect: Dialect = 'standard'): Readonly<Record<State, string>> => TABLES[dialect].statuses;

export const isDialect = (value: unknown): value is Dialect => value === 'standard' || value === 'alternate';

/** An error as the dialect answers it: its HTTP status and body. */
export function renderError(table: DialectTable, error: ApiError): { status: number; body: Record<string, unknown> } {
  const choice = table.errors[error.reason];
  const { fields, declineCode, retryAfterSeconds, status, body: extra } = error.details;
  const body: Record<string, unknown> = { error: choice.code, message: error.message };
  if (choice.fields && fields)
    body[table.names.fieldList] = fields.map((entry) => ({ [table.names.field]: entry.field, [table.names.problem]: entry.problem }));
  if (declineCode !== undefined) body[table.names.decline] = declineCode;
  if (retryAfterSeconds !== undefined) body[table.names.retryAfter] = retryAfterSeconds;
  return { status: status ?? choice.status, body: { ...body, ...extra } };
}

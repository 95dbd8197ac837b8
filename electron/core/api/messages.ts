import { containsCardNumber } from '../../../shared/card-number-screening';
import type { FailureKind } from './service-errors';

type Words = { message: string; hint: string };

/** What the agent reads for each known `error` code. Unknown codes fall back to their kind. */
const BY_CODE: Record<string, Words> = {
  unauthorized: {
    message: 'The booking service did not accept this profile’s key.',
    hint: 'Check the keys in Settings; paste them again from the provider’s dashboard.',
  },
  live_key_required: {
    message: 'This step needs the profile’s live key, and only a test key is set.',
    hint: 'Add the service live key (sk_live_…) to this profile in Settings.',
  },
  not_found: {
    message: 'The booking service does not know this booking.',
    hint: 'Check the booking number. A booking made with another organization’s keys is not visible with these.',
  },
  token_expired: {
    message: 'The price hold expired before the booking was made.',
    hint: 'Price the stay again; Packdesk gets a new hold for the same choice.',
  },
  token_used: {
    message: 'This price hold was already used to make a booking.',
    hint: 'Look for the booking in Bookings before booking again, so the traveler is not held twice.',
  },
  token_invalid: { message: 'The booking service did not recognise the price hold.', hint: 'Price the stay again.' },
  token_property_mismatch: {
    message: 'The hold was made for another hotel than the one being booked.',
    hint: 'Price the stay again for the hotel the traveler chose.',
  },
  token_dates_mismatch: {
    message: 'The hold was made for other dates than the ones being booked.',
    hint: 'Price the stay again for the traveler’s dates.',
  },
  token_items_mismatch: {
    message: 'The guests or room differ from those the hold was made for.',
    hint: 'Price the stay again with the traveler’s guests.',
  },
  pax_count_mismatch: {
    message: 'The number of guests does not match the number the stay was priced for.',
    hint: 'Enter one age per guest, or price the stay again for the right number of adults.',
  },
  offer_mismatch: { message: 'The room offer no longer matches this stay.', hint: 'Price the stay again.' },
  not_available: { message: 'The hotel is sold out on some of those nights.', hint: 'Try other dates or another hotel of the package.' },
  card_declined: { message: 'The card was declined.', hint: 'Ask the traveler for another card, or to call their bank.' },
  payment_requires_action: {
    message: 'The card needs 3-D Secure authentication.',
    hint: 'Let the traveler complete the bank’s check in the window that opens.',
  },
  raw_card_rejected: {
    message: 'A card number was about to be sent, and the service refused it.',
    hint: 'Card numbers are only ever typed into the secure card window, never into other fields.',
  },
  already_booked: { message: 'This booking is already paid.', hint: 'Open it in Bookings; nothing was charged again.' },
  already_cancelled: { message: 'This booking is already cancelled.', hint: 'Nothing more to do; it is marked cancelled in Bookings.' },
  invalid_state: { message: 'The booking is not in a state that allows this.', hint: 'Refresh the booking to see its current status.' },
  modification_pending: {
    message: 'A change to this booking is waiting for payment.',
    hint: 'Have the payment link paid first, or contact the service to drop that change.',
  },
  validation_failed: { message: 'The booking service refused some of the details.', hint: 'Check the highlighted details and try again.' },
  invalid_json: { message: 'The booking service could not read Packdesk’s request.', hint: 'Try again; if it repeats, update Packdesk.' },
  payload_too_large: {
    message: 'The request was too large for the booking service.',
    hint: 'Shorten long texts (notes, names) and try again.',
  },
  rate_limited: { message: 'The booking service asked Packdesk to slow down.', hint: 'Wait a few seconds and try again.' },
  service_unavailable: { message: 'The booking service is temporarily unavailable.', hint: 'Wait a moment and try again.' },
};

const BY_KIND: Record<FailureKind, Words> = {
  authentication: BY_CODE.unauthorized as Words,
  permission: {
    message: 'The booking service does not allow this profile to do that.',
    hint: 'Check that the profile has the right keys in Settings.',
  },
  not_found: BY_CODE.not_found as Words,
  conflict: BY_CODE.invalid_state as Words,
  gone: { message: 'What this step relied on has expired.', hint: 'Start the step again.' },
  invalid_request: BY_CODE.validation_failed as Words,
  card: BY_CODE.card_declined as Words,
  rate_limit: BY_CODE.rate_limited as Words,
  server: { message: 'The booking service had a problem and did not finish the request.', hint: 'Wait a moment and try again.' },
  connection: {
    message: 'The booking service could not be reached.',
    hint: 'Check the internet connection. Bookings already made stay readable in Bookings.',
  },
  timeout: { message: 'The booking service did not answer in time.', hint: 'Check the connection and try again.' },
  bad_response: {
    message: 'The booking service answered in a form Packdesk does not understand.',
    hint: 'Try again; if it repeats, the service may have changed: contact Packdesk support.',
  },
};

/** The service's own explanation, short and never carrying a card number, for the agent to read. */
export function serviceSays(message: string | null): string | null {
  const text = message?.replace(/\s+/g, ' ').trim();
  if (!text || containsCardNumber(text)) return null;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/**
 * The agent's words for a failure: Packdesk's own for a code it knows, else the kind's, with the
 * code and HTTP status so support can tell them apart; then what the service itself said.
 */
export function wordsFor(kind: FailureKind, code: string | null, status: number | null, serviceMessage: string | null = null): Words {
  const known = code ? BY_CODE[code] : undefined;
  const base = known ?? BY_KIND[kind];
  const unknownCode = !known && (code !== null || status !== null);
  const said = serviceSays(serviceMessage);
  const message = `${base.message}${unknownCode ? ` (service code ${code ?? 'none'}, HTTP ${status ?? '–'})` : ''}${said ? ` The service says: “${said}”` : ''}`;
  return { message, hint: base.hint };
}

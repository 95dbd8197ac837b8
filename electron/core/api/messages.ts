import { containsCardNumber } from '../../../shared/card-number-screening';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Message } from '../../../shared/i18n/messages';
import type { Text } from '../i18n/main-words';
import type { FailureKind } from './service-errors';

const words = defineMessages({
  unauthorized: { id: 'error.service.unauthorized.message', defaultMessage: 'The booking service did not accept this profile’s key.' },
  unauthorizedHint: {
    id: 'error.service.unauthorized.hint',
    defaultMessage: 'Check the keys in Settings; paste them again from the provider’s dashboard.',
  },
  liveKeyRequired: {
    id: 'error.service.liveKeyRequired.message',
    defaultMessage: 'This step needs the profile’s live key, and only a test key is set.',
  },
  liveKeyRequiredHint: {
    id: 'error.service.liveKeyRequired.hint',
    defaultMessage: 'Add the service live key (sk_live_…) to this profile in Settings.',
  },
  notFound: { id: 'error.service.notFound.message', defaultMessage: 'The booking service does not know this booking.' },
  notFoundHint: {
    id: 'error.service.notFound.hint',
    defaultMessage: 'Check the booking number. A booking made with another organization’s keys is not visible with these.',
  },
  tokenExpired: { id: 'error.service.tokenExpired.message', defaultMessage: 'The price hold expired before the booking was made.' },
  tokenExpiredHint: {
    id: 'error.service.tokenExpired.hint',
    defaultMessage: 'Price the stay again; Packdesk gets a new hold for the same choice.',
  },
  tokenUsed: { id: 'error.service.tokenUsed.message', defaultMessage: 'This price hold was already used to make a booking.' },
  tokenUsedHint: {
    id: 'error.service.tokenUsed.hint',
    defaultMessage: 'Look for the booking in Bookings before booking again, so the traveler is not held twice.',
  },
  tokenInvalid: { id: 'error.service.tokenInvalid.message', defaultMessage: 'The booking service did not recognise the price hold.' },
  tokenInvalidHint: { id: 'error.service.tokenInvalid.hint', defaultMessage: 'Price the stay again.' },
  tokenPropertyMismatch: {
    id: 'error.service.tokenPropertyMismatch.message',
    defaultMessage: 'The hold was made for another hotel than the one being booked.',
  },
  tokenPropertyMismatchHint: {
    id: 'error.service.tokenPropertyMismatch.hint',
    defaultMessage: 'Price the stay again for the hotel the traveler chose.',
  },
  tokenDatesMismatch: {
    id: 'error.service.tokenDatesMismatch.message',
    defaultMessage: 'The hold was made for other dates than the ones being booked.',
  },
  tokenDatesMismatchHint: { id: 'error.service.tokenDatesMismatch.hint', defaultMessage: 'Price the stay again for the traveler’s dates.' },
  tokenItemsMismatch: {
    id: 'error.service.tokenItemsMismatch.message',
    defaultMessage: 'The guests or room differ from those the hold was made for.',
  },
  tokenItemsMismatchHint: {
    id: 'error.service.tokenItemsMismatch.hint',
    defaultMessage: 'Price the stay again with the traveler’s guests.',
  },
  paxCountMismatch: {
    id: 'error.service.paxCountMismatch.message',
    defaultMessage: 'The number of guests does not match the number the stay was priced for.',
  },
  paxCountMismatchHint: {
    id: 'error.service.paxCountMismatch.hint',
    defaultMessage: 'Enter one age per guest, or price the stay again for the right number of adults.',
  },
  offerMismatch: { id: 'error.service.offerMismatch.message', defaultMessage: 'The room offer no longer matches this stay.' },
  offerMismatchHint: { id: 'error.service.offerMismatch.hint', defaultMessage: 'Price the stay again.' },
  notAvailable: { id: 'error.service.notAvailable.message', defaultMessage: 'The hotel is sold out on some of those nights.' },
  notAvailableHint: { id: 'error.service.notAvailable.hint', defaultMessage: 'Try other dates or another hotel of the package.' },
  cardDeclined: { id: 'error.service.cardDeclined.message', defaultMessage: 'The card was declined.' },
  cardDeclinedHint: { id: 'error.service.cardDeclined.hint', defaultMessage: 'Ask the traveler for another card, or to call their bank.' },
  paymentRequiresAction: { id: 'error.service.paymentRequiresAction.message', defaultMessage: 'The card needs 3-D Secure authentication.' },
  paymentRequiresActionHint: {
    id: 'error.service.paymentRequiresAction.hint',
    defaultMessage: 'Let the traveler complete the bank’s check in the window that opens.',
  },
  rawCardRejected: {
    id: 'error.service.rawCardRejected.message',
    defaultMessage: 'A card number was about to be sent, and the service refused it.',
  },
  rawCardRejectedHint: {
    id: 'error.service.rawCardRejected.hint',
    defaultMessage: 'Card numbers are only ever typed into the secure card window, never into other fields.',
  },
  alreadyBooked: { id: 'error.service.alreadyBooked.message', defaultMessage: 'This booking is already paid.' },
  alreadyBookedHint: { id: 'error.service.alreadyBooked.hint', defaultMessage: 'Open it in Bookings; nothing was charged again.' },
  alreadyCancelled: { id: 'error.service.alreadyCancelled.message', defaultMessage: 'This booking is already cancelled.' },
  alreadyCancelledHint: {
    id: 'error.service.alreadyCancelled.hint',
    defaultMessage: 'Nothing more to do; it is marked cancelled in Bookings.',
  },
  invalidState: { id: 'error.service.invalidState.message', defaultMessage: 'The booking is not in a state that allows this.' },
  invalidStateHint: { id: 'error.service.invalidState.hint', defaultMessage: 'Refresh the booking to see its current status.' },
  modificationPending: {
    id: 'error.service.modificationPending.message',
    defaultMessage: 'A change to this booking is waiting for payment.',
  },
  modificationPendingHint: {
    id: 'error.service.modificationPending.hint',
    defaultMessage: 'Have the payment link paid first, or contact the service to drop that change.',
  },
  validationFailed: { id: 'error.service.validationFailed.message', defaultMessage: 'The booking service refused some of the details.' },
  validationFailedHint: { id: 'error.service.validationFailed.hint', defaultMessage: 'Check the highlighted details and try again.' },
  invalidJson: { id: 'error.service.invalidJson.message', defaultMessage: 'The booking service could not read Packdesk’s request.' },
  invalidJsonHint: { id: 'error.service.invalidJson.hint', defaultMessage: 'Try again; if it repeats, update Packdesk.' },
  payloadTooLarge: { id: 'error.service.payloadTooLarge.message', defaultMessage: 'The request was too large for the booking service.' },
  payloadTooLargeHint: { id: 'error.service.payloadTooLarge.hint', defaultMessage: 'Shorten long texts (notes, names) and try again.' },
  rateLimited: { id: 'error.service.rateLimited.message', defaultMessage: 'The booking service asked Packdesk to slow down.' },
  rateLimitedHint: { id: 'error.service.rateLimited.hint', defaultMessage: 'Wait a few seconds and try again.' },
  serviceUnavailable: { id: 'error.service.serviceUnavailable.message', defaultMessage: 'The booking service is temporarily unavailable.' },
  serviceUnavailableHint: { id: 'error.service.serviceUnavailable.hint', defaultMessage: 'Wait a moment and try again.' },
  permission: { id: 'error.service.permission.message', defaultMessage: 'The booking service does not allow this profile to do that.' },
  permissionHint: { id: 'error.service.permission.hint', defaultMessage: 'Check that the profile has the right keys in Settings.' },
  gone: { id: 'error.service.gone.message', defaultMessage: 'What this step relied on has expired.' },
  goneHint: { id: 'error.service.gone.hint', defaultMessage: 'Start the step again.' },
  server: { id: 'error.service.server.message', defaultMessage: 'The booking service had a problem and did not finish the request.' },
  serverHint: { id: 'error.service.server.hint', defaultMessage: 'Wait a moment and try again.' },
  connection: { id: 'error.service.connection.message', defaultMessage: 'The booking service could not be reached.' },
  connectionHint: {
    id: 'error.service.connection.hint',
    defaultMessage: 'Check the internet connection. Bookings already made stay readable in Bookings.',
  },
  timeout: { id: 'error.service.timeout.message', defaultMessage: 'The booking service did not answer in time.' },
  timeoutHint: { id: 'error.service.timeout.hint', defaultMessage: 'Check the connection and try again.' },
  badResponse: {
    id: 'error.service.badResponse.message',
    defaultMessage: 'The booking service answered in a form Packdesk does not understand.',
  },
  badResponseHint: {
    id: 'error.service.badResponse.hint',
    defaultMessage: 'Try again; if it repeats, the service may have changed: contact Packdesk support.',
  },
  codeAndStatus: { id: 'error.service.codeAndStatus', defaultMessage: '(service code {code}, HTTP {status})' },
  noCodeStatus: { id: 'error.service.noCodeStatus', defaultMessage: '(service code none, HTTP {status})' },
  serviceSays: { id: 'error.service.serviceSays', defaultMessage: 'The service says: “{said}”' },
});

type Words = { message: Message; hint: Message };
const wordsOf = (message: Message, hint: Message): Words => ({ message, hint });

/** What the agent reads for each known `error` code. Unknown codes fall back to their kind. */
const BY_CODE: Record<string, Words> = {
  unauthorized: wordsOf(words.unauthorized, words.unauthorizedHint),
  live_key_required: wordsOf(words.liveKeyRequired, words.liveKeyRequiredHint),
  not_found: wordsOf(words.notFound, words.notFoundHint),
  token_expired: wordsOf(words.tokenExpired, words.tokenExpiredHint),
  token_used: wordsOf(words.tokenUsed, words.tokenUsedHint),
  token_invalid: wordsOf(words.tokenInvalid, words.tokenInvalidHint),
  token_property_mismatch: wordsOf(words.tokenPropertyMismatch, words.tokenPropertyMismatchHint),
  token_dates_mismatch: wordsOf(words.tokenDatesMismatch, words.tokenDatesMismatchHint),
  token_items_mismatch: wordsOf(words.tokenItemsMismatch, words.tokenItemsMismatchHint),
  pax_count_mismatch: wordsOf(words.paxCountMismatch, words.paxCountMismatchHint),
  offer_mismatch: wordsOf(words.offerMismatch, words.offerMismatchHint),
  not_available: wordsOf(words.notAvailable, words.notAvailableHint),
  card_declined: wordsOf(words.cardDeclined, words.cardDeclinedHint),
  payment_requires_action: wordsOf(words.paymentRequiresAction, words.paymentRequiresActionHint),
  raw_card_rejected: wordsOf(words.rawCardRejected, words.rawCardRejectedHint),
  already_booked: wordsOf(words.alreadyBooked, words.alreadyBookedHint),
  already_cancelled: wordsOf(words.alreadyCancelled, words.alreadyCancelledHint),
  invalid_state: wordsOf(words.invalidState, words.invalidStateHint),
  modification_pending: wordsOf(words.modificationPending, words.modificationPendingHint),
  validation_failed: wordsOf(words.validationFailed, words.validationFailedHint),
  invalid_json: wordsOf(words.invalidJson, words.invalidJsonHint),
  payload_too_large: wordsOf(words.payloadTooLarge, words.payloadTooLargeHint),
  rate_limited: wordsOf(words.rateLimited, words.rateLimitedHint),
  service_unavailable: wordsOf(words.serviceUnavailable, words.serviceUnavailableHint),
};

const BY_KIND: Record<FailureKind, Words> = {
  authentication: BY_CODE.unauthorized as Words,
  permission: wordsOf(words.permission, words.permissionHint),
  not_found: BY_CODE.not_found as Words,
  conflict: BY_CODE.invalid_state as Words,
  gone: wordsOf(words.gone, words.goneHint),
  invalid_request: BY_CODE.validation_failed as Words,
  card: BY_CODE.card_declined as Words,
  rate_limit: BY_CODE.rate_limited as Words,
  server: wordsOf(words.server, words.serverHint),
  connection: wordsOf(words.connection, words.connectionHint),
  timeout: wordsOf(words.timeout, words.timeoutHint),
  bad_response: wordsOf(words.badResponse, words.badResponseHint),
};

/** The service's own explanation, short and never carrying a card number, for the agent to read. */
export function serviceSays(message: string | null): string | null {
  const text = message?.replace(/\s+/g, ' ').trim();
  if (!text || containsCardNumber(text)) return null;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/**
 * The agent's words for a failure: Packdesk's own for a code it knows, else the kind's, with the
 * code and HTTP status so support can tell them apart; then what the service itself said, as it said it.
 */
export function wordsFor(
  kind: FailureKind,
  code: string | null,
  status: number | null,
  serviceMessage: string | null = null,
): { message: Text; details: Text[]; hint: Text } {
  const known = code ? BY_CODE[code] : undefined;
  const base = known ?? BY_KIND[kind];
  const unknownCode = !known && (code !== null || status !== null);
  const said = serviceSays(serviceMessage);
  const details: Text[] = [];
  if (unknownCode)
    details.push(
      code === null
        ? { message: words.noCodeStatus, values: { status: status ?? '–' } }
        : { message: words.codeAndStatus, values: { code, status: status ?? '–' } },
    );
  if (said) details.push({ message: words.serviceSays, values: { said } });
  return { message: { message: base.message }, details, hint: { message: base.hint } };
}

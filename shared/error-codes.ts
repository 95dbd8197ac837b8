/**
 * Every error code Packdesk raises, each with the few words an agent reads above its message. The
 * type of a code is a key of this table, so a code without words does not compile. (A refusal of the
 * booking service travels as `service_<kind>`; its own code and message are in the message text.)
 */
export const ERROR_TITLES = {
  // The booking service refused or failed (electron/core/api/service-errors.ts).
  service_authentication: 'Key not accepted',
  service_permission: 'Not allowed with this key',
  service_not_found: 'Not found at the service',
  service_conflict: 'Refused by the service',
  service_gone: 'Expired',
  service_invalid_request: 'Refused by the service',
  service_card: 'Card refused',
  service_rate_limit: 'Service busy',
  service_server: 'Service problem',
  service_connection: 'Service unreachable',
  service_timeout: 'No answer in time',
  service_bad_response: 'Answer not understood',
  // Holds and prices.
  package_unknown: 'Package not found',
  quote_unknown: 'Price not found',
  price_changed: 'Price changed',
  no_longer_available: 'No longer available',
  hold_not_found: 'Hold not found',
  hold_not_made: 'Hold not made',
  hold_unconfirmed: 'Hold not confirmed',
  pax_count_mismatch: 'Guests and ages differ',
  invalid_dates: 'Dates not valid',
  // Payments.
  not_payable: 'Cannot be paid',
  card_declined: 'Card declined',
  card_entry_closed: 'Card window closed',
  card_entry_failed: 'Card not read',
  authentication_closed: '3-D Secure not finished',
  authentication_failed: '3-D Secure failed',
  authentication_not_finishing: '3-D Secure not finishing',
  no_authentication_pending: 'No 3-D Secure waiting',
  payment_not_made: 'Payment not made',
  payment_windows_unavailable: 'No payment window',
  publishable_key_missing: 'Stripe key missing',
  publishable_key_mismatch: 'Wrong Stripe key',
  training_uses_test_cards: 'Training card needed',
  // Cancel and changes.
  already_cancelled: 'Already cancelled',
  cancel_refused: 'Cancel refused',
  cancel_not_made: 'Not cancelled',
  change_refused: 'Change refused',
  change_not_made: 'Change not made',
  change_not_paid: 'Change not paid yet',
  no_change_waiting: 'No change waiting',
  preview_outdated: 'Price to confirm again',
  payment_link_refused: 'Payment link not opened',
  browser_unavailable: 'No browser',
  // The ledger and writes.
  outcome_unknown: 'Not confirmed yet',
  write_in_progress: 'Still being sent',
  booking_busy: 'Booking busy',
  agency_not_joined: 'Not in an agency',
  agency_already_joined: 'Already in an agency',
  agency_booking_elsewhere: 'Booking made at another counter',
  agency_unreachable: 'Agency ledger unreachable',
  agency_login_refused: 'Agency ledger refused this counter',
  intent_settled: 'Already settled',
  booking_not_found: 'Booking not found',
  booking_id_unknown: 'Booking number lost',
  card_number_in_text: 'Card number in text',
  voucher_not_ready: 'No voucher yet',
  pdf_unavailable: 'PDF not available',
  database_too_new: 'Data from a newer Packdesk',
  // Profiles, keys and the app.
  offline: 'Offline',
  training_unavailable: 'Training service not running',
  training_only: 'Training profiles only',
  unknown_exercise: 'Unknown exercise',
  no_exercise: 'No exercise under way',
  exercise_not_ready: 'Exercise not ready',
  writes_open: 'Still being checked',
  key_missing: 'Key missing',
  live_key_missing: 'Live key missing',
  key_prefix_mismatch: 'Wrong kind of key',
  key_origin_mismatch: 'Key not for this address',
  address_change_declined: 'Address not changed',
  keychain_unavailable: 'Keychain unavailable',
  shutting_down: 'Packdesk is closing',
  data_folder_in_use: 'Packdesk is already open',
  backup_failed: 'Backup not made',
  backup_unusable: 'Backup cannot be restored',
  invalid_base_url: 'Address not valid',
  profile_not_found: 'Profile not found',
  profile_name_taken: 'Name already used',
  builtin_profile_locked: 'Training profile locked',
  invalid_input: 'Not accepted',
  unknown_channel: 'Unknown request',
  untrusted_sender: 'Request refused',
  internal: 'Unexpected problem',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_TITLES;

/** The title for a code that came over IPC (a string); null for one this renderer does not know. */
export function errorTitle(code: string): string | null {
  return (ERROR_TITLES as Record<string, string | undefined>)[code] ?? null;
}

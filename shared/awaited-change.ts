// No imports: the ledger's migrations use it, and they are bundled on their own (scripts/make-migration-fixtures.mjs).

/**
 * What another counter's copy says while a change made at one counter waits for the traveler's payment:
 * no other counter may make a change then (the traveler would be asked to pay twice), nor reads the
 * booking (the counter that made it watches it). The payment link itself never leaves that counter.
 */
export const CHANGE_AWAITING_PAYMENT = 'change_awaiting_payment';

import type { SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { Row } from './ledger-rows';

/**
 * The bookings table's columns as the history reads them, by place. node:sqlite hands out each row
 * of `all()` as an object in dictionary mode (its properties in a hash table): turning a rare name's
 * rows into records took longer than the search that found them. Read as arrays and put in one object
 * of a fixed shape, they cost a fraction of that.
 */
const COLUMNS = [
  'id',
  'profile_id',
  'profile_kind',
  'service_booking_id',
  'package_id',
  'package_title',
  'property_id',
  'property_name',
  'check_in',
  'check_out',
  'adults',
  'holder_name',
  'holder_surname',
  'holder_email',
  'paxes',
  'items',
  'total_minor',
  'currency',
  'client_reference',
  'booking_reference',
  'status',
  'pending_modification_reference',
  'pending_payment_link',
  'pending_change',
  'payment_intent_id',
  'attention',
  'attention_words',
  'created_at',
  'updated_at',
  'version',
  'in_flight',
  'next_check_at',
  'check_delay_ms',
  'origin_counter',
  'made_by',
  'made_at_counter',
  'changed_by',
  'changed_approver',
  'changed_at_counter',
] as const;

const at = Object.fromEntries(COLUMNS.map((name, place) => [name, place])) as Record<(typeof COLUMNS)[number], number>;

/** The columns of the bookings table named `b`, in the order rowOf reads them; a statement may select more after them. */
export const ROW_COLUMNS = COLUMNS.map((name) => `b.${name}`).join(', ');

/** The place of the first column a statement selects after ROW_COLUMNS. */
export const AFTER_ROW = COLUMNS.length;

/** The rows of a statement, each as the array of its values. */
export function valuesOf(statement: StatementSync, ...params: SQLInputValue[]): SQLOutputValue[][] {
  statement.setReturnArrays(true);
  return statement.all(...params) as unknown as SQLOutputValue[][];
}

const value = <K extends keyof Row>(values: SQLOutputValue[], column: K) => values[at[column]] as Row[K];

/** A row read as values in ROW_COLUMNS' order, as the object the ledger's other reads return (every column a Row has: TypeScript checks). */
export function rowOf(values: SQLOutputValue[]): Row {
  return {
    id: value(values, 'id'),
    profile_id: value(values, 'profile_id'),
    profile_kind: value(values, 'profile_kind'),
    service_booking_id: value(values, 'service_booking_id'),
    package_id: value(values, 'package_id'),
    package_title: value(values, 'package_title'),
    property_id: value(values, 'property_id'),
    property_name: value(values, 'property_name'),
    check_in: value(values, 'check_in'),
    check_out: value(values, 'check_out'),
    adults: value(values, 'adults'),
    holder_name: value(values, 'holder_name'),
    holder_surname: value(values, 'holder_surname'),
    holder_email: value(values, 'holder_email'),
    paxes: value(values, 'paxes'),
    items: value(values, 'items'),
    total_minor: value(values, 'total_minor'),
    currency: value(values, 'currency'),
    client_reference: value(values, 'client_reference'),
    booking_reference: value(values, 'booking_reference'),
    status: value(values, 'status'),
    pending_modification_reference: value(values, 'pending_modification_reference'),
    pending_payment_link: value(values, 'pending_payment_link'),
    pending_change: value(values, 'pending_change'),
    payment_intent_id: value(values, 'payment_intent_id'),
    attention: value(values, 'attention'),
    attention_words: value(values, 'attention_words'),
    created_at: value(values, 'created_at'),
    updated_at: value(values, 'updated_at'),
    version: value(values, 'version'),
    in_flight: value(values, 'in_flight'),
    next_check_at: value(values, 'next_check_at'),
    check_delay_ms: value(values, 'check_delay_ms'),
    origin_counter: value(values, 'origin_counter'),
    made_by: value(values, 'made_by'),
    made_at_counter: value(values, 'made_at_counter'),
    changed_by: value(values, 'changed_by'),
    changed_approver: value(values, 'changed_approver'),
    changed_at_counter: value(values, 'changed_at_counter'),
  };
}

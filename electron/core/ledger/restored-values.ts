import type { SQLInputValue } from 'node:sqlite';
import { containsCardNumber, fieldHoldingCardNumber } from '../../../shared/card-number-screening';
import type { BackupRow, KnownColumn, ReadTable } from './backup-file';

/** How a value of a backup's column is checked before it is copied, beyond the type its declaration gives. */
interface ColumnRule {
  json?: 'journal' | 'data';
  oneOf?: readonly string[];
  maxLength?: number;
  /** Typed by a person or named by the service: screened for card numbers like everything the ledger writes. */
  freeText?: boolean;
}

const WRITE_OPERATIONS = ['prebook', 'book', 'cancel', 'modification'] as const;
const SHORT = 100;
const TEXT_LIMIT = 10_000;
const JSON_LIMIT = 500_000;
/** An agent's or a counter's name, as the ledger keeps who wrote what (migration 13). */
const NAME: ColumnRule = { freeText: true, maxLength: SHORT };

const RULES: Partial<Record<ReadTable, Record<string, ColumnRule>>> = {
  bookings: {
    profile_kind: { oneOf: ['training', 'test', 'live'] },
    status: { maxLength: SHORT },
    currency: { maxLength: SHORT },
    in_flight: { oneOf: WRITE_OPERATIONS },
    paxes: { json: 'data' },
    items: { json: 'data' },
    pending_change: { json: 'data' },
    holder_name: { freeText: true },
    holder_surname: { freeText: true },
    holder_email: { freeText: true },
    package_title: { freeText: true },
    property_name: { freeText: true },
    client_reference: { freeText: true, maxLength: SHORT },
    booking_reference: { freeText: true, maxLength: SHORT },
    pending_modification_reference: { freeText: true, maxLength: SHORT },
    attention: { freeText: true },
    attention_words: { json: 'data' },
    origin_counter: { freeText: true, maxLength: SHORT },
    made_by: NAME,
    made_at_counter: NAME,
    changed_by: NAME,
    changed_approver: NAME,
    changed_at_counter: NAME,
  },
  booking_events: {
    type: { maxLength: SHORT },
    summary: { freeText: true },
    words: { json: 'data' },
    detail: { json: 'data' },
    agent: NAME,
    approver: NAME,
    counter: NAME,
  },
  intents: {
    operation: { oneOf: WRITE_OPERATIONS },
    detail: { json: 'journal' },
    outcome: { maxLength: 1_000 },
    agent: NAME,
    approver: NAME,
  },
  held_writes: { operation: { oneOf: WRITE_OPERATIONS }, detail: { json: 'journal' } },
  counter: { key: { maxLength: SHORT }, value: { maxLength: SHORT } },
  agency_state: { key: { maxLength: SHORT }, value: { maxLength: 1_000 } },
};

/** How a row is named in a refusal: "booking 12", "journal entry 7". */
export const ROW_WORDS: Record<ReadTable, (row: BackupRow) => string> = {
  bookings: (row) => `booking ${String(row.id)}`,
  booking_events: (row) => `timeline line ${String(row.id)}`,
  intents: (row) => `journal entry ${String(row.id)}`,
  held_writes: (row) => `held write ${String(row.id)}`,
  counter: (row) => `counter value ${String(row.key)}`,
  agency_state: (row) => `agency value ${String(row.key)}`,
  agency_outbox: (row) => `agency change ${String(row.counter_seq)}`,
};

/** Every string inside a parsed JSON value. */
function* stringsIn(value: unknown, depth = 0): Generator<string> {
  if (depth > 20) return;
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const entry of value) yield* stringsIn(entry, depth + 1);
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) yield* [key, ...stringsIn(entry, depth + 1)];
}

/** Why a value cannot be copied as the column's, or null when it can. */
function problemOf(column: KnownColumn, rule: ColumnRule, value: unknown): string | null {
  if (value === null) return column.notNull ? 'is missing' : null;
  if (/INT/i.test(column.type)) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return 'is not a whole number';
    if ((column.name === 'id' || column.name.endsWith('_id')) && value < 0) return 'is negative';
    return null;
  }
  if (typeof value !== 'string') return 'is not text';
  if (value.length > (rule.json ? JSON_LIMIT : (rule.maxLength ?? TEXT_LIMIT))) return 'is longer than any Packdesk writes';
  if (rule.oneOf && !rule.oneOf.includes(value)) return 'is not one Packdesk knows';
  if (rule.json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return 'is not the JSON Packdesk writes';
    }
    // The journal is screened as it is written (journaled-write.ts), numbers included; other JSON by its text.
    const field = rule.json === 'journal' ? fieldHoldingCardNumber(parsed) : [...stringsIn(parsed)].some(containsCardNumber) ? '' : null;
    if (field !== null) return `${field ? `(${field}) ` : ''}looks like it holds a card number, which Packdesk never stores`;
    return null;
  }
  if (rule.freeText && containsCardNumber(value)) return 'looks like it holds a card number, which Packdesk never stores';
  return null;
}

/**
 * A backup's row, checked column by column against what a ledger of its version declares (whole
 * numbers, text within limits, the values Packdesk knows, JSON that parses, no card number in any
 * text), ready to be inserted; or why it cannot be copied, in words.
 */
export function checkedRow(
  table: ReadTable,
  columns: readonly KnownColumn[],
  row: BackupRow,
): { values: Record<string, SQLInputValue> } | { problem: string } {
  const rules = RULES[table] ?? {};
  const values: Record<string, SQLInputValue> = {};
  for (const column of columns) {
    const value = row[column.name] ?? null;
    const problem = problemOf(column, rules[column.name] ?? {}, value);
    if (problem) return { problem: `${ROW_WORDS[table](row)}’s ${column.name.replaceAll('_', ' ')} ${problem}` };
    values[column.name] = value;
  }
  return { values };
}

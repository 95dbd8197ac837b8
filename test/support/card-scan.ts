import { readFileSync } from 'node:fs';
import { containsCardNumber } from '../../shared/card-number-screening';

// SQLite stores a row's text columns back to back, so a check-in and a check-out read as one run of
// digits ("2027-01-242027-01-27") that passes Luhn on some dates. Dates and times are cut out first.
// A UUID (a counter's id) is cut out too: one that starts with digits, stored right after "Desk 1",
// reads as a run like "160516678-3139-4490" that passes Luhn for about 1 in 2,000 ids.
const NOT_CARDS =
  /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Whether a file's bytes (a database, its journal, a log) hold anything that looks like a card number. */
export function fileHoldsCardNumber(file: string): boolean {
  return containsCardNumber(readFileSync(file).toString('latin1').replace(NOT_CARDS, '|'));
}

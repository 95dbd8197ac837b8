import { readFileSync } from 'node:fs';
import { containsCardNumber } from '../../shared/card-numbers';

// SQLite stores a row's text columns back to back, so a check-in and a check-out read as one run of
// digits ("2027-01-242027-01-27") that passes Luhn on some dates. Dates and times are cut out first.
const DATES_AND_TIMES = /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?/g;

/** Whether a file's bytes (a database, its journal, a log) hold anything that looks like a card number. */
export function fileHoldsCardNumber(file: string): boolean {
  return containsCardNumber(readFileSync(file).toString('latin1').replace(DATES_AND_TIMES, '|'));
}

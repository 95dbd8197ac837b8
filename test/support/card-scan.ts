import { readFileSync } from 'node:fs';
import { containsCardNumber } from '../../shared/card-number-screening';

// SQLite stores a row's text columns back to back, so a check-in and a check-out read as one run of
// digits ("2027-01-242027-01-27") that passes Luhn on some dates. Dates and times (PostgreSQL's
// "2026-11-28 01:22:51.428542+00" too) are cut out first.
// A freed cell keeps only part of its dates (SQLite writes a freed block's header over the cell's first
// bytes): "027-08-12" then "2026-11-2", which read as "0270812202611", pass Luhn. A date's year may lose
// its head and its day its tail; a card's groups of four never fit "-NN-" between them.
// A UUID (a counter's id) is cut out too: one that starts with digits, stored right after "Desk 1",
// reads as a run like "160516678-3139-4490" that passes Luhn for about 1 in 2,000 ids, and one whose
// last two groups are digits ("…-8901-234567890123") is a 16-digit run of its own.
const NOT_CARDS =
  /\d{1,4}-\d{2}-\d{1,2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::\d{2})?)?)?|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Whether stored text (a database's rows, a file's bytes) holds anything that looks like a card number, dates and ids aside. */
export function storedTextHoldsCardNumber(text: string): boolean {
  return containsCardNumber(text.replace(NOT_CARDS, '|'));
}

/** Whether a file's bytes (a database, its journal, a log) hold anything that looks like a card number. */
export function fileHoldsCardNumber(file: string): boolean {
  return storedTextHoldsCardNumber(readFileSync(file).toString('latin1'));
}

import type { AuditEntry } from '../../../shared/audit';
import { AUDIT_ACTION_WORDS, AUDIT_OUTCOME_WORDS } from '../../../shared/audit-words';
import { englishText } from '../i18n/main-words';
import { csvLines } from '../csv-field';

const AUDIT_COLUMNS: readonly (readonly [string, (entry: AuditEntry) => string | number | null])[] = [
  ['Entry', (e) => e.sequence],
  ['Time (UTC)', (e) => e.at],
  ['Counter', (e) => e.counter],
  ['Who', (e) => e.who?.name ?? null],
  ['Approver', (e) => e.approver?.name ?? null],
  ['Action', (e) => englishText({ message: AUDIT_ACTION_WORDS[e.action] })],
  ['Outcome', (e) => englishText({ message: AUDIT_OUTCOME_WORDS[e.outcome] })],
  ['What', (e) => e.what],
  ['Hash', (e) => e.hash],
];

/** Audit entries as CSV, one line each in the chain's order, every cell safe to open in a spreadsheet. */
export const auditCsv = (entries: readonly AuditEntry[]): string => csvLines(AUDIT_COLUMNS, entries);

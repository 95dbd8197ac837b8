import type { AuditEntry } from '../../../shared/audit';
import { AUDIT_ACTION_LABELS, AUDIT_OUTCOME_LABELS } from '../../../shared/audit-words';
import { csvLines } from '../csv-field';

const AUDIT_COLUMNS: readonly (readonly [string, (entry: AuditEntry) => string | number | null])[] = [
  ['Entry', (e) => e.sequence],
  ['Time (UTC)', (e) => e.at],
  ['Counter', (e) => e.counter],
  ['Who', (e) => e.who?.name ?? null],
  ['Approver', (e) => e.approver?.name ?? null],
  ['Action', (e) => AUDIT_ACTION_LABELS[e.action]],
  ['Outcome', (e) => AUDIT_OUTCOME_LABELS[e.outcome]],
  ['What', (e) => e.what],
  ['Hash', (e) => e.hash],
];

/** Audit entries as CSV, one line each in the chain's order, every cell safe to open in a spreadsheet. */
export const auditCsv = (entries: readonly AuditEntry[]): string => csvLines(AUDIT_COLUMNS, entries);

import type { AuditVerdict } from '../../../shared/audit';
import { auditCsv } from '../audit/audit-csv';
import type { AuditLog } from '../audit/audit-log';
import type { FileSaver } from '../file-saver';
import type { MainWords } from '../i18n/main-words';
import { saveUnavailable } from './file-refusals';
import type { AreaHandlers } from './handlers';

export interface AuditIpcDeps {
  audit: AuditLog;
  /** Where an export goes: the agent's choice in a save dialog; absent where there is none. */
  fileSaver: FileSaver | undefined;
  /** Every check's verdict, so the screens learn of a broken chain. */
  onVerdict: (verdict: AuditVerdict) => void;
  /** Main's words in the counter's language: what broke the chain is worded in it. */
  words?: Pick<MainWords, 'text'>;
}

/** The audit of settings actions: read, filtered, exported and checked, never written from the screens. */
export function auditIpc({
  audit,
  fileSaver,
  onVerdict,
  words,
}: AuditIpcDeps): AreaHandlers<'audit:verify' | 'audit:list' | 'audit:export-csv'> {
  return {
    'audit:verify': async () => {
      const verdict = await audit.verify(words);
      onVerdict(verdict);
      return verdict;
    },
    'audit:list': async (query) => audit.list(query),
    'audit:export-csv': async (filter) => {
      if (!fileSaver) throw saveUnavailable('audit');
      const entries = audit.everyEntry(filter);
      const stamp = new Date().toISOString().slice(0, 10);
      const name = `packdesk-audit-${filter.day ?? stamp}.csv`;
      const path = await fileSaver.saveText(name, auditCsv(entries), { name: 'CSV', extension: 'csv' });
      return { path, entries: entries.length };
    },
  };
}

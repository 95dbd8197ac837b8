import type { IntlShape } from 'react-intl';
import type { AuditAction, AuditFilter } from '../../../../../shared/audit';
import { auditActionSchema } from '../../../../../shared/audit';
import { AUDIT_ACTION_WORDS } from '../../../../../shared/audit-words';
import { formatLocale } from '../../../../../shared/format';

/** The audit view's filters as its fields hold them: nothing picked is null. */
export interface AuditFilterValues {
  agentId: string | null;
  action: string | null;
  day: string | null;
}

export const NO_FILTER: AuditFilterValues = { agentId: null, action: null, day: null };

/** The fields as `audit:list` and `audit:export-csv` take them; its schema says what is wrong. */
export function filterOf(values: AuditFilterValues): AuditFilter {
  return {
    ...(values.agentId ? { agentId: Number(values.agentId) } : {}),
    ...(values.action ? { action: values.action as AuditAction } : {}),
    ...(values.day ? { day: values.day } : {}),
  };
}

/** Every action, by its readable name in the agent's language, for the action picker. */
export const actionChoices = (intl: IntlShape) =>
  auditActionSchema.options
    .map((action) => ({ value: action, label: intl.formatMessage(AUDIT_ACTION_WORDS[action]) }))
    .sort((a, b) => a.label.localeCompare(b.label, formatLocale()));

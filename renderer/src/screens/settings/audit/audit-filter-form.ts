import type { IntlShape } from 'react-intl';
import type { AuditAction, AuditFilter, AuditOutcome } from '../../../../../shared/audit';
import { auditActionSchema } from '../../../../../shared/audit';
import { formatLocale } from '../../../../../shared/format';
import { defineMessages } from '../../../../../shared/i18n/messages';
import type { Message } from '../../../../../shared/i18n/messages';

/** Each audit action as a person reads it on the screen (main writes the CSV's own, in shared/audit-words.ts). */
export const AUDIT_ACTION_WORDS: Record<AuditAction, Message> = defineMessages({
  'profile.create': { id: 'audit.action.profile.create', defaultMessage: 'Profile added' },
  'profile.update': { id: 'audit.action.profile.update', defaultMessage: 'Profile changed' },
  'profile.delete': { id: 'audit.action.profile.delete', defaultMessage: 'Profile removed' },
  'profile.activate': { id: 'audit.action.profile.activate', defaultMessage: 'Profile switched' },
  'profile.status-rules': { id: 'audit.action.profile.status-rules', defaultMessage: 'Status rules set' },
  'profile.change-approval': { id: 'audit.action.profile.change-approval', defaultMessage: 'Change approval threshold set' },
  'key.set': { id: 'audit.action.key.set', defaultMessage: 'Key saved' },
  'key.delete': { id: 'audit.action.key.delete', defaultMessage: 'Key removed' },
  'agency.connect': { id: 'audit.action.agency.connect', defaultMessage: 'Agency connected' },
  'agency.disconnect': { id: 'audit.action.agency.disconnect', defaultMessage: 'Agency disconnected' },
  'agency.minimum-version': { id: 'audit.action.agency.minimum-version', defaultMessage: 'Minimum version set' },
  'backup.take': { id: 'audit.action.backup.take', defaultMessage: 'Backup taken' },
  'restore.stage': { id: 'audit.action.restore.stage', defaultMessage: 'Restore chosen' },
  'restore.cancel': { id: 'audit.action.restore.cancel', defaultMessage: 'Restore cancelled' },
  'restore.check-write': { id: 'audit.action.restore.check-write', defaultMessage: 'Held write checked' },
  'restore.discard-write': { id: 'audit.action.restore.discard-write', defaultMessage: 'Held write discarded' },
  'agent.add': { id: 'audit.action.agent.add', defaultMessage: 'Agent added' },
  'agent.sign-in': { id: 'audit.action.agent.sign-in', defaultMessage: 'Signed in' },
  'agent.sign-out': { id: 'audit.action.agent.sign-out', defaultMessage: 'Signed out' },
  'agent.unlock': { id: 'audit.action.agent.unlock', defaultMessage: 'Agent unlocked' },
  'agent.reset-pin': { id: 'audit.action.agent.reset-pin', defaultMessage: 'PIN reset' },
  'agent.set-role': { id: 'audit.action.agent.set-role', defaultMessage: 'Role changed' },
  'agent.lock': { id: 'audit.action.agent.lock', defaultMessage: 'Screen locked' },
  'counter.idle-lock': { id: 'audit.action.counter.idle-lock', defaultMessage: 'Idle lock set' },
  'approval.give': { id: 'audit.action.approval.give', defaultMessage: 'Approval given' },
  'audit.export': { id: 'audit.action.audit.export', defaultMessage: 'Audit exported' },
  'updates.configure': { id: 'audit.action.updates.configure', defaultMessage: 'Update feed set' },
  'updates.install-now': { id: 'audit.action.updates.install-now', defaultMessage: 'Update installed now' },
});

/** How an audited action ended. */
export const AUDIT_OUTCOME_WORDS: Record<AuditOutcome, Message> = defineMessages({
  done: { id: 'audit.outcome.done', defaultMessage: 'Done' },
  refused: { id: 'audit.outcome.refused', defaultMessage: 'Refused' },
});

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

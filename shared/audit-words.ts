import { z } from 'zod';
import type { AuditAction, AuditOutcome } from './audit';
import { defineMessages } from './i18n/messages';
import type { Message } from './i18n/messages';

/** Each audit action as a person reads it: on the audit screen in their language, in the CSV in English. */
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

const messageId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+$/);
/** A catalog message worded inside an audit line (a key's name, an action's): data values only. */
const innerWordsSchema = z.strictObject({
  id: messageId,
  values: z.record(z.string().max(100), z.union([z.string().max(300), z.number()])),
});
/** One audit line in words: its message and values; a value is data (a name, an address) or a message of its own. */
const lineWordsSchema = z.strictObject({
  id: messageId,
  values: z.record(z.string().max(100), z.union([z.string().max(300), z.number(), innerWordsSchema])),
});
export type AuditLineWords = z.infer<typeof lineWordsSchema>;

/**
 * The words of an audit entry, kept beside its English `what` and chained with it: what was done, and for a
 * refusal the refusal's own words (null when it had none the audit could keep).
 */
export const auditWordsSchema = z.strictObject({ what: lineWordsSchema, reason: lineWordsSchema.nullable() });
export type AuditWords = z.infer<typeof auditWordsSchema>;

import type { AuditAction, AuditOutcome } from './audit';

/** Each audit action as a person reads it, in the audit view and its CSV. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'profile.create': 'Profile added',
  'profile.update': 'Profile changed',
  'profile.delete': 'Profile removed',
  'profile.activate': 'Profile switched',
  'profile.status-rules': 'Status rules set',
  'profile.change-approval': 'Change approval threshold set',
  'key.set': 'Key saved',
  'key.delete': 'Key removed',
  'agency.connect': 'Agency connected',
  'agency.disconnect': 'Agency disconnected',
  'agency.minimum-version': 'Minimum version set',
  'backup.take': 'Backup taken',
  'restore.stage': 'Restore chosen',
  'restore.cancel': 'Restore cancelled',
  'restore.check-write': 'Held write checked',
  'restore.discard-write': 'Held write discarded',
  'agent.add': 'Agent added',
  'agent.sign-in': 'Signed in',
  'agent.sign-out': 'Signed out',
  'agent.unlock': 'Agent unlocked',
  'agent.reset-pin': 'PIN reset',
  'agent.set-role': 'Role changed',
  'agent.lock': 'Screen locked',
  'counter.idle-lock': 'Idle lock set',
  'approval.give': 'Approval given',
  'audit.export': 'Audit exported',
  'updates.configure': 'Update feed set',
  'updates.install-now': 'Update installed now',
};

export const AUDIT_OUTCOME_LABELS: Record<AuditOutcome, string> = { done: 'Done', refused: 'Refused' };

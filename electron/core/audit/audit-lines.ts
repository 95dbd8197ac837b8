import type { AuditLineWords, AuditWords } from '../../../shared/audit-words';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Text } from '../i18n/main-words';

/**
 * What each audited action did, in words: chained in English (`what`) and kept as words (a message and its
 * values), so each reader sees the line in their own language. Names, addresses and numbers are data;
 * a key's name or an action's is a message of its own.
 */
export const auditLines = defineMessages({
  profileCreate: {
    id: 'audit.what.profile.create',
    defaultMessage:
      'Created {kind, select, live {live} training {training} other {test}} profile “{name}” at {address}{keyCount, plural, =0 {} one { with the {key1}} =2 { with the {key1}, {key2}} other { with the {key1}, {key2}, {key3}}}',
  },
  profileUpdate: { id: 'audit.what.profile.update', defaultMessage: 'Changed profile “{profile}”: named “{name}”, at {address}' },
  profileDelete: { id: 'audit.what.profile.delete', defaultMessage: 'Deleted profile “{profile}”' },
  profileActivate: { id: 'audit.what.profile.activate', defaultMessage: 'Switched the counter to profile “{profile}”' },
  statusRules: { id: 'audit.what.profile.statusRules', defaultMessage: 'Set the status rules of profile “{profile}”' },
  approvalAnyAmount: {
    id: 'audit.what.profile.changeApproval.none',
    defaultMessage: 'Changes on profile “{profile}” need no supervisor for their amount',
  },
  approvalAbove: {
    id: 'audit.what.profile.changeApproval.above',
    defaultMessage: 'Changes on profile “{profile}” whose price differs by more than {minor} minor units need a supervisor',
  },
  keySet: { id: 'audit.what.key.set', defaultMessage: 'Saved the {key} of profile “{profile}”' },
  keyDelete: { id: 'audit.what.key.delete', defaultMessage: 'Removed the {key} of profile “{profile}”' },
  agencyConnect: {
    id: 'audit.what.agency.connect',
    defaultMessage: 'Connected profile “{profile}” to the agency ledger {database} at {host}:{port} as counter “{counter}”',
  },
  agencyDisconnect: { id: 'audit.what.agency.disconnect', defaultMessage: 'Disconnected profile “{profile}” from the agency ledger' },
  minimumVersionLifted: { id: 'audit.what.agency.minimumVersion.lifted', defaultMessage: 'Lifted the agency’s minimum version' },
  minimumVersion: {
    id: 'audit.what.agency.minimumVersion.set',
    defaultMessage: 'Asked every counter of the agency to run {product} {version} or newer',
  },
  checkWrite: { id: 'audit.what.restore.checkWrite', defaultMessage: 'Checked held write {write} of a restored backup with the service' },
  discardWrite: { id: 'audit.what.restore.discardWrite', defaultMessage: 'Discarded held write {write} of a restored backup' },
  backUp: { id: 'audit.what.backup.take', defaultMessage: 'Backed up the ledger to {file}' },
  restoreStage: { id: 'audit.what.restore.stage', defaultMessage: 'Chose backup {file} to restore at the next start' },
  restoreCancel: { id: 'audit.what.restore.cancel', defaultMessage: 'Cancelled the restore of a backup' },
  agentAdd: {
    id: 'audit.what.agent.add',
    defaultMessage: 'Added {role, select, supervisor {supervisor} administrator {administrator} other {agent}} “{name}”',
  },
  signIn: { id: 'audit.what.agent.signIn', defaultMessage: 'Agent “{agent}” signed in' },
  signOut: { id: 'audit.what.agent.signOut', defaultMessage: 'Signed out' },
  lock: { id: 'audit.what.agent.lock', defaultMessage: 'Locked the screen' },
  setRole: {
    id: 'audit.what.agent.setRole',
    defaultMessage: 'Made agent “{agent}” {role, select, supervisor {a supervisor} administrator {an administrator} other {an agent}}',
  },
  idleLock: {
    id: 'audit.what.counter.idleLock',
    defaultMessage: 'Set the screen to lock after {minutes, plural, one {# minute} other {# minutes}} without use',
  },
  unlock: { id: 'audit.what.agent.unlock', defaultMessage: 'Unlocked agent “{agent}”' },
  resetPin: { id: 'audit.what.agent.resetPin', defaultMessage: 'Gave agent “{agent}” a new PIN' },
  approveRestore: {
    id: 'audit.what.approval.restore',
    defaultMessage: 'Agent “{agent}” approved restoring a backup over this counter’s ledger',
  },
  approveCall: {
    id: 'audit.what.approval.call',
    defaultMessage: 'Agent “{agent}” approved {call} on {on, select, booking {booking} other {profile}} {target}',
  },
  exportAll: { id: 'audit.what.audit.export.all', defaultMessage: 'Exported every entry of the audit to a CSV file' },
  exportSome: {
    id: 'audit.what.audit.export.some',
    defaultMessage:
      'Exported the entries{byAgent, select, yes { of agent “{agent}”} other {}}{byAction, select, yes { of action “{action}”} other {}}{byDay, select, yes { on {day}} other {}} of the audit to a CSV file',
  },
  updatesFrom: {
    id: 'audit.what.updates.configure',
    defaultMessage: 'Set updates to come from {address} on the {channel, select, early {early} other {stable}} channel',
  },
  updatesOff: { id: 'audit.what.updates.off', defaultMessage: 'Turned updates off' },
  installNow: { id: 'audit.what.updates.installNow', defaultMessage: 'Asked for the downloaded update to be installed now' },
  notAnAddress: { id: 'audit.what.notAnAddress', defaultMessage: 'an address that is not a web address' },
  builtInService: { id: 'audit.what.builtInService', defaultMessage: 'the built-in service' },
  failedUnexpectedly: { id: 'audit.why.unexpected', defaultMessage: 'it failed unexpectedly' },
});

/**
 * A text as an audit line's words, or null when it cannot be kept as words: text as it came (a person's, the
 * service's), money, or a message nested deeper than one level. Such an entry keeps its English alone.
 */
export function lineWordsOf(text: Text): AuditLineWords | null {
  if (typeof text === 'string') return null;
  const values: AuditLineWords['values'] = {};
  for (const [name, value] of Object.entries(text.values ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    else if (!('message' in value)) return null;
    else {
      const inner: Record<string, string | number> = {};
      for (const [innerName, innerValue] of Object.entries(value.values ?? {})) {
        if (typeof innerValue !== 'string' && typeof innerValue !== 'number') return null;
        inner[innerName] = innerValue;
      }
      values[name] = { id: value.message.id, values: inner };
    }
  }
  return { id: text.message.id, values };
}

/** An entry's words: what was done and, for a refusal, why; null when either cannot be kept as words. */
export function auditWordsOf(what: Text, reason?: Text): AuditWords | null {
  const whatWords = lineWordsOf(what);
  if (!whatWords) return null;
  if (reason === undefined) return { what: whatWords, reason: null };
  const reasonWords = lineWordsOf(reason);
  return reasonWords ? { what: whatWords, reason: reasonWords } : null;
}

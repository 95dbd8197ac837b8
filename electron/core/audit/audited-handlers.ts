import type { AuditAction, AuditFilter, AuditPerson } from '../../../shared/audit';
import { AUDIT_ACTION_WORDS } from '../../../shared/audit-words';
import { PRODUCT_NAME } from '../../../shared/i18n/messages';
import { KEY_SLOT_LABELS } from '../../../shared/profiles';
import type { KeySlot } from '../../../shared/profiles';
import { AppError } from '../app-error';
import type { Handlers } from '../dispatch';
import { englishText } from '../i18n/main-words';
import type { Text, TextValues } from '../i18n/main-words';
import type { AuditLog, NewAuditEntry } from './audit-log';
import { auditLines as line, auditWordsOf } from './audit-lines';

/** Every settings channel the audit records, with its action and the words for what it did (never a secret). */
type AuditedChannel =
  | 'profiles:create'
  | 'profiles:update'
  | 'profiles:delete'
  | 'profiles:activate'
  | 'profiles:set-status-rules'
  | 'profiles:set-change-approval'
  | 'keys:set'
  | 'keys:delete'
  | 'agency:connect'
  | 'agency:disconnect'
  | 'agency:set-minimum-version'
  | 'restore:check-write'
  | 'restore:discard-write'
  | 'people:add'
  | 'people:sign-in'
  | 'people:sign-out'
  | 'people:lock'
  | 'people:set-role'
  | 'people:set-idle-lock'
  | 'people:unlock'
  | 'people:reset-pin'
  | 'people:approve'
  | 'audit:export-csv'
  | 'updates:configure'
  | 'updates:install-now';

type InputOf<C extends AuditedChannel> = Parameters<Handlers[C]>[0];

/**
 * Records an action after it succeeds, or its refusal, as one audit entry. An entry that cannot be
 * written is logged and the action's answer still goes back: what was done is done.
 */
export function recordAction(audit: AuditLog, entry: NewAuditEntry): void {
  try {
    audit.append(entry);
  } catch (error) {
    // Refusal words that look like a secret are left out; the action and its outcome are still recorded.
    if (entry.outcome === 'refused' && error instanceof AppError) {
      try {
        const words = entry.words ? { what: entry.words.what, reason: null } : null;
        audit.append({ ...entry, what: entry.what.replace(/: refused: .*$/, ': refused'), words });
        return;
      } catch (again) {
        console.error('[audit] an action could not be recorded', again);
        return;
      }
    }
    console.error('[audit] an action could not be recorded', error);
  }
}

/** An action's refusal as the audit keeps it: its English after what was done, and its words. */
export function refusalEntry(
  action: AuditAction,
  what: Text,
  error: unknown,
): Pick<NewAuditEntry, 'action' | 'outcome' | 'what' | 'words'> {
  const reason: Text = error instanceof AppError ? error.messageText : { message: line.failedUnexpectedly };
  const because = error instanceof AppError ? error.message : englishText(reason);
  return { action, outcome: 'refused', what: `${englishText(what)}: refused: ${because}`, words: auditWordsOf(what, reason) };
}

/** An action and its words, recorded after the call: done with its answer, or refused with the refusal's words. */
export async function audited<T>(
  audit: AuditLog,
  action: AuditAction,
  what: Text,
  work: () => Promise<T>,
  who: AuditPerson | null = null,
  approver: AuditPerson | null = null,
): Promise<T> {
  try {
    const result = await work();
    recordAction(audit, { action, what: englishText(what), words: auditWordsOf(what), who, approver });
    return result;
  } catch (error) {
    recordAction(audit, { ...refusalEntry(action, what, error), who, approver });
    throw error;
  }
}

/** Names the audit needs from the counter: a profile and an agent by id, and who is signed in now. */
export interface AuditNames {
  profileName: (id: number) => string;
  agentName: (id: number) => string;
  signedIn: () => AuditPerson | null;
}

/** The settings and people channels wrapped so that each call is an audit entry, with who was signed in when it was made. */
export function auditedHandlers(handlers: Handlers, audit: AuditLog, { profileName, agentName, signedIn }: AuditNames): Handlers {
  // An address as the agent typed it, without a user name or password it may carry.
  const address = (url: string): TextValues[string] => {
    try {
      const parsed = new URL(url);
      return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
    } catch {
      return { message: line.notAnAddress };
    }
  };
  const keyName = (slot: KeySlot): TextValues[string] => ({ message: KEY_SLOT_LABELS[slot] });
  const exported = (filter: AuditFilter): Text => {
    const agent = filter.agentId !== undefined ? agentName(filter.agentId) : filter.agentName;
    if (agent === undefined && filter.action === undefined && filter.day === undefined) return { message: line.exportAll };
    return {
      message: line.exportSome,
      values: {
        byAgent: agent === undefined ? 'no' : 'yes',
        agent: agent ?? '',
        byAction: filter.action === undefined ? 'no' : 'yes',
        action: filter.action === undefined ? '' : { message: AUDIT_ACTION_WORDS[filter.action] },
        byDay: filter.day === undefined ? 'no' : 'yes',
        day: filter.day ?? '',
      },
    };
  };
  const words: { [C in AuditedChannel]: (input: InputOf<C>) => [AuditAction, Text] } = {
    'profiles:create': (input) => {
      const [key1 = '', key2 = '', key3 = ''] = (Object.keys(input.keys) as KeySlot[]).map(keyName);
      const keyCount = Object.keys(input.keys).length;
      return [
        'profile.create',
        {
          message: line.profileCreate,
          values: { kind: input.kind, name: input.name, address: address(input.baseUrl), keyCount, key1, key2, key3 },
        },
      ];
    },
    'profiles:update': (input) => [
      'profile.update',
      {
        message: line.profileUpdate,
        values: {
          profile: profileName(input.id),
          name: input.name,
          address: input.baseUrl ? address(input.baseUrl) : { message: line.builtInService },
        },
      },
    ],
    'profiles:delete': (input) => ['profile.delete', { message: line.profileDelete, values: { profile: profileName(input.id) } }],
    'profiles:activate': (input) => ['profile.activate', { message: line.profileActivate, values: { profile: profileName(input.id) } }],
    'profiles:set-status-rules': (input) => [
      'profile.status-rules',
      { message: line.statusRules, values: { profile: profileName(input.profileId) } },
    ],
    'profiles:set-change-approval': (input) => {
      const profile = profileName(input.profileId);
      // An amount in minor units, with no currency to word it by: written as it is.
      const text: Text =
        input.aboveMinor === null
          ? { message: line.approvalAnyAmount, values: { profile } }
          : { message: line.approvalAbove, values: { profile, minor: String(input.aboveMinor) } };
      return ['profile.change-approval', text];
    },
    'keys:set': (input) => [
      'key.set',
      { message: line.keySet, values: { key: keyName(input.slot), profile: profileName(input.profileId) } },
    ],
    'keys:delete': (input) => [
      'key.delete',
      { message: line.keyDelete, values: { key: keyName(input.slot), profile: profileName(input.profileId) } },
    ],
    'agency:connect': (input) => [
      'agency.connect',
      {
        message: line.agencyConnect,
        values: {
          profile: profileName(input.profileId),
          database: input.database,
          host: input.host,
          port: String(input.port),
          counter: input.counterName,
        },
      },
    ],
    'agency:disconnect': (input) => [
      'agency.disconnect',
      { message: line.agencyDisconnect, values: { profile: profileName(input.profileId) } },
    ],
    'agency:set-minimum-version': (input) => [
      'agency.minimum-version',
      input.version === ''
        ? { message: line.minimumVersionLifted }
        : { message: line.minimumVersion, values: { product: PRODUCT_NAME, version: input.version } },
    ],
    'restore:check-write': (input) => ['restore.check-write', { message: line.checkWrite, values: { write: String(input.id) } }],
    'restore:discard-write': (input) => ['restore.discard-write', { message: line.discardWrite, values: { write: String(input.id) } }],
    // A PIN is never part of the words: only whose it was, and what it was for.
    'people:add': (input) => ['agent.add', { message: line.agentAdd, values: { role: input.role, name: input.name } }],
    'people:sign-in': (input) => ['agent.sign-in', { message: line.signIn, values: { agent: agentName(input.agentId) } }],
    'people:sign-out': () => ['agent.sign-out', { message: line.signOut }],
    'people:lock': () => ['agent.lock', { message: line.lock }],
    'people:set-role': (input) => [
      'agent.set-role',
      { message: line.setRole, values: { agent: agentName(input.agentId), role: input.role } },
    ],
    'people:set-idle-lock': (input) => ['counter.idle-lock', { message: line.idleLock, values: { minutes: input.minutes } }],
    'people:unlock': (input) => ['agent.unlock', { message: line.unlock, values: { agent: agentName(input.agentId) } }],
    'people:reset-pin': (input) => ['agent.reset-pin', { message: line.resetPin, values: { agent: agentName(input.agentId) } }],
    'people:approve': (input) =>
      input.channel === 'ledger:restore'
        ? ['approval.give', { message: line.approveRestore, values: { agent: agentName(input.agentId) } }]
        : [
            'approval.give',
            {
              message: line.approveCall,
              values: {
                agent: agentName(input.agentId),
                call: input.channel,
                on: input.channel.startsWith('bookings:') ? 'booking' : 'profile',
                target: String(input.target),
              },
            },
          ],
    'audit:export-csv': (input) => ['audit.export', exported(input)],
    'updates:configure': (input) => [
      'updates.configure',
      input.feedUrl
        ? { message: line.updatesFrom, values: { address: address(input.feedUrl), channel: input.channel } }
        : { message: line.updatesOff },
    ],
    'updates:install-now': () => ['updates.install-now', { message: line.installNow }],
  };
  const person = (id: number): AuditPerson => ({ agentId: id, name: agentName(id) });
  /**
   * Who did it, and who approved: the agent signed in when the call was made; a sign-in is the agent
   * signing in (refused too: whose PIN was tried); an approval names the agent asking and the approver.
   */
  const peopleOf = (channel: AuditedChannel, input: unknown): [AuditPerson | null, AuditPerson | null] => {
    const agentId = (input as { agentId?: number }).agentId;
    if (channel === 'people:sign-in' && agentId !== undefined) return [person(agentId), null];
    if (channel === 'people:approve' && agentId !== undefined) return [signedIn(), person(agentId)];
    return [signedIn(), null];
  };
  const wrapped: Partial<Handlers> = {};
  for (const channel of Object.keys(words) as AuditedChannel[]) {
    const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
    const describe = words[channel] as (input: unknown) => [AuditAction, Text];
    Object.assign(wrapped, {
      [channel]: (input: unknown) => {
        // Named before the call: a deleted profile has no name afterwards.
        const [action, what] = describe(input);
        const [who, approver] = peopleOf(channel, input);
        return audited(audit, action, what, () => handler(input), who, approver);
      },
    });
  }
  return { ...handlers, ...wrapped };
}

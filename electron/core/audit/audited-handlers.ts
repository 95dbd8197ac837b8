import type { AuditAction, AuditFilter, AuditPerson } from '../../../shared/audit';
import { AUDIT_ACTION_LABELS } from '../../../shared/audit-words';
import { KEY_SLOT_LABELS } from '../../../shared/profiles';
import type { KeySlot } from '../../../shared/profiles';
import { AppError } from '../app-error';
import type { Handlers } from '../dispatch';
import { englishText } from '../i18n/main-words';
import type { AuditLog, NewAuditEntry } from './audit-log';

/** A key by its name, as the audit keeps it: in English, like every entry. */
const keyName = (slot: KeySlot): string => englishText({ message: KEY_SLOT_LABELS[slot] });

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
        audit.append({ ...entry, what: entry.what.replace(/: refused: .*$/, ': refused') });
        return;
      } catch (again) {
        console.error('[audit] an action could not be recorded', again);
        return;
      }
    }
    console.error('[audit] an action could not be recorded', error);
  }
}

/** An action and its words, recorded after the call: done with its answer, or refused with the refusal's words. */
export async function audited<T>(
  audit: AuditLog,
  action: AuditAction,
  what: string,
  work: () => Promise<T>,
  who: AuditPerson | null = null,
  approver: AuditPerson | null = null,
): Promise<T> {
  try {
    const result = await work();
    recordAction(audit, { action, what, who, approver });
    return result;
  } catch (error) {
    const words = error instanceof AppError ? error.message : 'it failed unexpectedly';
    recordAction(audit, { action, outcome: 'refused', what: `${what}: refused: ${words}`, who, approver });
    throw error;
  }
}

/** Names the audit needs from the counter: a profile and an agent by id, and who is signed in now. */
export interface AuditNames {
  profileName: (id: number) => string;
  agentName: (id: number) => string;
  signedIn: () => AuditPerson | null;
}

const A_ROLE_WORDS = { agent: 'an agent', supervisor: 'a supervisor', administrator: 'an administrator' } as const;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The settings and people channels wrapped so that each call is an audit entry, with who was signed in when it was made. */
export function auditedHandlers(handlers: Handlers, audit: AuditLog, { profileName, agentName, signedIn }: AuditNames): Handlers {
  const named = (id: number) => `profile “${profileName(id)}”`;
  const agent = (id: number) => `agent “${agentName(id)}”`;
  // An address as the agent typed it, without a user name or password it may carry.
  const address = (url: string) => {
    try {
      const parsed = new URL(url);
      return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
    } catch {
      return 'an address that is not a web address';
    }
  };
  const filtered = (filter: AuditFilter) => {
    const parts = [
      filter.agentId !== undefined ? `of ${agent(filter.agentId)}` : null,
      filter.agentName !== undefined ? `of agent “${filter.agentName}”` : null,
      filter.action !== undefined ? `of action “${AUDIT_ACTION_LABELS[filter.action]}”` : null,
      filter.day !== undefined ? `on ${filter.day}` : null,
    ].filter((part) => part !== null);
    return parts.length ? `the entries ${parts.join(' ')}` : 'every entry';
  };
  const words: { [C in AuditedChannel]: (input: InputOf<C>) => [AuditAction, string] } = {
    'profiles:create': (input) => {
      const keys = Object.keys(input.keys).map((slot) => keyName(slot as keyof typeof KEY_SLOT_LABELS));
      return [
        'profile.create',
        `Created ${input.kind} profile “${input.name}” at ${address(input.baseUrl)}${keys.length ? ` with the ${keys.join(', ')}` : ''}`,
      ];
    },
    'profiles:update': (input) => [
      'profile.update',
      `Changed ${named(input.id)}: named “${input.name}”, at ${input.baseUrl ? address(input.baseUrl) : 'the built-in service'}`,
    ],
    'profiles:delete': (input) => ['profile.delete', `Deleted ${named(input.id)}`],
    'profiles:activate': (input) => ['profile.activate', `Switched the counter to ${named(input.id)}`],
    'profiles:set-status-rules': (input) => ['profile.status-rules', `Set the status rules of ${named(input.profileId)}`],
    'profiles:set-change-approval': (input) => [
      'profile.change-approval',
      input.aboveMinor === null
        ? `Changes on ${named(input.profileId)} need no supervisor for their amount`
        : `Changes on ${named(input.profileId)} whose price differs by more than ${input.aboveMinor} minor units need a supervisor`,
    ],
    'keys:set': (input) => ['key.set', `Saved the ${keyName(input.slot)} of ${named(input.profileId)}`],
    'keys:delete': (input) => ['key.delete', `Removed the ${keyName(input.slot)} of ${named(input.profileId)}`],
    'agency:connect': (input) => [
      'agency.connect',
      `Connected ${named(input.profileId)} to the agency ledger ${input.database} at ${input.host}:${input.port} as counter “${input.counterName}”`,
    ],
    'agency:disconnect': (input) => ['agency.disconnect', `Disconnected ${named(input.profileId)} from the agency ledger`],
    'agency:set-minimum-version': (input) => [
      'agency.minimum-version',
      input.version === ''
        ? 'Lifted the agency’s minimum version'
        : `Asked every counter of the agency to run Packdesk ${input.version} or newer`,
    ],
    'restore:check-write': (input) => ['restore.check-write', `Checked held write ${input.id} of a restored backup with the service`],
    'restore:discard-write': (input) => ['restore.discard-write', `Discarded held write ${input.id} of a restored backup`],
    // A PIN is never part of the words: only whose it was, and what it was for.
    'people:add': (input) => ['agent.add', `Added ${input.role} “${input.name}”`],
    'people:sign-in': (input) => ['agent.sign-in', `${capitalized(agent(input.agentId))} signed in`],
    'people:sign-out': () => ['agent.sign-out', 'Signed out'],
    'people:lock': () => ['agent.lock', 'Locked the screen'],
    'people:set-role': (input) => ['agent.set-role', `Made ${agent(input.agentId)} ${A_ROLE_WORDS[input.role]}`],
    'people:set-idle-lock': (input) => ['counter.idle-lock', `Set the screen to lock after ${input.minutes} minutes without use`],
    'people:unlock': (input) => ['agent.unlock', `Unlocked ${agent(input.agentId)}`],
    'people:reset-pin': (input) => ['agent.reset-pin', `Gave ${agent(input.agentId)} a new PIN`],
    'people:approve': (input) => [
      'approval.give',
      input.channel === 'ledger:restore'
        ? `${capitalized(agent(input.agentId))} approved restoring a backup over this counter’s ledger`
        : `${capitalized(agent(input.agentId))} approved ${input.channel} on ${input.channel.startsWith('bookings:') ? 'booking' : 'profile'} ${input.target}`,
    ],
    'audit:export-csv': (input) => ['audit.export', `Exported ${filtered(input)} of the audit to a CSV file`],
    'updates:configure': (input) => [
      'updates.configure',
      input.feedUrl ? `Set updates to come from ${address(input.feedUrl)} on the ${input.channel} channel` : 'Turned updates off',
    ],
    'updates:install-now': () => ['updates.install-now', 'Asked for the downloaded update to be installed now'],
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
    const describe = words[channel] as (input: unknown) => [AuditAction, string];
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

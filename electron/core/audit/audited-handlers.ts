import type { AuditAction } from '../../../shared/audit';
import { KEY_SLOT_LABELS } from '../../../shared/profiles';
import { AppError } from '../app-error';
import type { Handlers } from '../dispatch';
import type { AuditLog, NewAuditEntry } from './audit-log';

/** Every settings channel the audit records, with its action and the words for what it did (never a secret). */
type AuditedChannel =
  | 'profiles:create'
  | 'profiles:update'
  | 'profiles:delete'
  | 'profiles:activate'
  | 'profiles:set-status-rules'
  | 'keys:set'
  | 'keys:delete'
  | 'agency:connect'
  | 'agency:disconnect'
  | 'restore:check-write'
  | 'restore:discard-write';

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
export async function audited<T>(audit: AuditLog, action: AuditAction, what: string, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    recordAction(audit, { action, what });
    return result;
  } catch (error) {
    const words = error instanceof AppError ? error.message : 'it failed unexpectedly';
    recordAction(audit, { action, outcome: 'refused', what: `${what}: refused: ${words}` });
    throw error;
  }
}

/** The settings channels wrapped so that each call is an audit entry; `profileName` names a profile by its id. */
export function auditedHandlers(handlers: Handlers, audit: AuditLog, profileName: (id: number) => string): Handlers {
  const named = (id: number) => `profile “${profileName(id)}”`;
  // An address as the agent typed it, without a user name or password it may carry.
  const address = (url: string) => {
    try {
      const parsed = new URL(url);
      return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
    } catch {
      return 'an address that is not a web address';
    }
  };
  const words: { [C in AuditedChannel]: (input: InputOf<C>) => [AuditAction, string] } = {
    'profiles:create': (input) => {
      const keys = Object.keys(input.keys).map((slot) => KEY_SLOT_LABELS[slot as keyof typeof KEY_SLOT_LABELS]);
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
    'keys:set': (input) => ['key.set', `Saved the ${KEY_SLOT_LABELS[input.slot]} of ${named(input.profileId)}`],
    'keys:delete': (input) => ['key.delete', `Removed the ${KEY_SLOT_LABELS[input.slot]} of ${named(input.profileId)}`],
    'agency:connect': (input) => [
      'agency.connect',
      `Connected ${named(input.profileId)} to the agency ledger ${input.database} at ${input.host}:${input.port} as counter “${input.counterName}”`,
    ],
    'agency:disconnect': (input) => ['agency.disconnect', `Disconnected ${named(input.profileId)} from the agency ledger`],
    'restore:check-write': (input) => ['restore.check-write', `Checked held write ${input.id} of a restored backup with the service`],
    'restore:discard-write': (input) => ['restore.discard-write', `Discarded held write ${input.id} of a restored backup`],
  };
  const wrapped: Partial<Handlers> = {};
  for (const channel of Object.keys(words) as AuditedChannel[]) {
    const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
    const describe = words[channel] as (input: unknown) => [AuditAction, string];
    Object.assign(wrapped, {
      [channel]: (input: unknown) => {
        // Named before the call: a deleted profile has no name afterwards.
        const [action, what] = describe(input);
        return audited(audit, action, what, () => handler(input));
      },
    });
  }
  return { ...handlers, ...wrapped };
}

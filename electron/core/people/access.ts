import { defineMessages } from '../../../shared/i18n/messages';
import type { Message } from '../../../shared/i18n/messages';
import type { ChangeRequest } from '../../../shared/bookings';
import type { ChannelName } from '../../../shared/ipc';
import type { AgentView, PeopleSession, Role } from '../../../shared/people';
import { COUNTER_TARGET, DEFAULT_IDLE_LOCK_MINUTES, idleLockMinutesSchema, roleAtLeast } from '../../../shared/people';
import { normalizeBaseUrl } from '../../../shared/profiles';
import { isConfirmedStatus } from '../../../shared/status-rules';
import { channelPermissions } from '../../../shared/permissions';
import { AppError } from '../app-error';
import type { Handlers } from '../dispatch';
import type { Preferences } from '../preferences';
import type { ProfileRecord } from '../profiles';
import { actAs } from './acting-people';
import type { ActingPerson } from './acting-people';
import type { AgentDirectory } from './agents';
import type { Approvals } from './approvals';

// `does` is the call in words, from shared/permissions.ts ("Cancelling a booking"); `where` names the profile it acts on.
const words = defineMessages({
  signInRequired: {
    id: 'error.access.signInRequired.message',
    defaultMessage:
      '{does}{where, select, profile { on “{profile}”} other {}} needs {need, select, agent {a signed-in agent} supervisor {a supervisor or an administrator} other {an administrator}}. {locked, select, yes {The screen is locked.} other {Nobody is signed in.}}',
  },
  signInRequiredHint: { id: 'error.access.signInRequired.hint', defaultMessage: 'Sign in with your name and PIN, then try again.' },
  roleRequired: {
    id: 'error.access.roleRequired.message',
    defaultMessage:
      '{does}{where, select, profile { on “{profile}”} other {}} needs {need, select, agent {a signed-in agent} supervisor {a supervisor or an administrator} other {an administrator}}; {name} is signed in as {role, select, agent {an agent} supervisor {a supervisor} other {an administrator}}.',
  },
  roleRequiredHint: {
    id: 'error.access.roleRequired.hint',
    defaultMessage:
      'Ask {who, select, one {{last}} several {{others} or {last}} other {{need, select, agent {a signed-in agent} supervisor {a supervisor or an administrator} other {an administrator}}}} to sign in and do it.',
  },
  approvalRequired: {
    id: 'error.access.approvalRequired.message',
    defaultMessage:
      '{does}{where, select, profile { on “{profile}”} other {}} needs a supervisor’s approval in the moment. Nothing was sent.',
  },
  approvalRequiredHint: {
    id: 'error.access.approvalRequired.hint',
    defaultMessage:
      'Have {who, select, one {{last}} several {{others} or {last}} other {a supervisor or an administrator}} type their PIN to approve it, then do it again.',
  },
  restoreDoes: { id: 'error.access.restore.does', defaultMessage: 'Restoring a backup over the ledger' },
  restoreApproval: {
    id: 'error.access.restoreApproval.message',
    defaultMessage: 'Restoring a backup over the ledger needs a supervisor’s approval in the moment. Nothing was replaced.',
  },
  restoreApprovalHint: {
    id: 'error.access.restoreApproval.hint',
    defaultMessage:
      'Have a supervisor or an administrator type their PIN to approve the restore, then choose File → Restore Ledger… again.',
  },
});

export interface AccessDeps {
  agents: AgentDirectory;
  approvals: Approvals;
  /** Where the counter keeps its idle-lock minutes and the last agent who signed in. */
  preferences: Preferences;
  activeProfile: () => ProfileRecord;
  profile: (id: number) => ProfileRecord;
  /** A booking of this counter's ledger, its profile and status; null when there is no such booking. */
  booking: (bookingId: number) => { profileId: number; status: string } | null;
  /** The profile a hold of this counter was made on; null when there is no such hold. */
  holdProfileId: (holdId: string) => number | null;
  /** Told of every change of who is working (sign-in, lock, sign-out), so the screens follow main. */
  onChange?: (session: PeopleSession) => void;
  /** The difference in price of a change as main previewed it on the booking's current version (never a figure the screen sent); null when not previewed. */
  changeDifference: (change: ChangeRequest) => number | null;
}

/** A number field of a call's already validated input, if it has one. */
function numberIn(input: unknown, field: 'id' | 'profileId' | 'bookingId'): number | null {
  if (typeof input !== 'object' || input === null) return null;
  const value = (input as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : null;
}

/**
 * Who is signed in at this counter, and the check every call passes before its handler runs, from
 * `channelPermissions`. While no administrator exists nothing is asked (a fresh install trains with
 * no set-up). Once one exists, a call that needs a role and acts on a live or test profile (or on the
 * whole counter) is refused in words unless a signed-in agent has that role.
 */
export function createAccess({
  agents,
  approvals,
  preferences,
  activeProfile,
  profile,
  booking,
  holdProfileId,
  onChange,
  changeDifference,
}: AccessDeps) {
  let signedIn: number | null = null;
  // A locked screen keeps whose it is (they unlock it) but acts for nobody until a PIN is typed.
  let locked = false;

  /** The agent calls act for: the one signed in, unless the screen is locked. */
  const current = (): AgentView | null => (signedIn === null || locked ? null : agents.find(signedIn));

  /** Who may do what `need` may, by name, as a refusal's values ("Sam or Ana": `others` or `last`); `who` is `none` when nobody may. */
  const whoMay = (need: Role): { who: 'none' | 'one' | 'several'; others: string; last: string } => {
    const names = agents
      .list()
      .filter((each) => roleAtLeast(each.role, need))
      .map((each) => each.name);
    return {
      who: names.length === 0 ? 'none' : names.length === 1 ? 'one' : 'several',
      others: names.slice(0, -1).join(', '),
      last: names.at(-1) ?? '',
    };
  };
  /** The profile a refusal names, as its values: none for the whole counter. */
  const whereOf = (target: ProfileRecord | 'counter') =>
    target === 'counter' ? { where: 'counter', profile: '' } : { where: 'profile', profile: target.name };

  /** The live or test profile the call acts on, 'counter' for the whole counter, null when it touches training profiles only. */
  function guardedTarget(channel: ChannelName, input: unknown): ProfileRecord | 'counter' | null {
    const { scope } = channelPermissions[channel];
    const touched: ProfileRecord[] = [];
    if (scope === 'counter') return 'counter';
    if (scope === 'active-profile' || scope === 'booking' || scope === 'hold') touched.push(activeProfile());
    if (scope === 'named-profile') {
      const id = numberIn(input, 'id') ?? numberIn(input, 'profileId');
      if (id === null) return 'counter';
      touched.push(profile(id));
    }
    if (scope === 'booking') {
      const bookingId = numberIn(input, 'bookingId');
      if (bookingId === null) return 'counter';
      const owner = booking(bookingId);
      if (owner !== null) touched.push(profile(owner.profileId));
    }
    if (scope === 'hold') {
      // A prebook goes out on the hold's own profile, whichever is active now.
      const holdId = typeof input === 'object' && input !== null ? (input as { holdId?: unknown }).holdId : undefined;
      const owner = typeof holdId === 'string' ? holdProfileId(holdId) : null;
      if (owner !== null) touched.push(profile(owner));
    }
    return touched.find((each) => each.kind !== 'training') ?? null;
  }

  function refusal(need: Role, does: Message, target: ProfileRecord | 'counter', agent: AgentView | null): AppError {
    if (!agent)
      return new AppError(
        'sign_in_required',
        { message: words.signInRequired, values: { does: { message: does }, ...whereOf(target), need, locked: locked ? 'yes' : 'no' } },
        { message: words.signInRequiredHint },
      );
    return new AppError(
      'role_required',
      { message: words.roleRequired, values: { does: { message: does }, ...whereOf(target), need, name: agent.name, role: agent.role } },
      { message: words.roleRequiredHint, values: { ...whoMay(need), need } },
    );
  }

  /**
   * Whether this call is one a supervisor approves: a refund (a confirmed booking cancelled), a change whose
   * previewed difference in price is above its profile's threshold, an address that moves, and the rest always.
   */
  function approvalNeeded(channel: ChannelName, input: unknown): boolean {
    if (!channelPermissions[channel].approval) return false;
    if (channel === 'bookings:cancel') {
      const cancelled = booking(numberIn(input, 'bookingId') ?? 0);
      return cancelled !== null && isConfirmedStatus(cancelled.status, profile(cancelled.profileId).statusRules);
    }
    if (channel === 'bookings:confirm-change') {
      const changed = booking(numberIn(input, 'bookingId') ?? 0);
      const threshold = changed === null ? null : profile(changed.profileId).changeApprovalAboveMinor;
      // Not previewed on this version: the engine previews it again and shows the price before anything is sent.
      const difference = threshold === null ? null : changeDifference(input as ChangeRequest);
      return threshold !== null && difference !== null && Math.abs(difference) > threshold;
    }
    if (channel === 'profiles:update') {
      const { id, baseUrl } = input as { id: number; baseUrl: string };
      return normalizeBaseUrl(baseUrl) !== profile(id).baseUrl;
    }
    return true;
  }

  /**
   * Throws the refusal when the call may not be made now. An approval it needs is spent here, before
   * any work; its approver is returned (null when the call needed none).
   */
  function check(channel: ChannelName, input: unknown): ActingPerson | null {
    const { need, does } = channelPermissions[channel];
    if (need === 'anyone' || !agents.hasAdministrator()) return null;
    const target = guardedTarget(channel, input);
    if (target === null) return null;
    const agent = current();
    if (!agent || !roleAtLeast(agent.role, need)) throw refusal(need, does, target, agent);
    if (!approvalNeeded(channel, input)) return null;
    const approvedTarget = numberIn(input, 'bookingId') ?? numberIn(input, 'profileId') ?? numberIn(input, 'id');
    const approval = approvals.take(channel, approvedTarget);
    if (approval) return { id: approval.approver.id, name: approval.approver.name };
    throw new AppError(
      'approval_required',
      { message: words.approvalRequired, values: { does: { message: does }, ...whereOf(target) } },
      { message: words.approvalRequiredHint, values: whoMay('supervisor') },
    );
  }

  function idleLockMinutes(): number {
    const parsed = idleLockMinutesSchema.safeParse(Number(preferences.get('people.idle-lock-minutes')));
    return parsed.success ? parsed.data : DEFAULT_IDLE_LOCK_MINUTES;
  }

  function lastAgentId(): number | null {
    const id = Number(preferences.get('people.last-agent'));
    return Number.isInteger(id) && agents.list().some((each) => each.id === id) ? id : null;
  }

  /**
   * File → Restore Ledger…, which main starts itself: once an administrator exists, a signed-in agent
   * and a supervisor's approval of it for this counter, spent here before anything is staged (or only
   * looked at, `spend` false, before the file is asked for). The approver, or null when nobody is asked
   * (no administrator yet); throws the refusal otherwise.
   */
  function approveRestore(spend = true): AgentView | null {
    if (!agents.hasAdministrator()) return null;
    const agent = current();
    if (!agent) throw refusal('agent', words.restoreDoes, 'counter', null);
    const approval = spend ? approvals.take('ledger:restore', COUNTER_TARGET) : approvals.peek('ledger:restore', COUNTER_TARGET);
    if (approval) return approval.approver;
    throw new AppError('approval_required', { message: words.restoreApproval }, { message: words.restoreApprovalHint });
  }

  function session(): PeopleSession {
    const administratorExists = agents.hasAdministrator();
    return {
      agent: signedIn === null ? null : agents.find(signedIn),
      signInRequired: administratorExists && activeProfile().kind !== 'training',
      locked: locked && signedIn !== null,
      administratorExists,
      idleLockMinutes: idleLockMinutes(),
      lastAgentId: lastAgentId(),
    };
  }

  /** The session now, told to whoever follows it. */
  function changed(): PeopleSession {
    const now = session();
    onChange?.(now);
    return now;
  }

  function signedInAs(agent: AgentView): void {
    signedIn = agent.id;
    locked = false;
    preferences.set('people.last-agent', String(agent.id));
  }

  return {
    check,
    session,
    /** The agent calls act for now: null while nobody is signed in or the screen is locked. */
    acting: current,
    approveRestore,

    /**
     * Every handler, run only after `check` let its call through, under the agent signed in as it
     * started and the approver it spent (acting-people.ts): what it writes names them, even after a shift change.
     */
    guard(handlers: Handlers): Handlers {
      return Object.fromEntries(
        Object.entries(handlers).map(([channel, handler]) => [
          channel,
          async (input: never) => {
            const approver = check(channel as ChannelName, input);
            const agent = current();
            const people = { agent: agent && { id: agent.id, name: agent.name }, approver };
            return actAs(people, () => (handler as (value: never) => Promise<unknown>)(input));
          },
        ]),
      ) as Handlers;
    },

    /** Signs an agent in: unlocks their own screen, or is a shift change when another was; a wrong PIN leaves the session as it was. */
    async signIn(agentId: number, pin: string): Promise<PeopleSession> {
      signedInAs(await agents.verify(agentId, pin));
      return changed();
    },

    /** Signs in an agent the counter just created with the PIN they typed (the first administrator). */
    signInCreated(agent: AgentView): void {
      signedInAs(agent);
      changed();
    },

    signOut(): PeopleSession {
      signedIn = null;
      locked = false;
      return changed();
    },

    /** Locks the screen (Ctrl+L, idle, the computer locked or asleep); nothing to lock while nobody is signed in. */
    lock(): PeopleSession {
      if (signedIn === null || locked) return session();
      locked = true;
      return changed();
    },

    setIdleLockMinutes(minutes: number): PeopleSession {
      preferences.set('people.idle-lock-minutes', String(minutes));
      return changed();
    },
  };
}

export type Access = ReturnType<typeof createAccess>;

import { create } from 'zustand';
import type { ChannelName } from '../../../shared/ipc';
import type { AgentView, Approvable, PeopleSession } from '../../../shared/people';
import { roleAtLeast } from '../../../shared/people';
import { channelPermissions } from '../../../shared/permissions';
import type { BridgeError } from '../bridge';
import { call, onPersonNeeded } from '../bridge';

/** A call main refused for want of a person, waiting for them: a sign-in, or a supervisor's PIN. */
export interface PersonRequest {
  kind: 'sign-in' | 'approval';
  /** Main's words for the refusal: what needs the person, and that nothing was sent. */
  message: string;
  /** The call refused, or the step main asks approval for (a restore). */
  channel: ChannelName | Approvable;
  /** The booking or profile an approval is for. */
  target: number | null;
  settle: (madeAgain: boolean) => void;
}

interface PeopleState {
  session: PeopleSession | null;
  agents: AgentView[];
  request: PersonRequest | null;
  /** A shift change under way: the sign-in screen offers no name, the next agent picks theirs. */
  changingAgent: boolean;
  /** Reads who is signed in and who may sign in; after every change to either. */
  load(): Promise<void>;
  /** Signs an agent in (unlocks, or a shift change); a call waiting for a sign-in is made again. Throws a wrong PIN's words. */
  signIn(agentId: number, pin: string): Promise<void>;
  /** A supervisor's PIN for the call waiting; it is then made again. Throws a wrong PIN's words. */
  approve(agentId: number, pin: string): Promise<void>;
  /** The person asked for does not come: the waiting call stays refused, nothing sent. */
  dismiss(): void;
  /** Main asks a supervisor's approval for a step it started itself (File → Restore Ledger…); it goes on once given. */
  askApproval(channel: Approvable, target: number, message: string): void;
  lock(): Promise<void>;
  /** Locks the screen for the next agent to sign in (a shift change). */
  changeAgent(): Promise<void>;
  signOut(): Promise<void>;
  setSession(session: PeopleSession): void;
}

/** The booking or profile a call names, as main picks it for an approval. */
function targetOf(input: unknown): number | null {
  if (typeof input !== 'object' || input === null) return null;
  const fields = input as Record<string, unknown>;
  const found = [fields.bookingId, fields.profileId, fields.id].find((value) => typeof value === 'number');
  return typeof found === 'number' ? found : null;
}

export const usePeople = create<PeopleState>((set, get) => {
  const settle = (madeAgain: boolean) => {
    get().request?.settle(madeAgain);
    set({ request: null });
  };

  // Main refused a call for want of a person: ask for them here, then the bridge makes the call again.
  onPersonNeeded((refusal: BridgeError, channel: ChannelName, input: unknown) => {
    get().request?.settle(false);
    return new Promise<boolean>((resolve) =>
      set({
        request: {
          kind: refusal.code === 'approval_required' ? 'approval' : 'sign-in',
          message: refusal.message,
          channel,
          target: targetOf(input),
          settle: resolve,
        },
      }),
    );
  });

  return {
    session: null,
    agents: [],
    request: null,
    changingAgent: false,
    load: async () => {
      const [session, list] = await Promise.all([call('people:session', {}), call('people:list', {})]);
      set({ session, agents: list.agents });
    },
    signIn: async (agentId, pin) => {
      const session = await call('people:sign-in', { agentId, pin });
      set({ session, changingAgent: false });
      if (get().request?.kind === 'sign-in') settle(true);
    },
    approve: async (agentId, pin) => {
      const { request } = get();
      if (request?.kind !== 'approval' || request.target === null) return;
      await call('people:approve', { agentId, pin, channel: request.channel as Approvable, target: request.target });
      settle(true);
    },
    dismiss: () => settle(false),
    askApproval: (channel, target, message) => {
      get().request?.settle(false);
      // Main waits for the approval itself: nothing here is made again.
      set({ request: { kind: 'approval', message, channel, target, settle: () => undefined } });
    },
    lock: async () => set({ session: await call('people:lock', {}), changingAgent: false }),
    changeAgent: async () => set({ session: await call('people:lock', {}), changingAgent: true }),
    signOut: async () => set({ session: await call('people:sign-out', {}) }),
    setSession: (session) => set({ session }),
  };
});

/** Whether the counter shows the sign-in screen instead of its work: asked for, nobody working, or locked. */
export const useSignInShown = (): boolean =>
  usePeople(
    ({ session, request }) =>
      request?.kind === 'sign-in' || (session !== null && session.signInRequired && (session.agent === null || session.locked)),
  );

/** The agent working now (null when nobody is, or the screen is locked). */
export const useWorkingAgent = (): AgentView | null => usePeople(({ session }) => (session && !session.locked ? session.agent : null));

/**
 * Whether the screens offer this call: main decides either way, but what the agent may not do is not
 * shown. Before any administrator exists everything is offered, as main allows it.
 */
export function useMayCall(channel: ChannelName): boolean {
  return usePeople(({ session }) => {
    const { need } = channelPermissions[channel];
    if (need === 'anyone' || !session?.administratorExists) return true;
    const agent = session.locked ? null : session.agent;
    return agent !== null && roleAtLeast(agent.role, need);
  });
}

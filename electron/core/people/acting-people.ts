import { AsyncLocalStorage } from 'node:async_hooks';

/** A person as the ledger names them: their id in the agents' directory and their name at the time. */
export interface ActingPerson {
  id: number;
  name: string;
}

/** Who a call acts for: the agent signed in when it started (null: nobody was), and the supervisor whose approval it spent. */
export interface ActingPeople {
  agent: ActingPerson | null;
  approver: ActingPerson | null;
}

const calls = new AsyncLocalStorage<ActingPeople>();

/**
 * Runs one call's work under the people captured as it started: everything it awaits sees them, so a
 * write in flight finishes under the agent who started it, whoever signs in meanwhile.
 */
export function actAs<T>(people: ActingPeople, work: () => T): T {
  return calls.run(Object.freeze({ ...people }), work);
}

/** Runs Packdesk's own work (the reconciler's reads) outside any call, even when a call set it going. */
export function actAsPackdesk<T>(work: () => T): T {
  return calls.exit(work);
}

/** The people of the call this code runs in; null outside any call (Packdesk itself: reads, start-up recovery). */
export function actingPeople(): ActingPeople | null {
  return calls.getStore() ?? null;
}

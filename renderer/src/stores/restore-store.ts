import { create } from 'zustand';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Message } from '../../../shared/i18n/messages';
import type { RestoreNotice } from '../../../shared/restore';
import { call, describeError } from '../bridge';

const words = defineMessages({
  discarded: {
    id: 'restore.outcome.discarded',
    defaultMessage: 'Discarded without asking the service. Its booking says so; check it with the service before telling the traveler.',
  },
});

/** What the last check or discard of a held write came to, in words, shown until the agent closes it. */
export interface HeldWriteOutcome {
  /** What the write was, as main described it; null when it was no longer on the list. */
  what: string | null;
  /** What main said became of it, or the message for what the renderer knows by itself (a discard). */
  outcome: string | Message;
}

interface RestoreState {
  /** What the agent is told after a restore; null when nothing of it waits (or before it is read). */
  notice: RestoreNotice | null;
  /** The held write whose check or discard is under way. */
  busyId: number | null;
  outcome: HeldWriteOutcome | null;
  error: ReturnType<typeof describeError> | null;
  load(): Promise<void>;
  /** Asks the service what became of the write (a read; the write is never sent again). */
  check(id: number): Promise<void>;
  /** Closes the write without asking the service. */
  discard(id: number): Promise<void>;
  closeOutcome(): void;
}

/** The writes a restored backup left open, and the calls that decide each one; one at a time. */
export const useRestore = create<RestoreState>((set, get) => {
  const whatOf = (id: number) => get().notice?.heldWrites.find((write) => write.id === id)?.what ?? null;
  const decide = async (id: number, work: () => Promise<{ notice: RestoreNotice | null; outcome: string | Message }>) => {
    if (get().busyId !== null) return;
    const what = whatOf(id);
    set({ busyId: id, error: null });
    try {
      const { notice, outcome } = await work();
      set({ notice, outcome: { what, outcome } });
    } catch (caught) {
      set({ error: describeError(caught) });
      // The list as main has it now (another window, or a write already dealt with).
      await get().load();
    } finally {
      set({ busyId: null });
    }
  };
  return {
    notice: null,
    busyId: null,
    outcome: null,
    error: null,
    load: async () => {
      try {
        set({ notice: await call('restore:notice', {}) });
      } catch (caught) {
        set({ error: describeError(caught) });
      }
    },
    check: (id) => decide(id, () => call('restore:check-write', { id })),
    discard: (id) =>
      decide(id, async () => ({
        notice: await call('restore:discard-write', { id }),
        outcome: words.discarded,
      })),
    closeOutcome: () => set({ outcome: null }),
  };
});

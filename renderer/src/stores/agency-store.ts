import { create } from 'zustand';
import { AGENCY_OFF } from '../../../shared/agency';
import type { AgencyStatus } from '../../../shared/agency';
import { call } from '../bridge';
import { useAppStore } from './app-store';

interface AgencyState {
  /** How this counter stands with the agency's server, as the main process last said. */
  status: AgencyStatus;
  /** Reads the status (at start); the events keep it current after that. */
  load(): Promise<void>;
  /** The status from an event, or from a connect or disconnect just answered. */
  set(status: AgencyStatus): void;
}

export const useAgency = create<AgencyState>((set) => {
  /** Bumps with every status set, so a read that started before an event does not undo it. */
  let changes = 0;
  return {
    status: AGENCY_OFF,
    load: async () => {
      const asked = changes;
      const status = await call('agency:status', {});
      if (changes === asked) set({ status });
    },
    set: (status) => {
      changes += 1;
      set({ status });
    },
  };
});

/**
 * The agency's view of the active profile: this counter's name when its bookings are shared with the
 * agency (the Counter column and filter show only then), else null.
 */
export function useSharedCounterName(): string | null {
  const activeProfileId = useAppStore((state) => state.activeProfileId);
  const status = useAgency((state) => state.status);
  return status.profileId !== null && status.profileId === activeProfileId ? (status.counterName ?? 'This counter') : null;
}

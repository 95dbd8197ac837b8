import { useIntl } from 'react-intl';
import { create } from 'zustand';
import { AGENCY_OFF } from '../../../shared/agency';
import { defineMessages } from '../../../shared/i18n/messages';
import type { AgencyStatus } from '../../../shared/agency';
import { call } from '../bridge';
import { useAppStore } from './app-store';

const words = defineMessages({
  thisCounter: { id: 'component.agency.thisCounter', defaultMessage: 'This counter' },
});

interface AgencyState {
  /** How this counter stands with the agency's server, as the main process last said. */
  status: AgencyStatus;
  /** Reads the status (at start); the events keep it current after that. */
  load(): Promise<void>;
  /**
   * Runs a call that answers with the status (connect, disconnect) and shows its answer, unless an
   * event came while it ran: the link moves on its own (live a moment after connecting), and an
   * answer read before that event must not put the older state back on screen.
   */
  answer(ask: () => Promise<AgencyStatus>): Promise<AgencyStatus>;
  /** The status from an event. */
  set(status: AgencyStatus): void;
}

export const useAgency = create<AgencyState>((set, get) => {
  /** Bumps with every event, so an answer that started before one does not undo it. */
  let events = 0;
  return {
    status: AGENCY_OFF,
    load: async () => {
      await get().answer(() => call('agency:status', {}));
    },
    answer: async (ask) => {
      const asked = events;
      const status = await ask();
      if (events === asked) set({ status });
      return status;
    },
    set: (status) => {
      events += 1;
      set({ status });
    },
  };
});

/**
 * The agency's view of the active profile: this counter's name when its bookings are shared with the
 * agency (the Counter column and filter show only then), else null.
 */
export function useSharedCounterName(): string | null {
  const intl = useIntl();
  const activeProfileId = useAppStore((state) => state.activeProfileId);
  const status = useAgency((state) => state.status);
  return status.profileId !== null && status.profileId === activeProfileId
    ? (status.counterName ?? intl.formatMessage(words.thisCounter))
    : null;
}

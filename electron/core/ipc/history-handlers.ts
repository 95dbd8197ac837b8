import { bookingNotFound } from '../app-error';
import type { Ledger } from '../ledger/ledger';
import type { ProfileService } from '../profiles';
import type { AreaHandlers } from './handlers';

export interface HistoryIpcDeps {
  ledger: Ledger;
  profiles: ProfileService;
  /** This counter's name in its agency (null outside one), for the CSV's Counter column. */
  counterName: () => string | null;
}

type HistoryChannel = 'history:list' | 'history:version' | 'history:get' | 'history:export' | 'history:attention' | 'history:agents';

/** The counter's history, read from the ledger alone (offline too). */
export function historyIpc({ ledger, profiles, counterName }: HistoryIpcDeps): AreaHandlers<HistoryChannel> {
  return {
    'history:list': async (input) => ledger.list(input),
    'history:version': async () => ({ version: ledger.version() }),
    'history:get': async (input) => {
      const booking = ledger.get(input.bookingId);
      if (!booking) throw bookingNotFound(input.bookingId);
      return { booking, timeline: ledger.timeline(booking.id) };
    },
    'history:export': async (input) => {
      const { csv, rows } = ledger.exportCsv(input, { counterName: counterName() });
      const profile = profiles.find(input.profileId);
      const stamp = new Date().toISOString().slice(0, 10);
      return { fileName: `packdesk-${profile.kind}-bookings-${stamp}.csv`, csv, rows };
    },
    'history:attention': async (input) => ledger.needingAttention(input.profileId),
    'history:agents': async (input) => ledger.agents(input.profileId),
  };
}

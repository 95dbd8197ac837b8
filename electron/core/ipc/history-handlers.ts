import { bookingNotFound } from '../app-error';
import { saveChunks } from '../file-saver';
import type { FileSaver } from '../file-saver';
import type { Ledger } from '../ledger/ledger';
import type { ProfileService } from '../profiles';
import { saveUnavailable } from './file-refusals';
import type { AreaHandlers } from './handlers';

export interface HistoryIpcDeps {
  ledger: Ledger;
  profiles: ProfileService;
  /** This counter's name in its agency (null outside one), for the CSV's Counter column. */
  counterName: () => string | null;
  /** Where an export goes: the agent's choice in a save dialog; absent where there is none. */
  fileSaver: FileSaver | undefined;
}

type HistoryChannel = 'history:list' | 'history:version' | 'history:get' | 'history:export' | 'history:attention' | 'history:agents';

/** The counter's history, read from the ledger alone (offline too). */
export function historyIpc({ ledger, profiles, counterName, fileSaver }: HistoryIpcDeps): AreaHandlers<HistoryChannel> {
  return {
    'history:list': async (input) => ledger.list(input),
    'history:version': async () => ({ version: ledger.version() }),
    'history:get': async (input) => {
      const booking = ledger.get(input.bookingId);
      if (!booking) throw bookingNotFound(input.bookingId);
      return { booking, timeline: ledger.timeline(booking.id) };
    },
    'history:export': async (input) => {
      if (!fileSaver) throw saveUnavailable('bookings');
      const profile = profiles.find(input.profileId);
      const stamp = new Date().toISOString().slice(0, 10);
      // Written by main through the save dialog, as a stream: never the whole file in one string, nor over IPC.
      const { lines, rows } = ledger.exportCsv(input, { counterName: counterName() });
      const path = await saveChunks(fileSaver, `packdesk-${profile.kind}-bookings-${stamp}.csv`, lines, { name: 'CSV', extension: 'csv' });
      return { path, rows };
    },
    'history:attention': async (input) => ledger.needingAttention(input.profileId),
    'history:agents': async (input) => ledger.agents(input.profileId),
  };
}

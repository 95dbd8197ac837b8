import type { AgencyLink, AgencyStatus } from '../../../shared/agency';
import { plural } from '../../../shared/format';

/** A moment as the agent's clock shows it: 10:42 today, or with its day when it was another day. */
export function clockTime(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === new Date(now).toDateString()
    ? time
    : `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

/** The link in the status bar's words: "live", "catching up 120", "unreachable since 10:42". */
export function linkWords(link: AgencyLink): string {
  switch (link.kind) {
    case 'off':
      return 'off';
    case 'connecting':
      return 'connecting…';
    case 'live':
      return 'live';
    case 'catching-up':
      return `catching up ${link.behind.toLocaleString('en-GB')}`;
    case 'unreachable':
      return `unreachable since ${clockTime(link.since)}`;
    case 'refused':
      return 'refused';
  }
}

/** What the link means for the agent at this counter: what works, and what waits. */
export function linkExplanation(link: AgencyLink): string {
  switch (link.kind) {
    case 'off':
      return 'This counter keeps its own ledger.';
    case 'connecting':
      return 'Reaching the agency’s server. Bookings made here are kept and sent once it answers.';
    case 'live':
      return 'Bookings made at every counter of the agency show here as they are made.';
    case 'catching-up':
      return `Taking in ${plural(link.behind, 'change')} made at other counters while this one was away. Everything made here is kept.`;
    case 'unreachable':
      return 'The agency’s server does not answer. Bookings made here are kept and sent when it is back; a change to a booking made at another counter waits until then.';
    case 'refused':
      return `${link.message} ${link.hint}`;
  }
}

/** "3 changes not sent yet", or null when the agency has everything made here. */
export const unsentWords = (status: AgencyStatus): string | null =>
  status.unsent > 0 ? `${plural(status.unsent, 'change')} not sent yet` : null;

/** "1 change from Desk 4 could not be read", a line per counter whose changes this counter set aside. */
export const setAsideWords = (status: AgencyStatus): string[] =>
  status.setAside.map(({ counterName, count }) => `${plural(count, 'change')} from ${counterName} could not be read`);

/** The link's dot, and its words in a shade dark enough to read on white. */
export const LINK_LOOK: Record<AgencyLink['kind'], { dot: string; text: string }> = {
  off: { dot: 'var(--mantine-color-gray-5)', text: 'var(--mantine-color-gray-7)' },
  connecting: { dot: 'var(--mantine-color-blue-5)', text: 'var(--mantine-color-blue-9)' },
  live: { dot: 'var(--mantine-color-green-6)', text: '#1e6b30' },
  'catching-up': { dot: 'var(--mantine-color-blue-5)', text: 'var(--mantine-color-blue-9)' },
  unreachable: { dot: 'var(--mantine-color-orange-6)', text: '#9c3d00' },
  refused: { dot: 'var(--mantine-color-red-6)', text: 'var(--mantine-color-red-9)' },
};

import type { IntlShape } from 'react-intl';
import type { AgencyLink, AgencyStatus } from '../../../shared/agency';
import { formatLocale, formatNumber } from '../../../shared/format';
import { defineMessages } from '../../../shared/i18n/messages';

const words = defineMessages({
  dayAndTime: { id: 'component.agency.dayAndTime', defaultMessage: '{day} {time}' },
  off: { id: 'component.agency.link.off', defaultMessage: 'off' },
  connecting: { id: 'component.agency.link.connecting', defaultMessage: 'connecting…' },
  live: { id: 'component.agency.link.live', defaultMessage: 'live' },
  catchingUp: { id: 'component.agency.link.catchingUp', defaultMessage: 'catching up {behind}' },
  unreachable: { id: 'component.agency.link.unreachable', defaultMessage: 'unreachable since {since}' },
  refused: { id: 'component.agency.link.refused', defaultMessage: 'refused' },
  offExplained: { id: 'component.agency.explanation.off', defaultMessage: 'This counter keeps its own ledger.' },
  connectingExplained: {
    id: 'component.agency.explanation.connecting',
    defaultMessage: 'Reaching the agency’s server. Bookings made here are kept and sent once it answers.',
  },
  liveExplained: {
    id: 'component.agency.explanation.live',
    defaultMessage: 'Bookings made at every counter of the agency show here as they are made.',
  },
  catchingUpExplained: {
    id: 'component.agency.explanation.catchingUp',
    defaultMessage:
      'Taking in {count, plural, one {# change} other {# changes}} made at other counters while this one was away. Everything made here is kept.',
  },
  unreachableExplained: {
    id: 'component.agency.explanation.unreachable',
    defaultMessage:
      'The agency’s server does not answer. Bookings made here are kept and sent when it is back; a change to a booking made at another counter waits until then.',
  },
  refusedExplained: { id: 'component.agency.explanation.refused', defaultMessage: '{message} {hint}' },
  unsent: { id: 'component.agency.unsent', defaultMessage: '{count, plural, one {# change} other {# changes}} not sent yet' },
  setAside: {
    id: 'component.agency.setAside',
    defaultMessage: '{count, plural, one {# change} other {# changes}} from {counter} could not be read',
  },
});

/** A moment as the agent's clock shows it: 10:42 today, or with its day when it was another day. */
export function clockTime(intl: IntlShape, iso: string, now = Date.now()): string {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat(formatLocale(), { hour: '2-digit', minute: '2-digit' }).format(at);
  return at.toDateString() === new Date(now).toDateString()
    ? time
    : intl.formatMessage(words.dayAndTime, {
        day: new Intl.DateTimeFormat(formatLocale(), { day: 'numeric', month: 'short' }).format(at),
        time,
      });
}

/** The link in the status bar's words: "live", "catching up 120", "unreachable since 10:42". */
export function linkWords(intl: IntlShape, link: AgencyLink): string {
  switch (link.kind) {
    case 'off':
      return intl.formatMessage(words.off);
    case 'connecting':
      return intl.formatMessage(words.connecting);
    case 'live':
      return intl.formatMessage(words.live);
    case 'catching-up':
      return intl.formatMessage(words.catchingUp, { behind: formatNumber(link.behind) });
    case 'unreachable':
      return intl.formatMessage(words.unreachable, { since: clockTime(intl, link.since) });
    case 'refused':
      return intl.formatMessage(words.refused);
  }
}

/** What the link means for the agent at this counter: what works, and what waits. A refusal is in the main process's words. */
export function linkExplanation(intl: IntlShape, link: AgencyLink): string {
  switch (link.kind) {
    case 'off':
      return intl.formatMessage(words.offExplained);
    case 'connecting':
      return intl.formatMessage(words.connectingExplained);
    case 'live':
      return intl.formatMessage(words.liveExplained);
    case 'catching-up':
      return intl.formatMessage(words.catchingUpExplained, { count: link.behind });
    case 'unreachable':
      return intl.formatMessage(words.unreachableExplained);
    case 'refused':
      return intl.formatMessage(words.refusedExplained, { message: link.message, hint: link.hint });
  }
}

/** "3 changes not sent yet", or null when the agency has everything made here. */
export const unsentWords = (intl: IntlShape, status: AgencyStatus): string | null =>
  status.unsent > 0 ? intl.formatMessage(words.unsent, { count: status.unsent }) : null;

/** "1 change from Desk 4 could not be read", a line per counter whose changes this counter set aside. */
export const setAsideWords = (intl: IntlShape, status: AgencyStatus): string[] =>
  status.setAside.map(({ counterName, count }) => intl.formatMessage(words.setAside, { count, counter: counterName }));

/** The link's dot, and its words in a shade dark enough to read on white. */
export const LINK_LOOK: Record<AgencyLink['kind'], { dot: string; text: string }> = {
  off: { dot: 'var(--mantine-color-gray-5)', text: 'var(--mantine-color-gray-7)' },
  connecting: { dot: 'var(--mantine-color-blue-5)', text: 'var(--mantine-color-blue-9)' },
  live: { dot: 'var(--mantine-color-green-6)', text: '#1e6b30' },
  'catching-up': { dot: 'var(--mantine-color-blue-5)', text: 'var(--mantine-color-blue-9)' },
  unreachable: { dot: 'var(--mantine-color-orange-6)', text: '#9c3d00' },
  refused: { dot: 'var(--mantine-color-red-6)', text: 'var(--mantine-color-red-9)' },
};

import { create } from 'zustand';
import type { BookingRecord } from '../../../shared/bookings';
import { call, describeError } from '../bridge';

/** Rows asked for at a time: a screenful and a little more, so the first answer is small and quick. */
export const PAGE_SIZE = 40;
/** Rows kept beyond those on screen, either side; the rest are let go, so scrolling a million rows holds a few pages. */
const KEPT_AROUND = 2 * PAGE_SIZE;

export interface ListFilter {
  query: string;
  statuses: string[];
  from: string;
  to: string;
  /** In an agency: every counter's bookings, or only those made at this counter. */
  counter: 'all' | 'here';
  /** Only the bookings this agent made or last changed (their name); '' for every agent's. */
  agent: string;
}

interface BookingsState {
  profileId: number | null;
  filter: ListFilter;
  total: number | null;
  /**
   * The total is the ledger's estimate (a search matching more than it counts at once): the list is
   * that long until its end is read, then exactly as long as the ledger has rows.
   */
  totalIsEstimate: boolean;
  /** The loaded rows by their place in the list (0 is the newest): only those around the rows on screen. */
  rows: ReadonlyMap<number, BookingRecord>;
  /** Bumps on every new filter, so answers to an older filter are dropped. */
  generation: number;
  error: { message: string; hint: string } | null;
  attention: BookingRecord[];
  /** The list opens: the rows already read show at once (events kept them current), else the first rows are read. */
  open(profileId: number): Promise<void>;
  /** Shows the list for this profile and filter from its first rows; the filter's other fields are kept. */
  setFilter(profileId: number, filter: Partial<ListFilter>): Promise<void>;
  /** The rows on screen: their pages load, and rows far from them are let go. */
  showRows(first: number, last: number): void;
  /** Reads the rows kept and the bookings needing a look again (another writer changed the ledger). */
  reload(): Promise<void>;
  /**
   * Asks whether another writer (another process, a restore) committed to the ledger since the last
   * look, and reads again if so; this app's own changes arrive as events and need no look.
   */
  lookForOtherWriters(): Promise<void>;
  /**
   * A booking the main process reports changed (made or changed here, or at another counter of the
   * agency), applied from the event alone: its row in place, or a new one at the top.
   */
  bookingChanged(booking: BookingRecord): void;
}

const EMPTY: ListFilter = { query: '', statuses: [], from: '', to: '', counter: 'all', agent: '' };

/** The filter as the history's channels take it: only what narrows the list. */
export const historyFilter = (profileId: number, filter: ListFilter) => ({
  profileId,
  ...(filter.query.trim() ? { query: filter.query } : {}),
  ...(filter.statuses.length ? { statuses: filter.statuses } : {}),
  ...(filter.from ? { from: filter.from } : {}),
  ...(filter.to ? { to: filter.to } : {}),
  ...(filter.counter === 'here' ? { counter: 'here' as const } : {}),
  ...(filter.agent ? { agent: filter.agent } : {}),
});

/** Whether the filter narrows the list at all (an empty answer then says no booking matches, not that there are none). */
export const isFiltered = (filter: ListFilter): boolean =>
  Boolean(filter.query || filter.statuses.length || filter.from || filter.to || filter.counter === 'here' || filter.agent);
const pageOf = (index: number) => Math.floor(index / PAGE_SIZE);

interface Total {
  total: number | null;
  totalIsEstimate: boolean;
}

/**
 * The list's length after an answer for the same filter, nothing written since: an exact count
 * stands (a short page or one past the end told it), and an estimate only grows. A page the ledger
 * answers full never has its last row at the end of an estimate (the ledger estimates at least one
 * more), so the list grows as its end is read, and never shrinks while the agent scrolls the middle.
 */
function totalAfter(shown: Total, answer: { total: number; totalIsEstimate: boolean }): Total {
  if (!answer.totalIsEstimate) return { total: answer.total, totalIsEstimate: false };
  if (shown.total !== null && !shown.totalIsEstimate) return { total: shown.total, totalIsEstimate: false };
  return { total: Math.max(shown.total ?? 0, answer.total), totalIsEstimate: true };
}

/** Whether a booking belongs in the list under a filter without search words (which only the ledger's index can answer). */
function matchesWithoutSearch(booking: BookingRecord, filter: ListFilter): boolean {
  // A booking from another counter carries its name; "This counter" shows only those that carry none.
  if (filter.counter === 'here' && booking.originCounter !== null) return false;
  if (filter.agent && booking.madeBy !== filter.agent && booking.changedBy !== filter.agent) return false;
  if (filter.statuses.length && !filter.statuses.includes(booking.status)) return false;
  if (filter.from && booking.checkIn < filter.from) return false;
  return !(filter.to && booking.checkIn > filter.to);
}

/** The history list: the rows on screen and a few pages around them, read as they scroll into view. */
export const useBookings = create<BookingsState>((set, get) => {
  /** The rows the list last said were on screen. */
  let onScreen = { first: 0, last: 0 };
  /** The page being read, as `generation:page`: one read at a time, the next chosen from where the list is then. */
  let reading: string | null = null;
  /** The newest booking the list has seen at its top: a changed booking newer than it is a new one. */
  let newestId = 0;
  /** The ledger's version at the last look, null before the first. */
  let seenVersion: string | null = null;
  /** The profile whose bookings needing a look were read; events keep them current after that. */
  let attentionOf: number | null = null;

  const request = (page: number) => {
    const { profileId, filter } = get();
    return call('history:list', { ...historyFilter(profileId as number, filter), offset: page * PAGE_SIZE, limit: PAGE_SIZE });
  };

  /** Rows kept from `rows` and an answer for `page`: those near the screen only. */
  function keptWith(rows: ReadonlyMap<number, BookingRecord>, page: number, answer: BookingRecord[]): Map<number, BookingRecord> {
    const low = onScreen.first - KEPT_AROUND;
    const high = onScreen.last + KEPT_AROUND;
    const kept = new Map([...rows].filter(([index]) => index >= low && index <= high));
    answer.forEach((booking, position) => kept.set(page * PAGE_SIZE + position, booking));
    return kept;
  }

  /** The first page on screen with a row not loaded yet, or null when every row on screen is there. */
  function missingPage(): number | null {
    const { rows, total } = get();
    const last = Math.min(onScreen.last, (total ?? PAGE_SIZE) - 1);
    for (let index = onScreen.first; index <= last; index += 1) if (!rows.has(index)) return pageOf(index);
    return null;
  }

  /** Reads the next page the screen needs, one at a time: rows scrolled past before their turn are never asked for. */
  async function readNext(): Promise<void> {
    const { generation, profileId } = get();
    const page = missingPage();
    if (reading !== null || page === null || profileId === null) return;
    reading = `${generation}:${page}`;
    try {
      const answer = await request(page);
      if (get().generation !== generation) return;
      if (page === 0) newestId = answer.rows[0]?.id ?? 0;
      set((state) => ({ rows: keptWith(state.rows, page, answer.rows), ...totalAfter(state, answer) }));
    } catch (caught) {
      if (get().generation === generation) set({ error: describeError(caught), total: get().total ?? 0 });
      return;
    } finally {
      reading = null;
    }
    void readNext();
  }

  async function readAttention(): Promise<void> {
    const { profileId, generation } = get();
    if (profileId === null) return;
    try {
      const attention = await call('history:attention', { profileId });
      attentionOf = profileId;
      if (get().generation === generation) set({ attention });
    } catch (caught) {
      if (get().generation === generation) set({ error: describeError(caught) });
    }
  }

  return {
    profileId: null,
    filter: EMPTY,
    total: null,
    totalIsEstimate: false,
    rows: new Map(),
    generation: 0,
    error: null,
    attention: [],

    open: async (profileId) => {
      const { total, error } = get();
      if (get().profileId !== profileId || total === null || error !== null) return get().setFilter(profileId, {});
      // A new list on screen starts at the top; rows read further down are let go as it draws.
      onScreen = { first: 0, last: Math.max(0, onScreen.last - onScreen.first) };
      await readNext();
    },

    setFilter: async (profileId, change) => {
      const filter = get().profileId === profileId ? { ...get().filter, ...change } : { ...EMPTY, ...change };
      onScreen = { first: 0, last: Math.max(0, onScreen.last - onScreen.first) };
      reading = null;
      set({
        profileId,
        filter,
        generation: get().generation + 1,
        rows: new Map(),
        total: null,
        totalIsEstimate: false,
        error: null,
        ...(attentionOf === profileId ? {} : { attention: [] }),
      });
      await readNext();
      // The first rows come first; the bookings needing a look follow, once per profile (events keep them after).
      if (attentionOf !== profileId) await readAttention();
    },

    showRows: (first, last) => {
      onScreen = { first, last };
      const low = first - KEPT_AROUND;
      const high = last + KEPT_AROUND;
      const { rows } = get();
      if ([...rows.keys()].some((index) => index < low || index > high)) set({ rows: keptWith(rows, 0, []) });
      void readNext();
    },

    bookingChanged: (booking) => {
      const { profileId, rows, attention, filter, total } = get();
      if (booking.profileId !== profileId) return;
      const others = attention.filter((row) => row.id !== booking.id);
      const changedAttention = booking.attention ? [booking, ...others] : others;
      const at = [...rows].find(([, row]) => row.id === booking.id)?.[0];
      if (at !== undefined) {
        set({ rows: new Map(rows).set(at, booking), attention: changedAttention });
        return;
      }
      set({ attention: changedAttention });
      if (booking.id <= newestId || total === null) return;
      // A booking made since the list was read: at the top, when the filter takes it. Search words are the ledger's to match.
      if (filter.query.trim()) {
        void get().reload();
        return;
      }
      if (!matchesWithoutSearch(booking, filter)) return;
      newestId = booking.id;
      const shifted = new Map([...rows].map(([index, row]) => [index + 1, row]));
      set({ rows: shifted.set(0, booking), total: total + 1 });
    },

    reload: async () => {
      const { profileId, rows, generation } = get();
      if (profileId === null) return;
      // The rows on screen stay until their fresh copies arrive: no flicker while the agent is clicking.
      const pages = [...new Set([...rows.keys()].map(pageOf))];
      if (!pages.length) pages.push(pageOf(onScreen.first));
      try {
        const answers = await Promise.all(pages.map((page) => request(page)));
        if (get().generation !== generation) return;
        const fresh = new Map<number, BookingRecord>();
        answers.forEach((answer, position) =>
          answer.rows.forEach((booking, offset) => fresh.set((pages[position] as number) * PAGE_SIZE + offset, booking)),
        );
        if (pages.includes(0)) newestId = fresh.get(0)?.id ?? 0;
        // Something was written: what was known of the total may be out of date, the fresh answers are not.
        const total = answers.reduce<Total>((known, answer) => totalAfter(known, answer), { total: null, totalIsEstimate: false });
        set({ rows: fresh, ...(total.total === null ? {} : total) });
      } catch (caught) {
        if (get().generation === generation) set({ error: describeError(caught) });
      }
      await readAttention();
    },

    lookForOtherWriters: async () => {
      const { version } = await call('history:version', {});
      const moved = seenVersion !== null && version !== seenVersion;
      seenVersion = version;
      if (moved) await get().reload();
    },
  };
});

import { create } from 'zustand';
import type { BookingRecord } from '../../../shared/bookings';
import { call, describeError } from '../bridge';

export const PAGE_SIZE = 100;

export interface ListFilter {
  query: string;
  statuses: string[];
  from: string;
  to: string;
}

interface BookingsState {
  profileId: number | null;
  filter: ListFilter;
  total: number | null;
  pages: Record<number, BookingRecord[]>;
  /** Bumps on every new filter, so answers to an older filter are dropped. */
  generation: number;
  error: { message: string; hint: string } | null;
  attention: BookingRecord[];
  setFilter(profileId: number, filter: Partial<ListFilter>): Promise<void>;
  loadPage(page: number): Promise<void>;
  /** Reloads what is on screen. */
  reload(): Promise<void>;
  /** A booking the main process reports changed: its row is replaced in place, with no call back; a new booking reloads the first page. */
  bookingChanged(booking: BookingRecord): void;
}

const EMPTY: ListFilter = { query: '', statuses: [], from: '', to: '' };
const loading = new Set<string>();

/** The history list: pages fetched as they scroll into view, so 100,000 rows cost no more than one screen. */
export const useBookings = create<BookingsState>((set, get) => {
  const request = (page: number) => {
    const { profileId, filter } = get();
    return call('history:list', {
      profileId: profileId as number,
      ...(filter.query.trim() ? { query: filter.query } : {}),
      ...(filter.statuses.length ? { statuses: filter.statuses } : {}),
      ...(filter.from ? { from: filter.from } : {}),
      ...(filter.to ? { to: filter.to } : {}),
      offset: page * PAGE_SIZE,
      limit: PAGE_SIZE,
    });
  };

  return {
    profileId: null,
    filter: EMPTY,
    total: null,
    pages: {},
    generation: 0,
    error: null,
    attention: [],

    setFilter: async (profileId, change) => {
      const generation = get().generation + 1;
      const filter = get().profileId === profileId ? { ...get().filter, ...change } : { ...EMPTY, ...change };
      set({ profileId, filter, generation, pages: {}, error: null });
      try {
        const [first, attention] = await Promise.all([request(0), call('history:attention', { profileId })]);
        if (get().generation === generation) set({ total: first.total, pages: { 0: first.rows }, attention });
      } catch (caught) {
        if (get().generation === generation) set({ error: describeError(caught), total: 0 });
      }
    },

    loadPage: async (page) => {
      const { generation, pages } = get();
      const key = `${generation}:${page}`;
      if (pages[page] || loading.has(key)) return;
      loading.add(key);
      try {
        const answer = await request(page);
        if (get().generation === generation) set((state) => ({ pages: { ...state.pages, [page]: answer.rows }, total: answer.total }));
      } catch (caught) {
        if (get().generation === generation) set({ error: describeError(caught) });
      } finally {
        loading.delete(key);
      }
    },

    bookingChanged: (booking) => {
      const { profileId, pages, attention } = get();
      if (booking.profileId !== profileId) return;
      const newest = Math.max(0, ...Object.values(pages).flatMap((rows) => rows.map((row) => row.id)));
      if (booking.id > newest) {
        // A booking made since the list was read: it belongs at the top.
        void get().reload();
        return;
      }
      const replaced = Object.fromEntries(
        Object.entries(pages).map(([page, rows]) => [page, rows.map((row) => (row.id === booking.id ? booking : row))]),
      );
      const others = attention.filter((row) => row.id !== booking.id);
      set({ pages: replaced, attention: booking.attention ? [booking, ...others] : others });
    },

    reload: async () => {
      const { profileId, pages, generation } = get();
      if (profileId === null) return;
      // The rows on screen stay until their fresh copies arrive: no flicker while the agent is clicking.
      const loaded = Object.keys(pages).map(Number);
      try {
        const [answers, attention] = await Promise.all([
          Promise.all(loaded.map((page) => request(page))),
          call('history:attention', { profileId }),
        ]);
        if (get().generation !== generation) return;
        const fresh: Record<number, BookingRecord[]> = {};
        loaded.forEach((page, index) => {
          fresh[page] = answers[index]?.rows ?? [];
        });
        set({ pages: fresh, total: answers[0]?.total ?? get().total, attention });
      } catch (caught) {
        if (get().generation === generation) set({ error: describeError(caught) });
      }
    },
  };
});

import { create } from 'zustand';
import type { AuditVerdict } from '../../../shared/audit';
import type { ProfileView } from '../../../shared/profiles';
import { call } from '../bridge';

/** The trainer's screen exists only on training profiles. */
export type Screen = 'new-booking' | 'bookings' | 'today' | 'settings' | 'trainer';

interface AppState {
  screen: Screen;
  profiles: ProfileView[];
  activeProfileId: number | null;
  online: boolean;
  keychain: { available: boolean; hint: string | null };
  version: string;
  /** The audit chain's latest check (at start, or in Settings); null until one finished. */
  audit: AuditVerdict | null;
  loaded: boolean;
  /** The booking open in the Bookings screen, or null for the list. */
  openBookingId: number | null;
  /** The booking whose voucher is shown, or null. */
  voucherBookingId: number | null;
  show(screen: Screen): void;
  openBooking(id: number | null): void;
  openVoucher(id: number | null): void;
  /** Reads profiles and status from the main process; called at start and after every change. */
  refresh(): Promise<void>;
  activate(id: number): Promise<void>;
  setOnline(online: boolean): void;
  setAudit(verdict: AuditVerdict): void;
}

/** A profile that books for real never shows the trainer: switching to one leaves it for a new booking. */
const screenFor = (screen: Screen, profiles: ProfileView[], activeId: number): Screen =>
  screen === 'trainer' && profiles.find((profile) => profile.id === activeId)?.kind !== 'training' ? 'new-booking' : screen;

export const useAppStore = create<AppState>((set) => ({
  screen: 'new-booking',
  profiles: [],
  activeProfileId: null,
  online: true,
  keychain: { available: true, hint: null },
  version: '',
  audit: null,
  loaded: false,
  openBookingId: null,
  voucherBookingId: null,
  show: (screen) => set({ screen, voucherBookingId: null, ...(screen === 'bookings' ? {} : { openBookingId: null }) }),
  openBooking: (openBookingId) => set({ openBookingId, screen: 'bookings', voucherBookingId: null }),
  openVoucher: (voucherBookingId) => set({ voucherBookingId }),
  refresh: async () => {
    const [list, status] = await Promise.all([call('profiles:list', {}), call('app:status', {})]);
    set((state) => ({
      profiles: list.profiles,
      activeProfileId: list.activeProfileId,
      screen: screenFor(state.screen, list.profiles, list.activeProfileId),
      online: status.online,
      keychain: { available: status.keychain === 'available', hint: status.keychainHint },
      version: status.version,
      audit: status.audit,
      loaded: true,
    }));
  },
  activate: async (id) => {
    await call('profiles:activate', { id });
    const list = await call('profiles:list', {});
    set((state) => ({
      profiles: list.profiles,
      activeProfileId: list.activeProfileId,
      screen: screenFor(state.screen, list.profiles, list.activeProfileId),
    }));
  },
  setOnline: (online) => set({ online }),
  setAudit: (audit) => set({ audit }),
}));

/** The profile the counter is working in. */
export const useActiveProfile = (): ProfileView | undefined =>
  useAppStore((state) => state.profiles.find((profile) => profile.id === state.activeProfileId));

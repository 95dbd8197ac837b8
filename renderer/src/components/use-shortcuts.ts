import { useEffect } from 'react';
import { useAppStore } from '../stores/app-store';
import type { Screen } from '../stores/app-store';
import { useNewBooking } from '../stores/new-booking-store';

const SHORTCUTS: Record<string, Screen> = { n: 'new-booking', b: 'bookings', f: 'bookings', ',': 'settings', t: 'trainer' };

const training = () => {
  const { profiles, activeProfileId } = useAppStore.getState();
  return profiles.find((profile) => profile.id === activeProfileId)?.kind === 'training';
};

/**
 * Always a new booking, from any screen: a finished one is in Bookings; one in progress is asked about
 * first ("Keep this one" brings it back). The menu's New Booking does the same, whichever gets the key.
 */
export function startNewBooking(): void {
  useAppStore.getState().show('new-booking');
  useNewBooking.getState().startNew();
}

/** Ctrl/Cmd+N, +B, +F (find a booking) and +, switch screens (in the app the menu sends the same); +T the trainer, in training only. */
export function useShortcuts(): void {
  const show = useAppStore((state) => state.show);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const screen = SHORTCUTS[event.key.toLowerCase()];
      if (!screen || (screen === 'trainer' && !training())) return;
      event.preventDefault();
      if (event.key.toLowerCase() === 'f' && useAppStore.getState().screen === 'bookings') return;
      if (screen === 'new-booking') {
        startNewBooking();
        return;
      }
      show(screen);
      if (event.key.toLowerCase() === 'f') useAppStore.getState().openBooking(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
}

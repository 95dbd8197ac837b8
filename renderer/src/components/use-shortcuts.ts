import { useEffect } from 'react';
import { useAppStore } from '../stores/app-store';
import type { Screen } from '../stores/app-store';

const SHORTCUTS: Record<string, Screen> = { n: 'new-booking', b: 'bookings', ',': 'settings' };

/** Ctrl/Cmd+N, +B and +, switch screens; in the app the menu sends the same, in a browser these keys do. */
export function useShortcuts(): void {
  const show = useAppStore((state) => state.show);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const screen = SHORTCUTS[event.key.toLowerCase()];
      if (!screen) return;
      event.preventDefault();
      show(screen);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
}

import { useEffect } from 'react';
import { useIdle } from '@mantine/hooks';
import { usePeople } from '../stores/people-store';

const MINUTE_MS = 60_000;

/**
 * Locks the screen after the counter's idle minutes without a key, a click or a touch, while an agent
 * works on a profile that asks who is working. Main keeps the lock: a locked counter acts for nobody.
 */
export function useIdleLock(): void {
  const session = usePeople((state) => state.session);
  const minutes = session?.idleLockMinutes ?? 5;
  const idle = useIdle(minutes * MINUTE_MS, { initialState: false, events: ['keydown', 'mousedown', 'mousemove', 'touchstart', 'wheel'] });
  const working = session !== null && session.signInRequired && session.agent !== null && !session.locked;

  useEffect(() => {
    if (idle && working)
      void usePeople
        .getState()
        .lock()
        .catch(() => undefined);
  }, [idle, working]);
}

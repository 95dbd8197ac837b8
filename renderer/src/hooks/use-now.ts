import { useCallback, useState } from 'react';
import { useInterval } from '@mantine/hooks';

/** The current time, ticking every second (or `intervalMs`) while mounted: for countdowns and clocks. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  // Stable, so the interval is not restarted by every tick's render.
  const tick = useCallback(() => setNow(Date.now()), []);
  useInterval(tick, intervalMs, { autoInvoke: true });
  return now;
}

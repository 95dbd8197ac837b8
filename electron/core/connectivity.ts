/**
 * Tells whether the active profile's service answers. Any HTTP answer, even an error status,
 * means the network path works; only a failed connection or a timeout means offline.
 */
export async function isServiceReachable(baseUrl: string | null, timeoutMs = 3000): Promise<boolean> {
  if (!baseUrl) return false;
  try {
    const response = await fetch(`${baseUrl}/api/partner/v1/packages?title=`, {
      method: 'GET',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export interface ConnectivityMonitor {
  /** The last known answer; starts optimistic so the app does not flash "offline" at start-up. */
  readonly online: boolean;
  /** Probes now and reports a change; call on a timer and after the active profile changes. */
  refresh(): Promise<boolean>;
  stop(): void;
}

/** Probes on an interval and calls `onChange` only when the answer changes. */
export function monitorConnectivity(
  currentBaseUrl: () => string | null,
  onChange: (online: boolean) => void,
  intervalMs = 15_000,
): ConnectivityMonitor {
  let online = true;
  let stopped = false;
  const refresh = async () => {
    if (stopped) return online;
    const reachable = await isServiceReachable(currentBaseUrl());
    if (stopped) return online;
    if (reachable !== online) {
      online = reachable;
      onChange(online);
    }
    return online;
  };
  const timer = setInterval(() => void refresh(), intervalMs);
  timer.unref();
  return {
    get online() {
      return online;
    },
    refresh,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

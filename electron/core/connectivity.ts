import { authorizationFor, isSavedFor } from './api/key-origin';
import type { OriginBoundKey } from './api/key-origin';

/** As long as a call to the service waits for its answer (the API client's 15 s). */
const PROBE_TIMEOUT_MS = 15_000;

/** Where the probe goes, and the key it carries: a service may want a key on every path. */
export interface ProbeTarget {
  baseUrl: string | null;
  key: OriginBoundKey | null;
}

/**
 * Tells whether the active profile's service answers. Any HTTP answer, even an error status,
 * means the network path works; only a failed connection or a timeout means offline. It waits as
 * long as any call does: a service answering in 4 s is slow, not offline (a 3 s wait called it offline
 * and every hold and payment was refused while its calls would have been answered).
 */
export async function isServiceReachable(target: ProbeTarget, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  if (!target.baseUrl) return false;
  const url = `${target.baseUrl}/api/partner/v1/packages?title=`;
  // A key saved for another origin stays home; any answer without it still says the service is there.
  const headers: Record<string, string> =
    target.key && isSavedFor(target.key, url) ? { Authorization: authorizationFor(target.key, url) } : {};
  try {
    const response = await fetch(url, {
      method: 'GET',
      headers,
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

/** Probes on an interval (a tick while a probe is out is skipped) and calls `onChange` only when the answer changes. */
export function monitorConnectivity(
  currentTarget: () => Promise<ProbeTarget>,
  onChange: (online: boolean) => void,
  intervalMs = 15_000,
): ConnectivityMonitor {
  let online = true;
  let stopped = false;
  let probing = 0;
  const refresh = async () => {
    if (stopped) return online;
    probing += 1;
    const reachable = await isServiceReachable(await currentTarget().catch(() => ({ baseUrl: null, key: null }))).finally(
      () => (probing -= 1),
    );
    // stop() may have run while the probe was out.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (stopped) return online;
    if (reachable !== online) {
      online = reachable;
      onChange(online);
    }
    return online;
  };
  const timer = setInterval(() => {
    if (probing === 0) void refresh();
  }, intervalMs);
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

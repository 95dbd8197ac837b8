import { createBridge } from '../../../shared/bridge';
import type { PushedEvent } from '../../../shared/ipc';

// The browser side of the test harness: the same bridge the preload builds, over Playwright bindings instead of IPC.

const listeners = new Set<(event: PushedEvent) => void>();
window.__packdeskEmit = (event) => listeners.forEach((listener) => listener(event));
window.packdesk = createBridge(
  (channel, input) => window.__packdeskInvoke(channel, input),
  (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
);

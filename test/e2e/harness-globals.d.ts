import type { ChannelName, PushedEvent } from '../../shared/ipc';

// The Playwright bindings the browser test harness wires its bridge to.
declare global {
  interface Window {
    __packdeskInvoke: (channel: ChannelName, input: unknown) => Promise<unknown>;
    __packdeskEmit: (event: PushedEvent) => void;
  }
}

import type { Envelope } from './errors';
import { channelNames, eventNames } from './ipc';
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload, PushedEvent } from './ipc';

type Invoke = (channel: ChannelName, input: unknown) => Promise<unknown>;
type Subscribe = (listener: (event: PushedEvent) => void) => () => void;

/** The object exposed to the renderer as `window.packdesk`: one function per declared channel, plus `on` for events. */
export type PackdeskBridge = {
  [C in ChannelName]: (input: ChannelInput<C>) => Promise<Envelope<ChannelOutput<C>>>;
} & {
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
};

/** Builds the bridge from the channel list; the preload and the browser test harness both use it, so they expose the same surface. */
export function createBridge(invoke: Invoke, subscribe: Subscribe): PackdeskBridge {
  const bridge: Record<string, unknown> = {};
  for (const channel of channelNames) {
    bridge[channel] = (input: unknown) => invoke(channel, input);
  }
  bridge.on = (name: EventName, listener: (payload: unknown) => void) => {
    if (!eventNames.includes(name)) throw new Error(`Unknown event ${name}`);
    return subscribe((event) => {
      if (event.name === name) listener(event.payload);
    });
  };
  return bridge as PackdeskBridge;
}

import type { EventName, EventPayload, PushedEvent } from '../../shared/ipc';

/** Fan-out of main-process events to whoever forwards them to a renderer (the window, or the test harness). */
export function createEventHub() {
  const listeners = new Set<(event: PushedEvent) => void>();
  return {
    emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
      const event = { name, payload } as PushedEvent;
      for (const listener of listeners) listener(event);
    },
    subscribe(listener: (event: PushedEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;

import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventName, EventPayload } from '../../../shared/ipc';
import { BridgeError, call, describeError, subscribe } from '../bridge';

/** What a failed call shows: its code, what happened and what to do next. */
export type Problem = ReturnType<typeof describeError>;

/** The bridge's `call`, as a component's work receives it from `run`. */
export type MainCall = typeof call;

/** Whether a call failed with this error code (for the few flows that answer one code differently). */
export function failedWith(caught: unknown, code: string): boolean {
  return caught instanceof BridgeError && caught.code === code;
}

/**
 * The one way a component talks to the main process: `run(work, onAnswer)` owns the busy flag, the
 * error and stale answers. An answer (or error) from a run that a newer run has replaced, or that
 * arrives after unmount, is dropped: `onAnswer` is not called and nothing is set. `run` resolves to
 * whether its answer was taken.
 */
export function useMainCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Problem | null>(null);
  const latestRun = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async <T>(work: (mainCall: MainCall) => Promise<T>, onAnswer?: (answer: T) => void): Promise<boolean> => {
    const thisRun = ++latestRun.current;
    const current = () => thisRun === latestRun.current && mounted.current;
    setBusy(true);
    setError(null);
    try {
      const answer = await work(call);
      if (!current()) return false;
      onAnswer?.(answer);
      return true;
    } catch (caught) {
      if (current()) setError(describeError(caught));
      return false;
    } finally {
      if (current()) setBusy(false);
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);
  /** Drops the answer of the run under way (what it was asked for is no longer on screen). */
  const dropAnswer = useCallback(() => {
    latestRun.current++;
    setBusy(false);
  }, []);
  return { run, busy, error, clearError, dropAnswer };
}

/** Listens to one event from the main process while mounted; the listener may change between renders. */
export function useMainEvent<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): void {
  const latestListener = useRef(listener);
  useEffect(() => {
    latestListener.current = listener;
  });
  useEffect(() => subscribe(name, (payload) => latestListener.current(payload)), [name]);
}

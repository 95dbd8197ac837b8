import type { PaymentWindows } from '../engine/payments/payment-windows';
import type { Text } from '../i18n/main-words';
import { updateWords } from './update-words';

/**
 * What keeps an update from installing now: a call under way (a write to the service, a payment)
 * or a payment window open. An install waits until neither is; a quit waits for calls anyway.
 */
export interface InstallGate {
  /** Why an install must wait now, in the agent's words (the same text while the reason stays); null when nothing is under way. */
  blocker(): Text | null;
  /** Resolves after the next change of what is under way (a call or a payment window ended). */
  nextChange(): Promise<void>;
  /** Counts a call as under way until the returned function is called; a quiet one (about updates, "install now" too) is not counted. */
  callStarted(channel: string): (() => void) | null;
  /** Counts a payment window as open until the returned function is called. */
  paymentWindowOpened(): () => void;
}

export function createInstallGate(quiet: (channel: string) => boolean): InstallGate {
  let openPaymentWindows = 0;
  let busyCalls = 0;
  let waiting: (() => void)[] = [];
  const blocker = (): Text | null => {
    if (openPaymentWindows > 0) return updateWords.paymentWindowOpen;
    if (busyCalls > 0) return updateWords.bookingBeingWritten;
    return null;
  };
  /** An end that counts once however often it is called, and wakes the installs waiting. */
  const once = (end: () => void) => {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      end();
      changed();
    };
  };
  const changed = () => {
    // After the call that ended has settled its own promise, so the count is already down.
    setImmediate(() => {
      const ready = waiting;
      waiting = [];
      for (const resolve of ready) resolve();
    });
  };
  return {
    blocker,
    nextChange: () => new Promise((resolve) => waiting.push(resolve)),
    callStarted(channel) {
      if (quiet(channel)) return null;
      busyCalls += 1;
      return once(() => (busyCalls -= 1));
    },
    paymentWindowOpened() {
      openPaymentWindows += 1;
      return once(() => (openPaymentWindows -= 1));
    },
  };
}

/** The payment windows, each counted by the gate while it is open. */
export function gatedPaymentWindows(windows: PaymentWindows, gate: InstallGate): PaymentWindows {
  const whileOpen = async <T>(open: () => Promise<T>): Promise<T> => {
    const closed = gate.paymentWindowOpened();
    try {
      return await open();
    } finally {
      closed();
    }
  };
  return {
    collectCard: (request) => whileOpen(() => windows.collectCard(request)),
    authenticate: (request) => whileOpen(() => windows.authenticate(request)),
  };
}

import { NO_PAYMENT_WINDOWS } from '../engine/payments/payment-windows';
import type { PaymentWindows } from '../engine/payments/payment-windows';
import type { EventHub } from '../events';
import { updatesIpc } from '../ipc/updates-handlers';
import type { Preferences } from '../preferences';
import type { FeedUpdater } from './feed-updater';
import { createInstallGate, gatedPaymentWindows } from './install-gate';
import { createUpdateService } from './update-service';

/**
 * The counter's updates as the core composes them: the update service and its channels, and the
 * gate it installs through, which counts the core's calls (`watchCalls`, for the call drain) and its payment windows.
 */
export function counterUpdates(deps: {
  updater?: FeedUpdater;
  version: string;
  preferences: Preferences;
  agencyCounterId: () => string | null;
  events: EventHub;
}) {
  // Reading or asking about updates ("install now" too) does not hold an install back.
  const gate = createInstallGate((channel) => channel.startsWith('updates:'));
  const service = createUpdateService({
    updater: deps.updater ?? null,
    version: deps.version,
    preferences: deps.preferences,
    agencyCounterId: deps.agencyCounterId,
    gate,
    onChange: (status) => deps.events.emit('event:updates-change', status),
  });
  return {
    service,
    handlers: updatesIpc({ updates: service }),
    watchCalls: (channel: string) => gate.callStarted(channel),
    /** The payment windows (none where the core has no screen), each counted while open. */
    paymentWindows: (windows: PaymentWindows | undefined) => gatedPaymentWindows(windows ?? NO_PAYMENT_WINDOWS, gate),
  };
}

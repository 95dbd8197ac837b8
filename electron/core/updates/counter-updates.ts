import type { AgencyService } from '../agency/agency-service';
import { NO_PAYMENT_WINDOWS } from '../engine/payments/payment-windows';
import type { PaymentWindows } from '../engine/payments/payment-windows';
import type { EventHub } from '../events';
import type { MainWords } from '../i18n/main-words';
import { updatesIpc } from '../ipc/updates-handlers';
import type { Preferences } from '../preferences';
import type { FeedUpdater } from './feed-updater';
import { createInstallGate, gatedPaymentWindows } from './install-gate';
import { createUpdateService } from './update-service';
import { updateRequired } from './update-words';
import { isBelowVersion } from '../../../shared/version-order';

/**
 * The counter's updates as the core composes them: the update service and its channels, and the
 * gate it installs through, which counts the core's calls (`watchCalls`, for the call drain) and its payment windows.
 */
export function counterUpdates(deps: {
  updater?: FeedUpdater;
  version: string;
  preferences: Preferences;
  events: EventHub;
  /** The agency: its id for this counter (the rollout hashes it), the version it asks for, its fleet list told of every move. */
  agency: Pick<AgencyService, 'ledger' | 'savedCounterId' | 'minimumVersion' | 'fleetChanged'>;
  /** Main's words in the counter's language: how updates stand is worded in it. */
  words?: Pick<MainWords, 'text'>;
}) {
  const { agency } = deps;
  // Reading or asking about updates ("install now" too) does not hold an install back.
  const gate = createInstallGate((channel) => channel.startsWith('updates:'));
  const service = createUpdateService({
    updater: deps.updater ?? null,
    version: deps.version,
    preferences: deps.preferences,
    agencyCounterId: () => agency.ledger.membership()?.counterId ?? agency.savedCounterId(),
    gate,
    ...(deps.words ? { words: deps.words } : {}),
    onChange: (status) => {
      deps.events.emit('event:updates-change', status);
      agency.fleetChanged();
    },
  });
  return {
    service,
    handlers: updatesIpc({ updates: service }),
    watchCalls: (channel: string) => gate.callStarted(channel),
    /** Before a write on a profile's bookings: refused while the agency asks for a newer Packdesk than this one. */
    beforeWrite: (profileId: number): void => {
      const minimum = agency.ledger.membership()?.profileId === profileId ? agency.minimumVersion() : null;
      if (minimum !== null && isBelowVersion(deps.version, minimum)) throw updateRequired(deps.version, minimum, service.status());
    },
    /** The payment windows (none where the core has no screen), each counted while open. */
    paymentWindows: (windows: PaymentWindows | undefined) => gatedPaymentWindows(windows ?? NO_PAYMENT_WINDOWS, gate),
  };
}

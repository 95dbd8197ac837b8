import { join } from 'node:path';
import { AppError } from './app-error';
import { openablePaymentLink } from '../../shared/links';
import { isConfirmedStatus } from '../../shared/status-rules';
import { createApiClient } from './api/client';
import type { ApiClient } from './api/client';
import type { RetryPolicy } from './api/retry-policy';
import { monitorConnectivity } from './connectivity';
import { openDatabase } from './database';
import type { Handlers } from './dispatch';
import { createBookingEngine } from './engine/booking-engine';
import { createReconciler } from './engine/reconciler';
import { createEventHub } from './events';
import { createLedger } from './ledger/ledger';
import { ledgerMigrations } from './ledger/ledger-migrations';
import { createPaymentPipeline } from './payments/payment-pipeline';
import type { PaymentWindows } from './payments/payment-windows';
import { createPreferences } from './preferences';
import { createProfileService } from './profiles';
import type { ProfileRecord } from './profiles';
import type { SecretStore } from './secrets';
import type { VoucherPrinter } from './voucher-printer';
import { settingsMigrations } from './settings-migrations';

const unavailable = (): never => {
  throw new AppError('payment_windows_unavailable', 'This Packdesk cannot open payment windows.', 'Use the desktop app to take cards.');
};
const NO_PAYMENT_WINDOWS: PaymentWindows = { collectCard: async () => unavailable(), authenticate: async () => unavailable() };

/** The built-in training service, once it is listening: its address and its organization's keys. */
export interface BuiltInService {
  url: string;
  testKey: string;
  liveKey: string;
}

export interface CoreOptions {
  /** The app's data folder; the settings and ledger databases live in it. */
  dataDir: string;
  secrets: SecretStore;
  version: string;
  builtInService: () => BuiltInService | null;
  connectivityIntervalMs?: number;
  trackerTickMs?: number;
  /** How long a write with a lost answer may still land at the service (see docs/ledger.md). */
  doubtWindowMs?: number;
  requestTimeoutMs?: number;
  retry?: RetryPolicy;
  /** Card entry and 3-D Secure windows: Electron's in the app, a second page in the browser tests. */
  paymentWindows?: PaymentWindows;
  voucherPrinter?: VoucherPrinter;
  /** Hands a link to the system browser (Electron's shell); absent where there is none. */
  openExternal?: (url: string) => Promise<void>;
}

/** All main-process services, Electron-free: the app and the browser test harness build the same thing. */
export function createCore(options: CoreOptions) {
  const settingsDb = openDatabase(join(options.dataDir, 'settings.db'), settingsMigrations);
  const ledgerDb = openDatabase(join(options.dataDir, 'ledger.db'), ledgerMigrations);
  const preferences = createPreferences(settingsDb);
  const profiles = createProfileService(settingsDb, preferences, options.secrets);
  const ledger = createLedger(ledgerDb);
  const events = createEventHub();

  const baseUrlOf = (profile: ProfileRecord): string | null =>
    profile.builtIn ? (options.builtInService()?.url ?? null) : profile.baseUrl;

  /** The key the active profile searches with (its test key, else its live key), for the online probe. */
  async function searchKeyOf(profile: ProfileRecord): Promise<string | null> {
    if (profile.builtIn) return options.builtInService()?.testKey ?? null;
    return (await profiles.keyFor(profile.id, 'test').catch(() => null)) ?? (await profiles.keyFor(profile.id, 'live').catch(() => null));
  }

  const connectivity = monitorConnectivity(
    async () => {
      const profile = profiles.active();
      return { baseUrl: baseUrlOf(profile), key: await searchKeyOf(profile) };
    },
    (online) => events.emit('event:connectivity-change', { profileId: profiles.activeProfileId(), online }),
    options.connectivityIntervalMs,
  );

  const clients = new Map<string, ApiClient>();
  function clientFor(profile: ProfileRecord): ApiClient {
    const baseUrl = baseUrlOf(profile);
    if (!baseUrl)
      throw new AppError(
        'training_unavailable',
        'The built-in training service is not running.',
        'Restart Packdesk; if it happens again, check the log.',
      );
    const cacheKey = `${profile.id}|${baseUrl}`;
    let client = clients.get(cacheKey);
    if (!client) {
      client = createApiClient({
        baseUrl,
        ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
        ...(options.retry ? { retry: options.retry } : {}),
        key: async (kind) => {
          if (!profile.builtIn) return profiles.keyFor(profile.id, kind);
          const service = options.builtInService();
          return service ? (kind === 'test' ? service.testKey : service.liveKey) : null;
        },
      });
      clients.set(cacheKey, client);
    }
    return client;
  }

  const engine = createBookingEngine({
    ledger,
    events,
    profile: profiles.find,
    activeProfile: profiles.active,
    clientFor,
    isOnline: () => connectivity.online,
    learnStatus: (profileId, list, status, present) => {
      if (profiles.learnStatus(profileId, list, status, present))
        events.emit('event:profiles-change', { activeProfileId: profiles.activeProfileId() });
    },
    ...(options.doubtWindowMs !== undefined ? { doubtWindowMs: options.doubtWindowMs } : {}),
    challengeUrl: (profile, paymentIntentId, clientSecret) => {
      const service = profile.builtIn ? options.builtInService() : null;
      return service ? `${service.url}/sandbox/3ds/${paymentIntentId}?client_secret=${encodeURIComponent(clientSecret)}` : null;
    },
  });

  const payments = createPaymentPipeline({
    engine,
    ledger,
    windows: options.paymentWindows ?? NO_PAYMENT_WINDOWS,
    profile: profiles.find,
    publishableKey: (profile) => profiles.keyFor(profile.id, 'publishable'),
    progress: (bookingId, step) => events.emit('event:payment-progress', { bookingId, step }),
  });

  const tracker = createReconciler({
    ledger,
    settle: engine.settleIntent,
    follow: engine.follow,
    ...(options.trackerTickMs ? { tickMs: options.trackerTickMs, firstDelayMs: options.trackerTickMs } : {}),
    onReachability: (reachable) => {
      if (reachable !== connectivity.online) void connectivity.refresh();
    },
  });

  async function keychainState(): Promise<{ keychain: 'available' | 'unavailable'; keychainHint: string | null }> {
    try {
      await options.secrets.check();
      return { keychain: 'available', keychainHint: null };
    } catch (error) {
      return { keychain: 'unavailable', keychainHint: error instanceof AppError ? `${error.message} ${error.hint}` : null };
    }
  }

  const handlers: Handlers = {
    'app:status': async () => ({ version: options.version, online: connectivity.online, ...(await keychainState()) }),
    'profiles:list': () => profiles.list(),
    'profiles:create': (input) => profiles.create(input),
    'profiles:update': (input) => profiles.update(input.id, input.name, input.baseUrl),
    'profiles:delete': async (input) => {
      const result = await profiles.remove(input.id);
      events.emit('event:profiles-change', { activeProfileId: result.activeProfileId });
      void connectivity.refresh();
      return result;
    },
    'profiles:activate': async (input) => {
      const profile = await profiles.activate(input.id);
      events.emit('event:profiles-change', { activeProfileId: profile.id });
      const online = await connectivity.refresh();
      events.emit('event:connectivity-change', { profileId: profile.id, online });
      return profile;
    },
    'profiles:set-status-rules': (input) => profiles.setStatusRules(input.profileId, input.rules),
    'keys:set': (input) => profiles.setKey(input.profileId, input.slot, input.value),
    'keys:delete': (input) => profiles.deleteKey(input.profileId, input.slot),

    'packages:search': (input) => engine.search(input.title),
    'booking:price': (input) => engine.price(input),
    'booking:hold': (input) => engine.startHold(input.quote, input.paxAges),
    'booking:prebook': (input) => engine.prebook(input.holdId, input.holder),
    'payment:pay': async (input) => {
      const { bookingId, ...options } = input;
      const paid = await payments.pay(bookingId, options);
      // The supplier's answer is the next thing the agent waits for: look now, not at the next tick.
      tracker.soon(paid.id);
      return paid;
    },
    'booking:refresh': (input) => engine.refresh(input.bookingId),
    'booking:cancel': (input) => engine.cancel(input.bookingId, input.reason),
    'booking:preview-change': (input) => engine.previewChange(input),
    'booking:confirm-change': (input) => engine.confirmChange(input),
    'booking:acknowledge': async (input) => engine.acknowledge(input.bookingId),
    'voucher:save-pdf': async (input) => {
      const booking = ledger.get(input.bookingId);
      if (!booking?.bookingReference || !isConfirmedStatus(booking.status, profiles.find(booking.profileId).statusRules)) {
        throw new AppError(
          'voucher_not_ready',
          'A voucher exists only for a paid, confirmed booking.',
          'Wait until the booking shows Paid.',
        );
      }
      if (!options.voucherPrinter)
        throw new AppError('pdf_unavailable', 'This Packdesk cannot save PDFs.', 'Use Print and choose “Save as PDF” in the print dialog.');
      return { path: await options.voucherPrinter.savePdf(`voucher-${booking.bookingReference}.pdf`) };
    },
    'booking:open-payment-link': async (input) => {
      const booking = ledger.get(input.bookingId);
      const link = openablePaymentLink(booking?.pendingModification?.paymentLink);
      if (!booking?.pendingModification)
        throw new AppError(
          'no_change_waiting',
          'No change of this booking is waiting for payment.',
          'Refresh the booking to see it as it is now.',
        );
      if (!link)
        throw new AppError(
          'payment_link_refused',
          'The service’s payment link is not a secure web address, so Packdesk will not open it.',
          'Give the traveler the link as shown, or ask the service’s support for a secure one.',
        );
      if (!options.openExternal)
        throw new AppError(
          'browser_unavailable',
          'This Packdesk cannot open a web browser.',
          'Give the traveler the link or the QR code to open on their phone.',
        );
      await options.openExternal(link);
      return { opened: link };
    },
    'booking:resolve-change': async (input) => engine.resolvePendingChange(input.bookingId, input.outcome, input.note),
    'history:list': async (input) => ledger.list(input),
    'history:get': async (input) => {
      const booking = ledger.get(input.bookingId);
      if (!booking)
        throw new AppError(
          'booking_not_found',
          `There is no booking ${input.bookingId} in this counter’s history.`,
          'Search for it in Bookings.',
        );
      return { booking, timeline: ledger.timeline(booking.id) };
    },
    'history:export': async (input) => {
      const { csv, rows } = ledger.exportCsv(input);
      const profile = profiles.find(input.profileId);
      const stamp = new Date().toISOString().slice(0, 10);
      return { fileName: `packdesk-${profile.kind}-bookings-${stamp}.csv`, csv, rows };
    },
    'history:attention': async (input) => ledger.needingAttention(input.profileId),
  };

  let closed = false;
  return {
    handlers,
    /** Origins whose links may leave for the system browser: the active profile's service, and the built-in one. */
    serviceOrigins: (): (string | null)[] => [baseUrlOf(profiles.active()), options.builtInService()?.url ?? null],
    events,
    profiles,
    preferences,
    connectivity,
    ledger,
    engine,
    payments,
    tracker,
    /** Settles writes interrupted by the last stop, then follows non-final bookings. */
    async start(): Promise<void> {
      await connectivity.refresh();
      ledger.recoverOpenIntents();
      await engine.reconcileOpenIntents();
      tracker.start();
    },
    close(): void {
      if (closed) return;
      closed = true;
      tracker.stop();
      connectivity.stop();
      settingsDb.close();
      ledgerDb.close();
    },
  };
}

export type Core = ReturnType<typeof createCore>;

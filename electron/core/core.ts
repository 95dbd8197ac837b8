import { join } from 'node:path';
import { AppError } from './app-error';
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
import { createCardPayments } from './payments/card-payments';
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
}

/** All main-process services, Electron-free: the app and the browser test harness build the same thing. */
export function createCore(options: CoreOptions) {
  const settingsDb = openDatabase(join(options.dataDir, 'settings.db'), settingsMigrations);
  const ledgerDb = openDatabase(join(options.dataDir, 'ledger.db'), ledgerMigrations);
  const preferences = createPreferences(settingsDb);
  const profiles = createProfileService(settingsDb, preferences, options.secrets);
  const ledger = createLedger(ledgerDb);
  const events = createEventHub();

  const baseUrlOf = (profile: ProfileRecord): string | null => (profile.builtIn ? (options.builtInService()?.url ?? null) : profile.baseUrl);

  const connectivity = monitorConnectivity(
    () => baseUrlOf(profiles.active()),
    (online) => events.emit('event:connectivity-change', { profileId: profiles.activeProfileId(), online }),
    options.connectivityIntervalMs,
  );

  const clients = new Map<string, ApiClient>();
  function clientFor(profile: ProfileRecord): ApiClient {
    const baseUrl = baseUrlOf(profile);
    if (!baseUrl) throw new AppError('training_unavailable', 'The built-in training service is not running.', 'Restart Packdesk; if it happens again, check the log.');
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
    ...(options.doubtWindowMs !== undefined ? { doubtWindowMs: options.doubtWindowMs } : {}),
    challengeUrl: (profile, paymentIntentId, clientSecret) => {
      const service = profile.builtIn ? options.builtInService() : null;
      return service ? `${service.url}/sandbox/3ds/${paymentIntentId}?client_secret=${encodeURIComponent(clientSecret)}` : null;
    },
  });

  const cardPayments = createCardPayments({
    engine,
    ledger,
    windows: options.paymentWindows ?? NO_PAYMENT_WINDOWS,
    profile: profiles.find,
    publishableKey: (profile) => profiles.keyFor(profile.id, 'publishable'),
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

  const afterPayment = <T extends { booking: { id: number } }>(outcome: T): T => {
    tracker.soon(outcome.booking.id);
    return outcome;
  };

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
    'keys:set': (input) => profiles.setKey(input.profileId, input.slot, input.value),
    'keys:delete': (input) => profiles.deleteKey(input.profileId, input.slot),

    'packages:search': (input) => engine.search(input.title),
    'booking:price': (input) => engine.price(input),
    'booking:hold': (input) => engine.startHold(input.quote, input.paxAges),
    'booking:prebook': (input) => engine.prebook(input.holdId, input.holder),
    'booking:pay': async (input) => afterPayment(await engine.pay(input.bookingId, input.paymentMethodId, input.clientReference)),
    'booking:complete-authentication': async (input) => afterPayment(await engine.completeAuthentication(input.bookingId, input.paymentIntentId)),
    'payment:card': async (input) => afterPayment(await cardPayments.payByCard(input.bookingId, input.clientReference)),
    'payment:authenticate': async (input) => afterPayment(await cardPayments.authenticate(input.bookingId)),
    'booking:refresh': (input) => engine.refresh(input.bookingId),
    'booking:cancel': (input) => engine.cancel(input.bookingId, input.reason),
    'booking:preview-change': (input) => engine.previewChange(input),
    'booking:confirm-change': (input) => engine.confirmChange(input),
    'booking:acknowledge': async (input) => engine.acknowledge(input.bookingId),
    'voucher:save-pdf': async (input) => {
      const booking = ledger.get(input.bookingId);
      if (!booking?.bookingReference || booking.status !== 'Paid') {
        throw new AppError('voucher_not_ready', 'A voucher exists only for a paid, confirmed booking.', 'Wait until the booking shows Paid.');
      }
      if (!options.voucherPrinter) throw new AppError('pdf_unavailable', 'This Packdesk cannot save PDFs.', 'Use Print and choose “Save as PDF” in the print dialog.');
      return { path: await options.voucherPrinter.savePdf(`voucher-${booking.bookingReference}.pdf`) };
    },
    'history:list': async (input) => ledger.list(input),
    'history:get': async (input) => {
      const booking = ledger.get(input.bookingId);
      if (!booking) throw new AppError('booking_not_found', `There is no booking ${input.bookingId} in this counter’s history.`, 'Search for it in Bookings.');
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
    events,
    profiles,
    preferences,
    connectivity,
    ledger,
    engine,
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

import { hostname } from 'node:os';
import { join } from 'node:path';
import { createAgencyService, type AgencyServiceDeps } from './agency/agency-service';
import { auditNames } from './audit/audit-names';
import { auditedHandlers } from './audit/audited-handlers';
import { createAuditLog, preferenceAnchor } from './audit/audit-log';
import type { AuditVerdict } from '../../shared/audit';
import type { BookingRecord } from '../../shared/bookings';
import { COUNTER_TARGET } from '../../shared/people';
import type { AskAgent } from './agent-questions';
import type { RetryPolicy } from './api/retry-policy';
import { createCallDrain } from './call-drain';
import { monitorConnectivity } from './connectivity';
import { lockDataFolder } from './data-folder-lock';
import { openDatabase } from './database';
import type { Handlers } from './dispatch';
import { createBookingEngine } from './engine/booking-engine';
import { createBookingLocks } from './engine/booking-locks';
import { createEngineContext } from './engine/engine-context';
import { createReconciler } from './engine/reconciler';
import { createEventHub } from './events';
import { referenceCodeOf } from './ledger/reference-series';
import { createHeldWrites } from './ledger/held-writes';
import { createLedger } from './ledger/ledger';
import { startDailyBackups } from './ledger/daily-backups';
import { counterBackups } from './ledger/counter-backups';
import { applyStagedRestore } from './ledger/ledger-backup';
import { ledgerMigrations } from './ledger/ledger-migrations';
import { createPaymentPipeline } from './engine/payments/payment-pipeline';
import { createAccess } from './people/access';
import { createAgentDirectory } from './people/agents';
import { createAgencyAgentCopy } from './people/agency-agent-copy';
import { createApprovals } from './people/approvals';
import type { PaymentWindows } from './engine/payments/payment-windows';
import type { FileSaver } from './file-saver';
import type { PdfPrinter } from './pdf-printer';
import { createPreferences } from './preferences';
import { createProfileService } from './profiles';
import type { SecretStore } from './secrets';
import { createServiceClients } from './service-clients';
import { settingsMigrations } from './settings-migrations';
import { agencyIpc } from './ipc/agency-handlers';
import { auditIpc } from './ipc/audit-handlers';
import { appIpc } from './ipc/app-handlers';
import { bookingsIpc } from './ipc/bookings-handlers';
import { historyIpc } from './ipc/history-handlers';
import { keysIpc } from './ipc/keys-handlers';
import { languageIpc } from './ipc/language-handlers';
import { createCounterLanguage } from './i18n/language';
import type { Text } from './i18n/main-words';
import { packagesIpc } from './ipc/packages-handlers';
import { paymentsIpc } from './ipc/payments-handlers';
import { peopleIpc } from './ipc/people-handlers';
import { profilesIpc } from './ipc/profiles-handlers';
import { reportsIpc } from './ipc/reports-handlers';
import { restoreIpc } from './ipc/restore-handlers';
import { trainingIpc } from './ipc/training-handlers';
import { vouchersIpc } from './ipc/vouchers-handlers';
import type { FeedUpdater } from './updates/feed-updater';
import { counterUpdates } from './updates/counter-updates';
import { createExerciseRunner } from './training/exercise-runner';
import { createTrainer } from './training/trainer';
import type { BuiltInService } from './built-in-service';

export type { BuiltInService } from './built-in-service';

export interface CoreOptions {
  /** The app's data folder; the settings and ledger databases live in it. */
  dataDir: string;
  secrets: SecretStore;
  version: string;
  builtInService: () => BuiltInService | null;
  connectivityIntervalMs?: number;
  reconcilerTickMs?: number;
  /** How long a write with a lost answer may still land at the service (see docs/ledger.md). */
  doubtWindowMs?: number;
  requestTimeoutMs?: number;
  retry?: RetryPolicy;
  /** Card entry and 3-D Secure windows: Electron's in the app, a second page in the browser tests. */
  paymentWindows?: PaymentWindows;
  /** Saves the page on screen as a PDF (a voucher, a trainee's report). */
  pdfPrinter?: PdfPrinter;
  /** Saves a text file where the agent chooses (an audit export). */
  fileSaver?: FileSaver;
  /** When the first daily backup of the ledger is taken after the start (default five minutes). */
  firstDailyBackupMs?: number;
  /** Hands a link to the system browser (Electron's shell); absent where there is none. */
  openExternal?: (url: string) => Promise<void>;
  /** The agency link's timings (tests); the app uses the defaults. */
  agencyTimings?: AgencyServiceDeps['timings'];
  /** Main's own question to the agent (a native message box in the app); without it, nothing that needs the agent's word is done. */
  askAgent?: AskAgent;
  /** electron-updater's updater (the app's); without it updates are off and say so. */
  updater?: FeedUpdater;
}

/** All main-process services, Electron-free: the app and the browser test harness build the same thing. */
export function createCore(options: CoreOptions) {
  const releaseDataFolder = lockDataFolder(options.dataDir);
  const { settingsDb, ledgerDb, replacedByRestore } = (() => {
    try {
      const settings = openDatabase(join(options.dataDir, 'settings.db'), settingsMigrations);
      // A backup the agent chose to restore takes the ledger's place before it opens.
      const replaced = applyStagedRestore(options.dataDir);
      return {
        settingsDb: settings,
        ledgerDb: openDatabase(join(options.dataDir, 'ledger.db'), ledgerMigrations),
        replacedByRestore: replaced,
      };
    } catch (error) {
      releaseDataFolder();
      throw error;
    }
  })();
  const preferences = createPreferences(settingsDb);
  const words = { text: (text: Text) => language.words.text(text), wording: () => language.words.wording() };
  const profiles = createProfileService(settingsDb, preferences, options.secrets, options.askAgent, words);
  const events = createEventHub();
  /** This counter as the audit and the ledger name it: the agency's name for this desk, else its booking references' code, else the computer's. */
  const counterName = (): string =>
    agency.status().counterName ?? (referenceCodeOf(ledgerDb) ? `Counter ${referenceCodeOf(ledgerDb)}` : hostname());
  // The audit of settings actions: its own file, its count and last hash kept in the settings database too.
  const audit = (() => {
    try {
      return createAuditLog({
        file: join(options.dataDir, 'audit.db'),
        counter: counterName,
        anchor: preferenceAnchor(preferences),
        onAppend: () => agency.peopleChanged(), // every entry, an agent's too, reaches the agency at once
      });
    } catch (error) {
      settingsDb.close();
      ledgerDb.close();
      releaseDataFolder();
      throw error;
    }
  })();
  const ledger = createLedger(ledgerDb, undefined, bookingCommitted, counterName, (id) => profiles.find(id).statusRules);
  /** After every commit: the agency's outbox may hold something new, the screens are told, and the reconciler looks (it may be due now). */
  function bookingCommitted(booking: BookingRecord): void {
    agency.changed(booking);
    reconciler.nudge();
    const timeline = ledger.timeline(booking.id);
    events.emit('event:booking-change', { bookingId: booking.id, profileId: booking.profileId, status: booking.status, booking, timeline });
  }
  // The agency's shared ledger (PostgreSQL), when a profile is connected to one; idle otherwise.
  const agency = createAgencyService({
    settingsDb,
    ledgerDb,
    secrets: options.secrets,
    profile: profiles.find,
    bookings: ledger,
    onStatus: (status) => events.emit('event:agency-change', status),
    // Agents defined once for the agency reach this counter (sign-in works offline); its audit and what it runs go to the agency.
    people: { agents: createAgencyAgentCopy(settingsDb), audit },
    fleet: { report: () => updates.service.status() },
    words,
    ...(options.agencyTimings ? { timings: options.agencyTimings } : {}),
  });
  // What a restored backup left open: held for the agent, out of the reconciler's reach.
  const heldWrites = createHeldWrites({ db: ledgerDb, bookingOf: ledger.get, announce: ledger.announce, wording: words });
  /** This counter as a restore compares a backup with it: its agency id (joined, or saved), its client references' code. */
  const thisCounter = () => ({
    counterId: agency.ledger.membership()?.counterId ?? agency.savedCounterId(),
    referenceCode: referenceCodeOf(ledgerDb),
  });
  const agencyOfAgent: typeof agency = {
    ...agency,
    // Connecting is the agent's word that a restored ledger joins the agency: from then on its link starts with the app.
    connect: async (input) => {
      const status = await agency.connect(input);
      heldWrites.agencyRejoined();
      return status;
    },
  };

  const updates = counterUpdates({ ...options, preferences, events, agency, words });
  const services = createServiceClients({
    profiles,
    builtInService: options.builtInService,
    requestTimeoutMs: options.requestTimeoutMs,
    retry: options.retry,
  });
  const { baseUrlOf, clientFor } = services;

  const connectivity = monitorConnectivity(
    async () => {
      const profile = profiles.active();
      return { baseUrl: baseUrlOf(profile), key: await services.searchKeyOf(profile) };
    },
    (online) => events.emit('event:connectivity-change', { profileId: profiles.activeProfileId(), online }),
    options.connectivityIntervalMs,
  );

  const context = createEngineContext({
    ledger,
    profile: profiles.find,
    activeProfile: profiles.active,
    clientFor,
    isOnline: () => connectivity.online,
    agency: agency.guard,
    beforeWrite: updates.beforeWrite,
    learnStatus: (profileId, list, status, present) => {
      if (profiles.learnStatus(profileId, list, status, present))
        events.emit('event:profiles-change', { activeProfileId: profiles.activeProfileId() });
    },
    ...(options.doubtWindowMs !== undefined ? { doubtWindowMs: options.doubtWindowMs } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    closing: () => quitting(),
    claimedByPeer: (bookingId) => agency.claimedByPeer(bookingId),
    onServiceRead: (bookingId) => agency.serviceRead(bookingId),
    challengeUrl: (profile, paymentIntentId, clientSecret) => {
      const service = profile.builtIn ? options.builtInService() : null;
      return service ? `${service.url}/sandbox/3ds/${paymentIntentId}?client_secret=${encodeURIComponent(clientSecret)}` : null;
    },
  });
  // One lock per booking, shared by every flow that writes: two writes to one booking never overlap.
  const locks = createBookingLocks();
  const engine = createBookingEngine(context, locks);
  const payments = createPaymentPipeline(context, locks, {
    windows: updates.paymentWindows(options.paymentWindows),
    // Sent to Stripe only, never to the booking service, so the origin saved with it does not come into it.
    publishableKey: async (profile) => (await profiles.keyFor(profile.id, 'publishable'))?.secret ?? null,
    progress: (bookingId, step) => events.emit('event:payment-progress', { bookingId, step }),
    locale: () => words.wording().locale,
  });
  const reconciler = createReconciler({
    ledger,
    settle: engine.settleIntent,
    follow: engine.follow,
    mayFollow: agency.mayFollow,
    ...(options.reconcilerTickMs ? { tickMs: options.reconcilerTickMs, firstDelayMs: options.reconcilerTickMs } : {}),
    onReachability: (reachable) => {
      if (reachable !== connectivity.online) void connectivity.refresh();
    },
  });

  const trainer = createTrainer({
    controls: () => options.builtInService()?.controls ?? null,
    onChange: (scenarios) => events.emit('event:training-change', { scenarios }),
  });

  const agents = createAgentDirectory(settingsDb);
  const approvals = createApprovals(agents);
  const access = createAccess({
    agents,
    approvals,
    preferences,
    activeProfile: profiles.active,
    profile: profiles.find,
    booking: (bookingId) => ledger.get(bookingId),
    holdProfileId: engine.profileOfHold,
    onChange: (session) => {
      // Another agent may work in another language: their words are loaded before the screens ask.
      void language.words.follow();
      events.emit('event:people-change', session);
    },
    changeDifference: engine.previewedDifference,
  });

  const language = createCounterLanguage({ preferences, agentAtCounter: () => access.session().agent?.id ?? null });
  /** The audit chain's latest check, at start or in Settings (a broken chain is told, and the counter keeps working). */
  let auditVerdict: AuditVerdict | null = null;
  const auditChecked = (verdict: AuditVerdict) => {
    auditVerdict = verdict;
    if (!verdict.ok) console.error(`[audit] ${verdict.message}`);
    events.emit('event:audit-verdict', verdict);
  };

  const areaHandlers: Handlers = {
    ...peopleIpc({ agents, access, approvals }),
    ...appIpc({ version: options.version, secrets: options.secrets, connectivity, auditVerdict: () => auditVerdict, words }),
    ...profilesIpc({ profiles, connectivity, events }),
    ...keysIpc({ profiles }),
    ...packagesIpc({ engine }),
    ...bookingsIpc({ engine, ledger, openExternal: options.openExternal }),
    ...paymentsIpc({ payments, reconciler }),
    ...vouchersIpc({ ledger, profiles, pdfPrinter: options.pdfPrinter }),
    ...historyIpc({ ledger, profiles, counterName: () => agency.status().counterName, fileSaver: options.fileSaver }),
    ...reportsIpc({ ledger, profiles, access, agents, files: options, wording: () => language.words.wording() }),
    ...agencyIpc({ agency: agencyOfAgent, profiles }),
    ...restoreIpc({ heldWrites, engine, ledger, profiles, words, agencyConnectionSaved: () => agency.savedCounterId() !== null }),
    ...trainingIpc({
      trainer,
      exercises: createExerciseRunner({
        settingsDb,
        trainer,
        records: () => options.builtInService()?.records ?? null,
        ledger,
        engine,
        payments,
      }),
      profiles,
      events,
      printer: options.pdfPrinter,
    }),
    ...auditIpc({ audit, fileSaver: options.fileSaver, onVerdict: auditChecked, words }),
    ...updates.handlers,
    ...languageIpc({ language }),
  };

  const calls = createCallDrain(updates.watchCalls);
  const quitting = calls.closing;
  // Who may make each call is checked before it is counted or run (shared/permissions.ts); what passes is audited.
  const names = auditNames({ findProfile: profiles.find, findAgent: agents.find, signedInAgent: access.acting });
  const handlers = language.localizeErrors(calls.guard(access.guard(auditedHandlers(areaHandlers, audit, names))));
  let auditAtStart: AuditVerdict | null = null; // the chain's check at the last start
  let stopDailyBackups: (() => void) | null = null;

  let closed = false;
  function close(): void {
    if (closed) return;
    closed = true;
    stopDailyBackups?.();
    updates.service.stop();
    // Its connections and timers end; a batch it was applying is pulled again at the next start.
    void agency.stop();
    reconciler.stop();
    trainer.stop();
    connectivity.stop();
    audit.close();
    settingsDb.close();
    ledgerDb.close();
    releaseDataFolder();
  }
  let shuttingDown: Promise<void> | null = null;
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
    reconciler,
    trainer,
    agents,
    access,
    /** The language in use and main's words in it (dialogs, menus, printed documents). */
    language,
    agency: agencyOfAgent,
    /** Settles writes interrupted by the last stop, then follows non-final bookings. */
    start(): Promise<void> {
      // A quit right after the start waits for it like for any call, and it stops at the next step.
      const starting = (async () => {
        await connectivity.refresh();
        if (quitting()) return;
        ledger.recoverOpenIntents();
        // A restored ledger is in no agency until the agent connects it again (its outbox was not taken).
        if (!heldWrites.agencyPaused()) await agency.start();
        await engine.reconcileOpenIntents();
        if (quitting()) return;
        reconciler.start();
        updates.service.start();
        stopDailyBackups = startDailyBackups(ledgerDb, options.dataDir, options.firstDailyBackupMs ?? 5 * 60_000);
        auditAtStart = await audit.verify(words).catch((error: unknown) => {
          console.error('[audit] the audit could not be checked', error);
          return null;
        });
        if (auditAtStart) auditChecked(auditAtStart);
      })();
      return calls.track(starting);
    },
    /** The settings actions' audit, and its check at the last start (null before the start finished or if it could not run). */
    audit: { log: audit, atStart: () => auditAtStart },
    /** Backups and restores of the ledger (a restore approved by a supervisor once an administrator exists), each in the audit. */
    backups: counterBackups({
      dataDir: options.dataDir,
      ledgerDb,
      audit,
      signedIn: names.signedIn,
      thisCounter,
      approveRestore: access.approveRestore,
      askRestoreApproval: approvals.askingScreens((asked) => events.emit('event:approval-asked', asked), 'ledger:restore', COUNTER_TARGET),
      replacedByRestore,
      words: language.words,
    }),
    /** Closes the databases at once (tests; a quit goes through `shutdown`). */
    close,
    /**
     * The quit: no new call is taken, the calls and reconciler reads already running finish (for at
     * most `graceMs`), then the databases close. What a cut-off write left open is settled at the next start.
     */
    shutdown(graceMs = 5_000): Promise<void> {
      shuttingDown ??= (async () => {
        reconciler.stop();
        connectivity.stop();
        await calls.drain(graceMs, reconciler.idle());
        await agency.stop();
        close();
      })();
      return shuttingDown;
    },
  };
}

export type Core = ReturnType<typeof createCore>;

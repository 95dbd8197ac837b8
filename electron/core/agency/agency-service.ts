import { defineMessages } from '../../../shared/i18n/messages';
import type { DatabaseSync } from 'node:sqlite';
import { AGENCY_OFF } from '../../../shared/agency';
import { AppError } from '../app-error';
import { englishText } from '../i18n/main-words';
import type { MainWords, Text } from '../i18n/main-words';
import type { AgencySettingsInput, AgencySettingsView, AgencyStatus } from '../../../shared/agency';
import type { BookingRecord } from '../../../shared/bookings';
import { isFinalStatus, isTerminalStatus } from '../../../shared/status-rules';
import { createAgencyLedger } from '../ledger/agency-ledger';
import type { ProfileRecord } from '../profiles';
import type { SecretStore } from '../secrets';
import { startAgencyCounter } from './agency-counter';
import type { AgencyCounterHandle, AgencyCounterOptions, AgencyWriteGuard } from './agency-counter';
import type { FollowAnswer } from '../engine/reconciler';
import { connectToAgency } from './connect-to-agency';
import { createAgencySettings } from './agency-settings';
import type { FleetPorts } from './fleet-sync';
import type { PeoplePorts } from './people-sync';

const words = defineMessages({
  minimumNotSet: {
    id: 'error.agency.minimumNotSet.message',
    defaultMessage: 'The agency ledger cannot be reached now, so the minimum version was not changed.',
  },
  minimumNotSetHint: {
    id: 'error.agency.minimumNotSet.hint',
    defaultMessage: 'Wait until the status bar says “Agency ledger: live”, then set it again.',
  },
  checkHostHint: {
    id: 'error.agency.checkHost.hint',
    defaultMessage: 'Check the host and port, and that the agency server accepts connections from this computer.',
  },
  keptBefore: { id: 'error.agency.connectionKept.hint', defaultMessage: 'The connection saved before is kept.' },
  nothingSaved: { id: 'error.agency.nothingSaved.hint', defaultMessage: 'Nothing was saved.' },
});

/** The check before a connection is saved, refused: its own words, then (a sentence of its own) what became of the saved settings. */
class CheckRefused extends AppError {
  readonly #refusal: AppError;
  readonly #hint: Text | null;
  readonly #kept: Text;

  constructor(refusal: AppError, hint: Text | null, kept: Text) {
    super(refusal.code, refusal.message, `${hint ? englishText(hint) : refusal.hint} ${englishText(kept)}`, { cause: refusal });
    this.#refusal = refusal;
    this.#hint = hint;
    this.#kept = kept;
  }

  override localize(words: MainWords): this {
    this.#refusal.localize(words);
    this.message = this.#refusal.message;
    this.hint = `${this.#hint ? words.text(this.#hint) : this.#refusal.hint} ${words.text(this.#kept)}`;
    return this;
  }
}

export interface AgencyServiceDeps {
  settingsDb: DatabaseSync;
  ledgerDb: DatabaseSync;
  secrets: SecretStore;
  profile: (id: number) => ProfileRecord;
  /** The counter's ledger: tells the screens of a booking the agency's changes touched, and records the money they moved. */
  bookings: { announce: (bookingId: number) => void; followMoney: (bookingId: number) => void };
  onStatus: (status: AgencyStatus) => void;
  /** The agents and audit this counter shares with the agency while connected. */
  people?: PeoplePorts;
  /** What this counter runs, for the agency's fleet list. */
  fleet?: FleetPorts;
  /** Main's words in the counter's language: a refused link is told in them (English without). */
  words?: Pick<MainWords, 'text'>;
  /** Timings for tests; the app uses the defaults. */
  timings?: Pick<
    AgencyCounterOptions,
    'writeLeaseMs' | 'trackLeaseMs' | 'retryDelayMs' | 'pollEveryMs' | 'sharingEveryMs' | 'pushBatchSize' | 'queryTimeoutMs'
  > & {
    followRemoteAfterMs?: number;
  };
}

/**
 * The agency side of a counter, as core sees it: the saved connection, the ledger's outbox and
 * remote changes, and the running link (one at most). Without a saved connection it does nothing.
 */
export function createAgencyService(deps: AgencyServiceDeps) {
  const settings = createAgencySettings(deps.settingsDb, deps.secrets);
  const ledger = createAgencyLedger(deps.ledgerDb, {
    now: Date.now,
    isFinal: (profileId, status) => isFinalStatus(status, deps.profile(profileId).statusRules),
    isTerminal: (profileId, status) => isTerminalStatus(status, deps.profile(profileId).statusRules),
    announce: deps.bookings.announce,
    followMoney: deps.bookings.followMoney,
    ...(deps.timings?.followRemoteAfterMs !== undefined ? { followRemoteAfterMs: deps.timings.followRemoteAfterMs } : {}),
  });
  let running: AgencyCounterHandle | null = null;

  async function startSaved(): Promise<void> {
    const saved = await settings.connected();
    if (!saved || running) return;
    const profile = deps.profile(saved.profileId);
    ledger.join({ counterId: saved.counter.counterId, profileId: profile.id, profileKind: profile.kind }, saved.counter.name);
    running = startAgencyCounter({
      ...saved,
      ledger,
      onStatus: deps.onStatus,
      ...(deps.people ? { people: deps.people } : {}),
      ...(deps.fleet ? { fleet: deps.fleet } : {}),
      ...(deps.words ? { words: deps.words } : {}),
      ...deps.timings,
    });
  }

  async function stopRunning(): Promise<void> {
    const stopping = running;
    running = null;
    await stopping?.stop();
  }

  const status = (): AgencyStatus => running?.status() ?? AGENCY_OFF;

  return {
    status,
    ledger,
    guard: (): AgencyWriteGuard | null => running?.guard ?? null,
    changed: (booking: BookingRecord): void => running?.changed(booking),
    mayFollow: (bookingId: number): Promise<FollowAnswer> => running?.mayFollow(bookingId) ?? Promise.resolve(true),
    /** Whether the booking's status came from another counter and the service has not shown it here yet. */
    claimedByPeer: (bookingId: number): boolean => ledger.claimedByPeer(bookingId),
    /** The service was read: a status another counter claimed is now confirmed or corrected. */
    serviceRead: (bookingId: number): void => ledger.serviceRead(bookingId),
    /** An audit entry or an agent was recorded here: shared with the agency now, when connected. */
    peopleChanged: (): void => running?.sharing()?.peopleChanged(),
    /** This counter's updating moved on: the fleet list hears of it now, not at the next poll. */
    fleetChanged: (): void => running?.sharing()?.fleetChanged(),
    /** The version the agency asks every counter to run before it writes on the agency's bookings (as last read), or null. */
    minimumVersion: (): string | null => running?.status().fleet?.minimumVersion ?? null,
    /** Sets the agency's minimum version (an agency administrator's counter), then reads the fleet again. */
    setMinimumVersion: async (version: string | null): Promise<AgencyStatus> => {
      const sharing = running?.sharing();
      if (!sharing) throw new AppError('agency_unreachable', { message: words.minimumNotSet }, { message: words.minimumNotSetHint });
      await sharing.setMinimumVersion(version);
      return status();
    },
    /** Resolves after agents and audit entries were shared once more (tests); at once when not connected. */
    peopleShared: async (): Promise<void> => {
      await running?.connected();
      await running?.sharing()?.passed();
    },
    /** Resolves when every change made here has reached the agency. */
    drained: async (): Promise<void> => running?.drained(),
    /** At start-up: connects the profile saved as the agency's, if any. */
    start: startSaved,
    /** This counter's id in the agency whose connection is saved (connected or not), or null without one. */
    savedCounterId: (): string | null => settings.savedCounter()?.counterId ?? null,
    stop: stopRunning,

    async settingsOf(profileId: number): Promise<AgencySettingsView | null> {
      return settings.view(profileId, await settings.hasPassword(profileId));
    },

    /**
     * Checks the connection reaches a server this counter can use (trusted, a schema it knows, the
     * login accepted), then saves it and shares the profile's bookings. Nothing is saved when the
     * check fails: the agent typed it a moment ago, so a typo is likelier than an outage.
     */
    async connect(input: AgencySettingsInput): Promise<AgencyStatus> {
      const connection = await settings.proposed(input);
      const editing = (await settings.connected()) !== null;
      try {
        const pool = await connectToAgency(connection.settings, connection.counter);
        await pool.end();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const kept = { message: editing ? words.keptBefore : words.nothingSaved };
        // A server not reached at all: where to look; any other refusal keeps its own hint.
        const hint = error.code === 'offline' && !/trusted/.test(error.message) ? { message: words.checkHostHint } : null;
        throw new CheckRefused(error, hint, kept);
      }
      await settings.save(connection, Boolean(input.password));
      await stopRunning();
      await startSaved();
      return status();
    },

    /** Stops sharing this profile's bookings; they stay in the history, those of other counters marked as such. */
    async disconnect(profileId: number): Promise<AgencyStatus> {
      const saved = await settings.connected();
      if (saved?.profileId !== profileId) return status();
      await stopRunning();
      ledger.leave();
      await settings.remove(profileId);
      deps.onStatus(AGENCY_OFF);
      return AGENCY_OFF;
    },
  };
}

export type AgencyService = ReturnType<typeof createAgencyService>;

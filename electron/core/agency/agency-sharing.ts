import { defineMessages } from '../../../shared/i18n/messages';
import type { Pool } from 'pg';
import type { AgencyFleetStatus, AgencyPeopleStatus } from '../../../shared/agency';
import { AppError } from '../app-error';
import { setMinimumVersion } from './agency-fleet';
import { startFleetSync } from './fleet-sync';
import type { FleetPorts } from './fleet-sync';
import { startPeopleSync } from './people-sync';
import type { PeoplePorts } from './people-sync';

const words = defineMessages({
  notAdmin: {
    id: 'error.agency.adminRequired.message',
    defaultMessage:
      'Only a counter whose agency user is one of the agency’s administrators (packdesk_agency_admins) sets the minimum version. Nothing was changed.',
  },
  notAdminHint: {
    id: 'error.agency.adminRequired.hint',
    defaultMessage:
      'Set it at the back office’s counter, or ask whoever runs the agency server to add this counter’s user to packdesk_agency_admins.',
  },
});

/** What a counter shares with the agency beside its bookings: its people (agents, audit) and itself (the fleet list). */
export interface SharingPorts {
  people?: PeoplePorts | undefined;
  fleet?: FleetPorts | undefined;
}

function notAnAgencyAdmin(cause: unknown): AppError {
  return new AppError('agency_admin_required', { message: words.notAdmin }, { message: words.notAdminHint }, { cause });
}

/**
 * Starts the counter's sharing once it is connected: each side on its own pass, this often, telling
 * `onStatus` when what it read changes.
 */
export function startSharing(options: { pool: Pool; counterId: string; ports: SharingPorts; everyMs: number; onStatus: () => void }) {
  const { pool, counterId, ports, everyMs, onStatus } = options;
  const people = ports.people
    ? startPeopleSync({
        pool,
        counterId,
        ports: ports.people,
        everyMs,
        onStatus,
        onError: (error) => console.error('[agency] agents or audit entries were not shared', error),
      })
    : null;
  const fleet = ports.fleet
    ? startFleetSync({
        pool,
        counterId,
        ports: ports.fleet,
        everyMs,
        onStatus,
        onError: (error) => console.error('[agency] the fleet list was not read', error),
      })
    : null;
  return {
    status: (): { people?: AgencyPeopleStatus; fleet?: AgencyFleetStatus } => {
      const fleetStatus = fleet?.status() ?? null;
      return { ...(people ? { people: people.status() } : {}), ...(fleetStatus ? { fleet: fleetStatus } : {}) };
    },
    /** Sets (or lifts) the agency's minimum version, then reads the fleet again so the status says it. */
    setMinimumVersion: async (version: string | null): Promise<void> => {
      try {
        await setMinimumVersion(pool, counterId, version);
      } catch (error) {
        if (error instanceof Error && (error as { code?: unknown }).code === '42501') throw notAnAgencyAdmin(error);
        throw error;
      }
      await fleet?.passed();
    },
    peopleChanged: (): void => people?.wake(),
    fleetChanged: (): void => fleet?.wake(),
    /** Resolves after a whole pass of each side that started after this call. */
    passed: async (): Promise<void> => {
      await Promise.all([people?.passed(), fleet?.passed()]);
    },
    stop: async (): Promise<void> => {
      await Promise.all([people?.stop(), fleet?.stop()]);
    },
  };
}

export type CounterSharing = ReturnType<typeof startSharing>;

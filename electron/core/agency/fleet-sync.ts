import type { Pool } from 'pg';
import type { AgencyFleetStatus } from '../../../shared/agency';
import { isConnectionFailure } from './agency-connection';
import { mayDefineAgents } from './agency-agents';
import { readFleet, reportVersion } from './agency-fleet';
import type { VersionReport } from './agency-fleet';
import { passRunner } from './pass-runner';

/** What this counter says of itself to the agency's fleet list. */
export interface FleetPorts {
  report(): VersionReport;
}

export interface FleetSyncOptions {
  pool: Pool;
  counterId: string;
  ports: FleetPorts;
  /** A pass this often (and at `wake`): one small write and two reads. */
  everyMs: number;
  onStatus: (status: AgencyFleetStatus) => void;
  onError?: (error: unknown) => void;
}

/**
 * Keeps the agency's fleet list in step: this counter reports the Packdesk it runs and where its
 * updating stands (at every pass, so its "seen" time says it is alive), and reads every counter's
 * report and the version the agency asks for. Offline, the last list read stays as it was.
 */
export function startFleetSync(options: FleetSyncOptions) {
  const { pool, counterId, ports } = options;
  let status: AgencyFleetStatus | null = null;
  let idleWaiters: (() => void)[] = [];

  async function pass(): Promise<void> {
    const waiters = idleWaiters;
    idleWaiters = [];
    try {
      await reportVersion(pool, counterId, ports.report());
      const [fleet, maySetMinimum] = await Promise.all([readFleet(pool, counterId), mayDefineAgents(pool)]);
      const next: AgencyFleetStatus = { ...fleet, maySetMinimum };
      if (JSON.stringify(next) !== JSON.stringify(status)) {
        status = next;
        if (!runner.stopped()) options.onStatus(next);
      }
    } catch (error) {
      if (!isConnectionFailure(error)) options.onError?.(error);
    }
    for (const resolve of waiters) resolve();
  }

  const runner = passRunner(pass);
  const timer = setInterval(runner.wake, options.everyMs);
  timer.unref();
  runner.wake();

  return {
    /** The fleet as last read; null before the first read. */
    status: (): AgencyFleetStatus | null => status,
    wake: runner.wake,
    /** Resolves after a whole pass that started after this call (tests, after setting the minimum version). */
    passed: (): Promise<void> =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        runner.wake();
      }),
    async stop(): Promise<void> {
      clearInterval(timer);
      await runner.stop();
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

import { afterEach } from 'vitest';
import type { AgencyConnectionSettings } from '../../../electron/core/agency/agency-connection';
import type { Core, CoreOptions } from '../../../electron/core/core';
import type { Sandbox, SandboxOptions } from '../../../electron/sandbox/sandbox';
import { useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { startTcpProxy } from '../../support/tcp-proxy';
import type { TcpProxy } from '../../support/tcp-proxy';
import { queryAgency } from '../../support/agency-server';
import { useAgencyDatabase } from './agency-test-server';
import { AGENCY_TIMINGS } from './counters-workload-helpers';

/** A counter of the test: a full core on its own data folder (its own SQLite ledger), joined to the test's agency. */
export interface Counter {
  name: string;
  core: Core;
  dataDir: string;
  /** The link it reaches the agency's server through, when the test partitions it; null: straight to the server. */
  proxy: TcpProxy | null;
}

/**
 * Counters sharing one built-in service and one agency database, each on its own data folder.
 * After each test every core is shut down and every proxy closed, before the database is dropped.
 * `serviceOptions` start that service differently (its controls, a clock the test moves).
 */
export function useCounters(serviceOptions: Partial<SandboxOptions> = {}) {
  const agency = useAgencyDatabase();
  const startSandbox = useSandbox(serviceOptions);
  const startCore = useCore();
  const cores: Core[] = [];
  const proxies: TcpProxy[] = [];
  let sandbox: Sandbox | null = null;
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((core) => core.shutdown(1_000)));
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
    sandbox = null;
  });

  const service = async (): Promise<Sandbox> => (sandbox ??= await startSandbox());

  return {
    agency,
    service,
    /**
     * A new counter joined to the agency; `throughProxy` puts a link the test can cut between it and the server,
     * `timings` changes some of its agency timings (its query timeout, say), `version` the Packdesk it says it runs, `updater` its electron-updater.
     */
    async start(
      name: string,
      options: {
        throughProxy?: boolean;
        timings?: CoreOptions['agencyTimings'];
        user?: string;
        version?: string;
        updater?: CoreOptions['updater'];
      } = {},
    ): Promise<Counter> {
      const { core, dataDir } = await startCore(await service(), {
        agencyTimings: { ...AGENCY_TIMINGS, ...options.timings },
        ...(options.version ? { version: options.version } : {}),
        ...(options.updater ? { updater: options.updater } : {}),
      });
      cores.push(core);
      const { host, port, database, user, tlsMode } = agency.settings();
      const proxy = options.throughProxy ? await startTcpProxy({ host, port }) : null;
      if (proxy) proxies.push(proxy);
      await core.agency.connect({
        profileId: 1,
        host: proxy ? '127.0.0.1' : host,
        port: proxy?.port ?? port,
        database,
        user: options.user ?? user,
        tlsMode,
        counterName: name,
      });
      return { name, core, dataDir, proxy };
    },
    /** The counter started again on its data folder (shut down first): it reconnects with its saved connection. */
    async restart(
      counter: Counter,
      options: { beforeStart?: (core: Core) => void; timings?: CoreOptions['agencyTimings'] } = {},
    ): Promise<Counter> {
      const agencyTimings = { ...AGENCY_TIMINGS, ...options.timings };
      const { core } = await startCore(await service(), { dataDir: counter.dataDir, agencyTimings, start: false });
      cores.push(core);
      options.beforeStart?.(core);
      await core.start();
      return { ...counter, core };
    },
    /** A counter already running elsewhere (a child process) started here on its data folder. */
    async adopt(name: string, dataDir: string): Promise<Counter> {
      const { core } = await startCore(await service(), { dataDir, agencyTimings: AGENCY_TIMINGS });
      cores.push(core);
      return { name, core, dataDir, proxy: null };
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The highest sequence in the agency's change log (0 when empty). */
export async function agencySeq(settings: AgencyConnectionSettings): Promise<number> {
  const [row] = await queryAgency<{ seq: string }>(settings, 'SELECT coalesce(max(seq), 0) AS seq FROM agency_changes');
  return Number(row?.seq ?? 0);
}

/**
 * Waits until every counter has sent all it made (its outbox empty) and taken in everything the
 * agency has (its cursor at the agency's last sequence), twice in a row with nothing new between.
 */
export async function converged(counters: readonly Counter[], settings: AgencyConnectionSettings, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const latest = await agencySeq(settings);
    const states = counters.map((counter) => ({
      name: counter.name,
      unsent: counter.core.agency.ledger.outbox.size(),
      pulled: counter.core.agency.ledger.remote.lastPulledSeq(),
    }));
    if (states.every((state) => state.unsent === 0 && state.pulled === latest) && (await agencySeq(settings)) === latest) return;
    if (Date.now() > deadline) throw new Error(`the counters did not converge in ${timeoutMs} ms: ${JSON.stringify({ latest, states })}`);
    await sleep(25);
  }
}

/** How many bookings each copy holds, and how many timeline lines: a figure to check the test did what it says. */
export async function agencyTotals(settings: AgencyConnectionSettings): Promise<{ bookings: number; events: number; changes: number }> {
  const [row] = await queryAgency<{ bookings: string; events: string; changes: string }>(
    settings,
    `SELECT (SELECT count(*) FROM agency_bookings) AS bookings, (SELECT count(*) FROM agency_booking_events) AS events,
       (SELECT count(*) FROM agency_changes) AS changes`,
  );
  return { bookings: Number(row?.bookings), events: Number(row?.events), changes: Number(row?.changes) };
}

/** Counts each cancel request that reaches the service, accepted or refused, by booking (the service's own handler, wrapped). */
export function countCancels(sandbox: Sandbox): Map<number, number> {
  const reached = new Map<number, number>();
  const cancel = sandbox.service.cancel.bind(sandbox.service);
  sandbox.service.cancel = (caller, bookingId, body) => {
    reached.set(bookingId, (reached.get(bookingId) ?? 0) + 1);
    return cancel(caller, bookingId, body);
  };
  return reached;
}

import type { AgencyConnectionSettings } from '../electron/core/agency/agency-connection';
import { createAgencyDatabase, dropAgencyDatabases } from '../test/support/agency-server';
import { DURABLE, shownDurability, startDurablePostgres } from './soak/agency/durable-postgres';

/** The PostgreSQL server the agency figures run against, and a fresh database on it per use. */
export interface BenchPostgres {
  url: string;
  /** The durability settings as the server reports them (`SHOW`), e.g. "fsync=on synchronous_commit=on full_page_writes=on". */
  durability: string;
  /** Whether the server reports every one of them on, as an agency's server would run. */
  durable: boolean;
  /** A new, empty database; dropped by `stop`. */
  createDatabase(prefix: string): Promise<AgencyConnectionSettings>;
  /** Drops the databases made here and stops the cluster if this run started it. */
  stop(): Promise<void>;
}

/**
 * The server in PACKDESK_TEST_PG_URL, or else a throw-away cluster of this run's own, durable as an
 * agency's server runs (the agency soak's: fsync, synchronous commit and full page writes on, unlike
 * the tests' scripts/with-postgres.sh). Either way the settings are read back from the server and
 * stated with the figures, so a figure from a server that skips fsync says so.
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  let url = process.env.PACKDESK_TEST_PG_URL ?? '';
  let stopCluster = async (): Promise<void> => undefined;
  if (!url) {
    const cluster = await startDurablePostgres(
      process.env.PACKDESK_TEST_PG_BIN ?? process.env.PACKDESK_PG_BIN ?? '/usr/lib/postgresql/15/bin',
    );
    url = `postgres://postgres@${cluster.host}:${cluster.port}/postgres`;
    stopCluster = () => cluster.destroy();
  }
  const durability = await shownDurability({ connectionString: url, ssl: false }).catch(async (error: unknown) => {
    await stopCluster();
    throw error;
  });
  const made: string[] = [];
  return {
    url,
    durability,
    durable: durability === DURABLE,
    async createDatabase(prefix) {
      const settings = await createAgencyDatabase(url, prefix);
      made.push(settings.database);
      return settings;
    },
    async stop() {
      await dropAgencyDatabases(url, made.splice(0)).catch((error: unknown) =>
        console.error('[bench] the agency databases were not dropped', error),
      );
      await stopCluster();
    },
  };
}

import { afterEach, beforeEach } from 'vitest';
import type { AgencyConnectionSettings } from '../../electron/core/agency/agency-connection';
import { asAdmin, createAgencyDatabase, dropAgencyDatabases } from './agency-server';

/** The PostgreSQL server the agency tests run against; scripts/with-postgres.sh sets it. */
const serverUrl = process.env.PACKDESK_TEST_PG_URL;

/** Why agency tests skip on a developer's run; CI always runs them under scripts/with-postgres.sh. */
const NO_SERVER = 'no PostgreSQL: PACKDESK_TEST_PG_URL is not set (run the tests under scripts/with-postgres.sh)';

/**
 * A fresh agency database for each test (test files run in parallel on one server), dropped after
 * it. `prefix` names its databases, `tests` the tests in the error CI gets without a server.
 * Register it before whatever uses the database: its afterEach then runs after theirs.
 */
export function useFreshAgencyDatabase(names: { prefix: string; tests: string }): () => AgencyConnectionSettings {
  let current: AgencyConnectionSettings | null = null;
  beforeEach(async (context) => {
    if (!serverUrl) {
      // CI starts the server for these tests: a skip there would hide that it did not.
      if (process.env.CI) throw new Error(`${names.tests} cannot run in CI with ${NO_SERVER}`);
      context.skip(NO_SERVER);
    }
    current = await createAgencyDatabase(serverUrl as string, names.prefix);
  });
  afterEach(async () => {
    const database = current?.database;
    current = null;
    if (database) await dropAgencyDatabases(serverUrl as string, [database]);
  });
  return () => {
    if (!current) throw new Error('useFreshAgencyDatabase: no database outside a test');
    return current;
  };
}

/** Every connection to this database is cut, as a server restart does to its clients. */
export async function dropConnections(database: string): Promise<number> {
  return asAdmin(serverUrl as string, async (admin) => {
    const killed = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return killed.rowCount ?? 0;
  });
}

import type { Pool } from 'pg';
import { agencyNotTrusted, agencyUnreachable, isConnectionFailure, isTlsFailure, openAgencyPool } from './agency-connection';
import type { AgencyConnectionSettings } from './agency-connection';
import { agencyMigrations, migrateAgencySchema } from './agency-migrations';
import type { AgencyMigration } from './agency-migrations';

/** This counter as the agency knows it: a stable id chosen once, and the name other counters see ("Desk 2"). */
export interface AgencyCounter {
  counterId: string;
  name: string;
}

/**
 * Opens the agency's pool, brings its schema up to date (or refuses a newer one) and records this
 * counter and its current name. Throws `offline` when the server cannot be reached or not trusted.
 */
export async function connectToAgency(
  settings: AgencyConnectionSettings,
  counter: AgencyCounter,
  migrations: readonly AgencyMigration[] = agencyMigrations,
): Promise<Pool> {
  const pool = openAgencyPool(settings);
  try {
    await migrateAgencySchema(pool, migrations);
    await pool.query(
      `INSERT INTO agency_counters (counter_id, name) VALUES ($1, $2)
       ON CONFLICT (counter_id) DO UPDATE SET name = excluded.name, last_seen_at = now()`,
      [counter.counterId, counter.name],
    );
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (isTlsFailure(error)) throw agencyNotTrusted(settings, error);
    throw isConnectionFailure(error) ? agencyUnreachable(settings, error) : error;
  }
}

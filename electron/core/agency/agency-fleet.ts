import type { Pool } from 'pg';
import type { FleetDesk } from '../../../shared/agency';
import { fleetDeskSchema } from '../../../shared/agency';
import type { UpdateStatus } from '../../../shared/updates';

/** What a counter tells the agency about itself: the Packdesk it runs and where its updating stands. */
export type VersionReport = Pick<UpdateStatus, 'version' | 'channel' | 'state' | 'available'>;

/** Says, for this counter only, what it runs; refused (42501) for another counter's id, (22023) for a field that is not one. */
export async function reportVersion(pool: Pool, counterId: string, report: VersionReport): Promise<void> {
  await pool.query('SELECT agency_report_version($1, $2, $3, $4, $5)', [
    counterId,
    report.version,
    report.channel,
    report.state,
    report.available,
  ]);
}

/** Sets (or, with null, lifts) the version below which a counter writes nothing on the agency's bookings; agency administrators only (42501). */
export async function setMinimumVersion(pool: Pool, counterId: string, version: string | null): Promise<void> {
  await pool.query('SELECT agency_set_minimum_version($1, $2)', [counterId, version]);
}

interface DeskRow {
  counter_id: string;
  name: string;
  app_version: string | null;
  update_channel: string | null;
  update_state: string | null;
  update_available: string | null;
  seen_at: Date;
}

/**
 * The agency's counters in name order and its minimum version, as the server holds them. A row the
 * server holds in a shape no counter reports (a hostile or broken server) is shown without the parts
 * that are not, never trusted as they are.
 */
export async function readFleet(pool: Pool, counterId: string): Promise<{ desks: FleetDesk[]; minimumVersion: string | null }> {
  const [desks, policy] = await Promise.all([
    pool.query<DeskRow>(
      `SELECT counter_id, name, app_version, update_channel, update_state, update_available,
         coalesce(update_reported_at, last_seen_at) AS seen_at
       FROM agency_counters ORDER BY lower(name), counter_id LIMIT 500`,
    ),
    pool.query<{ minimum_version: string | null }>('SELECT minimum_version FROM agency_fleet_policy'),
  ]);
  return {
    desks: desks.rows.map((row) => {
      const desk = {
        counterName: row.name.slice(0, 100),
        version: row.app_version,
        channel: row.update_channel,
        state: row.update_state,
        available: row.update_available,
        seenAt: row.seen_at.toISOString(),
        thisCounter: row.counter_id === counterId,
      };
      const checked = fleetDeskSchema.safeParse(desk);
      return checked.success ? checked.data : { ...desk, version: null, channel: null, state: null, available: null };
    }),
    minimumVersion: policy.rows[0]?.minimum_version ?? null,
  };
}

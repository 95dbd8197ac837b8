import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { openAgencyClient } from '../../../electron/core/agency/agency-connection';
import { agencyMigrations, MIGRATION_LOCK } from '../../../electron/core/agency/agency-migrations';
import { connectToAgency } from '../../../electron/core/agency/connect-to-agency';
import { queryAgency } from '../../support/agency-server';
import { useAgencyDatabase } from './agency-test-server';

const agency = useAgencyDatabase();

/** What a later Packdesk might add to the server's schema. */
const newerMigrations = [...agencyMigrations, 'ALTER TABLE agency_bookings ADD COLUMN branch text'];

const counter = (name: string) => ({ counterId: randomUUID(), name });

describe('the agency server’s schema versions', () => {
  test('counters starting together on an empty server create the schema once', async () => {
    const pools = await Promise.all(['Desk 1', 'Desk 2', 'Desk 3'].map((name) => connectToAgency(agency.settings(), counter(name))));
    await Promise.all(pools.map((pool) => pool.end()));
    expect(await queryAgency(agency.settings(), 'SELECT version FROM agency_schema_versions ORDER BY version')).toEqual(
      agencyMigrations.map((_, i) => ({ version: i + 1 })),
    );
    expect(await queryAgency(agency.settings(), 'SELECT count(*)::int AS n FROM agency_counters')).toEqual([{ n: 3 }]);
  });

  test('a newer counter applies its new steps to a server an older one set up, keeping what was there', async () => {
    const older = await connectToAgency(agency.settings(), counter('Desk 1'));
    await older.end();
    const newer = await connectToAgency(agency.settings(), counter('Desk 2'), newerMigrations);
    await newer.end();
    expect(await queryAgency(agency.settings(), 'SELECT max(version) AS version FROM agency_schema_versions')).toEqual([
      { version: newerMigrations.length },
    ]);
    expect(await queryAgency(agency.settings(), 'SELECT name FROM agency_counters ORDER BY name')).toEqual([
      { name: 'Desk 1' },
      { name: 'Desk 2' },
    ]);
  });

  test('counters joining a server already up to date do not queue for the lock a counter upgrading it holds', async () => {
    const first = await connectToAgency(agency.settings(), counter('Desk 1'));
    await first.end();
    // Another session holds the schema's lock, as a counter in the middle of an upgrade (or a slow one) would.
    const holder = openAgencyClient(agency.settings());
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const joining = Promise.all(['Desk 2', 'Desk 3'].map((name) => connectToAgency(agency.settings(), counter(name))));
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000));
      const pools = await Promise.race([joining, waited]);
      expect(pools).not.toBe('waited');
      if (pools !== 'waited') await Promise.all(pools.map((pool) => pool.end()));
    } finally {
      await holder.end();
    }
    expect(await queryAgency(agency.settings(), 'SELECT count(*)::int AS n FROM agency_counters')).toEqual([{ n: 3 }]);
  });

  test('an older counter is refused on a server a newer Packdesk upgraded, and changes nothing there', async () => {
    const newer = await connectToAgency(agency.settings(), counter('Desk 2'), newerMigrations);
    await newer.end();
    await expect(connectToAgency(agency.settings(), counter('Desk 1'))).rejects.toMatchObject({
      code: 'database_too_new',
      message: `The agency ledger was upgraded by a newer Packdesk (schema ${newerMigrations.length}, this counter knows ${agencyMigrations.length}).`,
      hint: expect.stringContaining('Install the newer Packdesk'),
    });
    expect(await queryAgency(agency.settings(), 'SELECT name FROM agency_counters')).toEqual([{ name: 'Desk 2' }]);
  });

  test('a server that does not answer is an offline error naming it, not a crash', async () => {
    // Port 9 (the old discard service): nothing listens there on a test machine, so the connection is refused.
    const settings = { ...agency.settings(), port: 9 };
    await expect(connectToAgency(settings, counter('Desk 1'))).rejects.toMatchObject({
      code: 'offline',
      message: `The agency ledger at ${settings.host}:9 cannot be reached.`,
    });
  });
});

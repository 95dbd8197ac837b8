import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { connectToAgency } from '../../../electron/core/agency/connect-to-agency';
import { queryAgency } from '../../support/agency-server';
import { useAgencyDatabase } from './agency-test-server';

const agency = useAgencyDatabase();
const counter = () => ({ counterId: randomUUID(), name: 'Desk 1' });

/** Whether the pool's own connection to the server is encrypted, as the server sees it. */
async function encrypted(tlsMode: 'disable' | 'require' | 'verify-full', caCertificate?: string): Promise<boolean> {
  const pool = await connectToAgency({ ...agency.settings(), tlsMode, ...(caCertificate ? { caCertificate } : {}) }, counter());
  try {
    const found = await pool.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
    return found.rows[0]?.ssl ?? false;
  } finally {
    await pool.end();
  }
}

describe('the TLS mode of an agency connection', () => {
  test('require and verify-full (with the agency’s certificate authority) encrypt; disable does not', async () => {
    const authority = readFileSync(process.env.PACKDESK_TEST_PG_CA as string, 'utf8');
    expect(await encrypted('require')).toBe(true);
    expect(await encrypted('verify-full', authority)).toBe(true);
    expect(await encrypted('disable')).toBe(false);
  });

  test('verify-full against a certificate this counter does not trust is refused in words, and nothing is written there', async () => {
    await expect(connectToAgency({ ...agency.settings(), tlsMode: 'verify-full' }, counter())).rejects.toMatchObject({
      code: 'offline',
      message: expect.stringContaining('did not offer the encrypted, trusted connection this profile asks for (verify-full)'),
    });
    expect(await queryAgency(agency.settings(), "SELECT to_regclass('agency_counters') AS found")).toEqual([{ found: null }]);
  });
});

import { randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';
import { asAdmin } from '../../support/agency-server';

/**
 * PostgreSQL login roles for counters, one per counter as the README asks an administrator to make
 * them (no privilege of their own: the agency's schema grants what a counter may do). Dropped after
 * each test; register before the counters and their database, so the roles go once nothing uses them.
 */
export function useCounterRoles(): (prefix: string) => Promise<string> {
  const serverUrl = process.env.PACKDESK_TEST_PG_URL as string;
  const made: string[] = [];
  afterEach(async () => {
    const roles = made.splice(0);
    if (roles.length === 0) return;
    await asAdmin(serverUrl, async (admin) => {
      for (const role of roles) {
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1 AND pid <> pg_backend_pid()', [role]);
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
      }
    });
  });
  return async (prefix) => {
    const role = `${prefix}_${randomBytes(4).toString('hex')}`;
    await asAdmin(serverUrl, (admin) => admin.query(`CREATE ROLE ${role} LOGIN`));
    made.push(role);
    return role;
  };
}

import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { AgencyConnectionSettings } from '../../electron/core/agency/agency-connection';

// No vitest here: the bench makes its agency databases with these too.

/** Runs `work` on a connection of its own to the server at `serverUrl`, as the URL's user (its administrator), closed after. */
export async function asAdmin<T>(serverUrl: string, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A new, empty database on the server at `serverUrl` (named `prefix` and random hex, so runs in
 * parallel never meet), and the settings a counter reaches it with: the URL's user and password, no TLS.
 */
export async function createAgencyDatabase(serverUrl: string, prefix: string): Promise<AgencyConnectionSettings> {
  const database = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${database}`));
  const server = new URL(serverUrl);
  return {
    host: server.hostname,
    port: Number(server.port),
    database,
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
    tlsMode: 'disable',
  };
}

/** Drops the databases `createAgencyDatabase` made, cutting whoever is still connected to them. */
export async function dropAgencyDatabases(serverUrl: string, databases: readonly string[]): Promise<void> {
  await asAdmin(serverUrl, async (admin) => {
    for (const database of databases) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });
}

/** Runs SQL on an agency database directly, as an auditor would read the agency's record. */
export async function queryAgency<R extends object>(settings: AgencyConnectionSettings, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new Client({ ...settings, ssl: false });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as R[];
  } finally {
    await client.end();
  }
}

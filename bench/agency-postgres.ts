import { spawn } from 'node:child_process';
import type { AgencyConnectionSettings } from '../electron/core/agency/agency-connection';
import { createAgencyDatabase, dropAgencyDatabases } from '../test/support/agency-server';

/** The PostgreSQL server the agency figures run against, and a fresh database on it per use. */
export interface BenchPostgres {
  url: string;
  /** A new, empty database; dropped by `stop`. */
  createDatabase(prefix: string): Promise<AgencyConnectionSettings>;
  /** Drops the databases made here and stops the cluster if this run started it. */
  stop(): Promise<void>;
}

/**
 * The server in PACKDESK_TEST_PG_URL, or else a throw-away cluster started with
 * scripts/with-postgres.sh for this run (so `npm run bench` works on a fresh clone). The cluster
 * lives as long as a small Node process under that script reads its stdin: closing it (or this
 * process dying) ends the script, whose trap stops and deletes the cluster.
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  let url = process.env.PACKDESK_TEST_PG_URL ?? '';
  let stopCluster = async (): Promise<void> => undefined;
  if (!url) {
    const holder = `console.log('PG_URL ' + process.env.PACKDESK_TEST_PG_URL); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;
    const child = spawn('scripts/with-postgres.sh', [process.execPath, '-e', holder], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /PG_URL (\S+)/.exec(output);
        if (found?.[1]) resolve(found[1]);
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        reject(
          new Error(`scripts/with-postgres.sh could not start a PostgreSQL cluster (exit ${code}): ${errors.trim() || output.trim()}`),
        ),
      );
    });
    stopCluster = () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.stdin.end();
      });
  }
  const made: string[] = [];
  return {
    url,
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

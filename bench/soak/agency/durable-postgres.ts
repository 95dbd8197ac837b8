import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { ClientConfig } from 'pg';

const run = promisify(execFile);

/** The settings that make an acknowledged commit survive a crash of the server; the soak refuses a cluster without them. */
export const DURABLE_SETTINGS = { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' } as const;

/** How the soak stops the server: `fast` is a clean shutdown, `immediate` a crash that the next start recovers from the WAL. */
export type StopMode = 'fast' | 'immediate';

/** A throw-away PostgreSQL cluster of the soak's own, stopped and started again with pg_ctl while counters use it. */
export interface DurablePostgres {
  host: string;
  port: number;
  /** The cluster's folder: its data, configuration and server log (scanned for card numbers at the end). */
  clusterDir: string;
  stop(mode: StopMode): Promise<void>;
  start(): Promise<void>;
  /** The three durability settings as the running server reports them, e.g. "fsync=on synchronous_commit=on full_page_writes=on". */
  durability(): Promise<string>;
  /** Stops the server (if up) and deletes the cluster. */
  destroy(): Promise<void>;
}

/** A port below Linux's ephemeral range (32768 on), so no outgoing connection (a proxy's, say) holds it while the server is down. */
async function freePort(): Promise<number> {
  for (;;) {
    const candidate = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
}

/**
 * Makes and starts a cluster in a new temporary folder: 127.0.0.1 only, trust authentication for it
 * (the counters connect without a password, as the agency tests do), and durable, unlike the tests'
 * scripts/with-postgres.sh: fsync, synchronous commit and full page writes on. PostgreSQL refuses to
 * run as root, so root runs it as `postgres`.
 */
export async function startDurablePostgres(binDir: string): Promise<DurablePostgres> {
  const cluster = mkdtempSync(join(tmpdir(), 'packdesk-agency-soak-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:', cluster]);
  const asOwner = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(binDir, program), ...args]) : run(join(binDir, program), args);
  const dataDir = join(cluster, 'data');
  const logFile = join(cluster, 'server.log');
  await asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--auth=trust']);
  const port = await freePort();
  const hba = join(cluster, 'pg_hba.conf');
  writeFileSync(hba, 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  // Written into the cluster's own configuration, so every pg_ctl start has them.
  const settings = {
    listen_addresses: "'127.0.0.1'",
    port: String(port),
    unix_socket_directories: `'${cluster}'`,
    hba_file: `'${hba}'`,
    max_connections: '400',
    ...DURABLE_SETTINGS,
  };
  appendFileSync(
    join(dataDir, 'postgresql.conf'),
    `\n# The agency soak's cluster\n${Object.entries(settings)
      .map(([name, value]) => `${name} = ${value}`)
      .join('\n')}\n`,
  );
  if (asRoot) await run('chown', ['-R', 'postgres:', cluster]);

  const start = async (): Promise<void> => {
    await asOwner('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '120', 'start']);
  };
  let up = false;
  await start();
  up = true;

  return {
    host: '127.0.0.1',
    port,
    clusterDir: cluster,
    async stop(mode) {
      up = false;
      await asOwner('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '120', 'stop']);
    },
    async start() {
      await start();
      up = true;
    },
    durability: () => shownDurability({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' }),
    async destroy() {
      if (up) await asOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      up = false;
      rmSync(cluster, { recursive: true, force: true });
    },
  };
}

/** What the soak expects `durability()` to say. */
export const DURABLE = Object.entries(DURABLE_SETTINGS)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ');

/** fsync, synchronous commit and full page writes as the server itself reports them (`SHOW`). */
export async function shownDurability(connection: ClientConfig): Promise<string> {
  const client = new Client(connection);
  await client.connect();
  try {
    const shown: string[] = [];
    for (const name of Object.keys(DURABLE_SETTINGS)) {
      const { rows } = await client.query<Record<string, string>>(`SHOW ${name}`);
      shown.push(`${name}=${rows[0]?.[name] ?? '?'}`);
    }
    return shown.join(' ');
  } finally {
    await client.end();
  }
}

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

/** A PostgreSQL cluster of one test's own, which it may restart for real without disturbing the other test files. */
export interface OwnPostgres {
  url: string;
  /** `pg_ctl restart -m fast`: every connection is cut, and the server is back when it resolves. */
  restart(): void;
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '..', '..');

/**
 * Starts a throw-away cluster with scripts/with-postgres.sh (as the shared one is made), kept alive by
 * a child process until `stop`. About two seconds: only for the test that restarts its server.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const script =
    'console.log(JSON.stringify({ url: process.env.PACKDESK_TEST_PG_URL, data: process.env.PACKDESK_TEST_PG_DATA, bin: process.env.PACKDESK_TEST_PG_BIN })); process.stdin.resume(); process.stdin.on("end", () => process.exit(0));';
  const child = spawn(join(root, 'scripts/with-postgres.sh'), [process.execPath, '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  const started = await new Promise<{ url: string; data: string; bin: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve(JSON.parse(line) as { url: string; data: string; bin: string });
    });
    child.once('exit', (code) => reject(new Error(`with-postgres.sh ended (${code}) before the cluster was up: ${output}`)));
  });
  const asOwner = (command: string[]): string[] => (process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...command] : command);
  return {
    url: started.url,
    restart: () => {
      const [program, ...args] = asOwner([
        join(started.bin, 'pg_ctl'),
        '-D',
        started.data,
        '-l',
        join(started.data, '..', 'server.log'),
        'restart',
        '-m',
        'fast',
        '-w',
        '-t',
        '30',
      ]);
      const result = spawnSync(program as string, args, { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`pg_ctl restart failed: ${result.stderr}${result.stdout}`);
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
    },
  };
}

import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CounterOps } from './agency-counter-process';

/**
 * The bench's handle on a counter running in a process of its own (bench/agency-counter-process.ts,
 * bundled by scripts/bench.mjs next to the bench): each call runs one of its operations there.
 */
export interface BenchCounter {
  index: number;
  name: string;
  dataDir: string;
  counterId: string;
  call<K extends keyof CounterOps>(op: K, ...args: Parameters<CounterOps[K]>): Promise<Awaited<ReturnType<CounterOps[K]>>>;
  /** Closes its core and waits for its process to end. */
  close(): Promise<void>;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

function startCounterProcess(name: string): { child: ChildProcess; call: BenchCounter['call'] } {
  const child = fork(fileURLToPath(new URL('./agency-counter.mjs', import.meta.url)), [], {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  child.on('message', (reply: Reply) => {
    const caller = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) caller?.resolve(reply.value);
    else caller?.reject(new Error(`${name}: ${reply.error}`));
  });
  child.on('exit', (code) => {
    for (const caller of waiting.values()) caller.reject(new Error(`${name}'s process ended (exit ${code}) during a call`));
    waiting.clear();
  });
  // The reply is what the operation returned there (bench/agency-counter-process.ts answers each request with it).
  const call = ((op: keyof CounterOps, ...args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      next += 1;
      waiting.set(next, { resolve, reject });
      child.send({ id: next, op, args });
    })) as BenchCounter['call'];
  return { child, call };
}

function handle(index: number, dataDir: string, counterId: string, started: ReturnType<typeof startCounterProcess>): BenchCounter {
  const { child, call } = started;
  return {
    index,
    name: `Desk ${index + 1}`,
    dataDir,
    counterId,
    call,
    async close() {
      if (child.exitCode === null && child.connected) {
        await call('shutdown').catch((error: unknown) => console.error('[bench]', error));
        const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.disconnect();
        await ended;
      }
    },
  };
}

/** Starts a counter's process, opens its core in `dataDir` and joins it to the agency (resolves once live). */
export async function openCounter(
  index: number,
  dataDir: string,
  service: Parameters<CounterOps['open']>[0]['service'],
  agency: Parameters<CounterOps['open']>[0]['agency'],
): Promise<BenchCounter> {
  const started = startCounterProcess(`Desk ${index + 1}`);
  const { counterId } = await started.call('open', { index, dataDir, service, agency });
  return handle(index, dataDir, counterId, started);
}

/**
 * The counter opened again in a new process on its data folder (the app started again after it was
 * closed); resolves with the seconds from its core's creation until it has applied `throughSeq`.
 */
export async function reopenCounter(
  closed: BenchCounter,
  service: Parameters<CounterOps['open']>[0]['service'],
  throughSeq: number,
): Promise<{ counter: BenchCounter; seconds: number }> {
  const started = startCounterProcess(closed.name);
  const seconds = await started.call('reopen', { index: closed.index, dataDir: closed.dataDir, service, throughSeq });
  return { counter: handle(closed.index, closed.dataDir, closed.counterId, started), seconds };
}

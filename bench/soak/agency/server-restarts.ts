import { DURABLE } from './durable-postgres';
import type { DurablePostgres } from './durable-postgres';
import type { PlannedRestart } from './soak-plan';
import { trace } from './trace';

export interface RestartFigures {
  /** Stops and starts of the server that completed (pg_ctl stop, then pg_ctl start -w). */
  serverRestarts: number;
  /** Of them, stops with -m immediate: a crash, recovered from the WAL at the start. */
  serverCrashes: number;
  /** Restarts that began while some counter had a write out. */
  restartsDuringWrite: number;
  /** Starts after which the server did not report fsync, synchronous commit and full page writes on. */
  notDurable: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops and starts the agency's server as the plan says, one restart at a time, checking after each start that it is still durable. */
export function createServerRestarts(server: DurablePostgres, anyWriteOut: () => boolean) {
  const figures: RestartFigures = { serverRestarts: 0, serverCrashes: 0, restartsDuringWrite: 0, notDurable: 0 };
  let queue: Promise<void> = Promise.resolve();

  async function restart(planned: PlannedRestart): Promise<void> {
    if (anyWriteOut()) figures.restartsDuringWrite += 1;
    trace(`server: stopping (${planned.mode})`);
    await server.stop(planned.mode);
    await sleep(planned.downMs);
    await server.start();
    trace('server: up');
    figures.serverRestarts += 1;
    if (planned.mode === 'immediate') figures.serverCrashes += 1;
    if ((await server.durability()) !== DURABLE) figures.notDurable += 1;
  }

  return {
    figures,
    begin(planned: PlannedRestart): void {
      queue = queue.then(() => restart(planned));
    },
    /** Resolves once every restart begun is over and the server is up. */
    finished: (): Promise<void> => queue,
  };
}

export type ServerRestarts = ReturnType<typeof createServerRestarts>;

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { CounterReport, FollowUpOrder } from './counter-protocol';

/** One life of a counter process, from its start on its folder to its exit (by itself, or SIGKILLed). */
export interface CounterLife {
  index: number;
  life: number;
  /** Set once it said it is ready (started, joined, taking orders). */
  isReady(): boolean;
  send(order: FollowUpOrder): void;
  /** Closes its stdin: it finishes the follow-ups it has, shuts down and exits 0. */
  finish(): void;
  kill(): void;
  /** Resolves with how it ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts out/soak/agency-soak-counter.mjs with `env`; every line it reports goes to `onReport`. */
export function startCounterLife(
  index: number,
  life: number,
  env: Record<string, string>,
  onReport: (life: CounterLife, report: CounterReport) => void,
): CounterLife {
  const child = spawn(process.execPath, ['out/soak/agency-soak-counter.mjs'], {
    env: { ...process.env, ...env, COUNTER: String(index), LIFE: String(life) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // A kill closes the pipe under a write in flight: nothing to do about it.
  child.stdin.on('error', () => undefined);
  let ready = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const handle: CounterLife = {
    index,
    life,
    isReady: () => ready && child.exitCode === null && child.signalCode === null,
    send: (order) => {
      if (child.stdin.writable) child.stdin.write(`${JSON.stringify(order)}\n`);
    },
    finish: () => child.stdin.end(),
    kill: () => child.kill('SIGKILL'),
    exited,
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const message = JSON.parse(line) as CounterReport;
    if (message.kind === 'ready') ready = true;
    onReport(handle, message);
  });
  return handle;
}

import { startCounterLife } from './counter-life';
import type { CounterLife } from './counter-life';
import { ledgerState } from './ledger-file';

export interface SettleOptions {
  counters: number;
  counterDir: (counter: number) => string;
  counterEnv: (counter: number) => Record<string, string>;
  /** The agency's last sequence now. */
  agencyLatestSeq: () => Promise<number>;
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The day after: the network and the server are healthy, every counter starts once more (SETTLE=1) and
 * runs together with the others until all of them have settled every write and row, sent everything
 * and applied everything the agency has, seen the same twice in a row. Then they are told to finish.
 * Resolves with whether they converged before `timeoutMs`, and how many settle lives died by themselves.
 */
export async function settleCounters(options: SettleOptions): Promise<{ converged: boolean; crashes: number }> {
  const { counters, counterDir } = options;
  let crashes = 0;
  let finishing = false;
  const lives: (CounterLife | null)[] = Array.from({ length: counters }, () => null);
  const running = Array.from({ length: counters }, async (_, index) => {
    for (let life = 0; ; life += 1) {
      const current = startCounterLife(index, life, { ...options.counterEnv(index), SETTLE: '1' }, (started, report) => {
        if (finishing && report.kind === 'ready') started.finish();
      });
      lives[index] = current;
      const ended = await current.exited;
      if (ended.code === 0) return;
      crashes += 1;
      console.error(`[agency soak] Desk ${index + 1} died by itself while settling (${ended.signal ?? `exit ${ended.code}`})`);
      if (crashes > 5) throw new Error('counters keep dying while settling');
    }
  });

  const quiet = async (): Promise<boolean> => {
    if (!lives.every((life) => life?.isReady())) return false;
    const latest = await options.agencyLatestSeq();
    return Array.from({ length: counters }, (_, index) => ledgerState(counterDir(index))).every(
      (state) =>
        state !== null && state.openWrites === 0 && state.unsettledRows === 0 && state.unsent === 0 && state.pulledThrough === latest,
    );
  };
  const deadline = Date.now() + options.timeoutMs;
  let converged = false;
  while (Date.now() < deadline) {
    if ((await quiet()) && (await sleep(500).then(quiet))) {
      converged = true;
      break;
    }
    await sleep(250);
  }
  finishing = true;
  for (const life of lives) life?.finish();
  try {
    await Promise.all(running);
  } catch (error) {
    for (const life of lives) life?.kill();
    throw error;
  }
  return { converged, crashes };
}

/** Percentiles and timed loops shared by every figure: warm up first, then measure, so a cold start is never the figure. */

export interface Spread {
  p50: number;
  p95: number;
  runs: number;
}

/** The value at `share` (0..1) of the sorted samples, by the nearest-rank method. */
function percentile(samples: readonly number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))] as number;
}

export function spreadOf(samples: readonly number[]): Spread {
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), runs: samples.length };
}

/** Runs `work` `warmUp` times unmeasured, then `runs` times measured (ms each). */
export function timedSync(warmUp: number, runs: number, work: () => unknown): number[] {
  for (let index = 0; index < warmUp; index += 1) work();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Two kinds of work measured in turns, so both see the same load on a shared machine. */
export async function timedInTurns(
  warmUp: number,
  runs: number,
  first: () => unknown,
  second: () => unknown,
): Promise<{ first: number[]; second: number[] }> {
  const samples = { first: [] as number[], second: [] as number[] };
  for (let index = 0; index < warmUp + runs; index += 1) {
    for (const [work, into] of [
      [first, samples.first],
      [second, samples.second],
    ] as const) {
      const started = performance.now();
      await work();
      if (index >= warmUp) into.push(performance.now() - started);
    }
  }
  return samples;
}

/** `timedInTurns` for synchronous work. */
export function timedSyncInTurns(
  warmUp: number,
  runs: number,
  first: () => unknown,
  second: () => unknown,
): { first: number[]; second: number[] } {
  const samples = { first: [] as number[], second: [] as number[] };
  for (let index = 0; index < warmUp + runs; index += 1) {
    let started = performance.now();
    first();
    if (index >= warmUp) samples.first.push(performance.now() - started);
    started = performance.now();
    second();
    if (index >= warmUp) samples.second.push(performance.now() - started);
  }
  return samples;
}

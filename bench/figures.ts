import { cpus, loadavg } from 'node:os';
import type { Spread } from './stats';

/** One figure of issue 15's table, measured with its reference in the same run. */
export interface Figure {
  name: string;
  /** What the target is checked against (a p95, a ratio, a count…), in `unit`. */
  value: number;
  unit: string;
  spread?: Spread;
  /** The spread's unit when it differs from the value's (a ratio checked, its times sampled). */
  spreadUnit?: string;
  /** The issue's target, in words. */
  target: string;
  /** The reference measured in the same run (plain fetch, raw FTS5, the empty screen…), in words. */
  reference: string;
  /** Null when the issue sets no target for it (shown for comparison). */
  pass: boolean | null;
  /** When it misses: why, from what this run measured. */
  why?: string;
}

const number = (value: number) =>
  Number.isFinite(value) ? value.toLocaleString('en-GB', { maximumFractionDigits: value < 10 ? 2 : value < 100 ? 1 : 0 }) : '—';

export function formatValue(value: number, unit: string): string {
  return unit === '×' ? `${number(value)}×` : `${number(value)} ${unit}`;
}

/** What a run measured: the tree, how (full, --quick, --large) and when; written with its figures. */
export interface RunStamp {
  /** The commit measured (short hash). */
  commit: string;
  /** Product files (electron, renderer, shared) changed or added but not committed, built as they were. */
  uncommittedProductFiles: number;
  /** `full`, `--quick` (smaller sizes: not the issue's figures), with ` --large` when the 1,000,000-row figures were added. */
  mode: string;
  /** When the run ended (ISO 8601). */
  date: string;
  seconds: number;
}

/** `bench/results.json`: the run's stamp, and figure name → {value, unit, target, reference, pass} (and p50/p95 where sampled). */
export function resultsJson(figures: readonly Figure[], run: RunStamp): string {
  const entries = figures.map((figure) => [
    figure.name,
    {
      value: Number.isFinite(figure.value) ? Number(figure.value.toFixed(3)) : null,
      unit: figure.unit,
      target: figure.target,
      reference: figure.reference,
      pass: figure.pass,
      ...(figure.spread
        ? {
            p50: Number(figure.spread.p50.toFixed(3)),
            p95: Number(figure.spread.p95.toFixed(3)),
            ...(figure.spreadUnit ? { p50p95Unit: figure.spreadUnit } : {}),
            runs: figure.spread.runs,
          }
        : {}),
    },
  ]);
  return `${JSON.stringify({ run: { ...run, seconds: Math.round(run.seconds) }, figures: Object.fromEntries(entries) }, null, 2)}\n`;
}

const passWord = (pass: boolean | null) => (pass === null ? '—' : pass ? 'pass' : '**miss**');

/** The report's figure table and, in words, every target missed and why. */
export function figureReport(figures: readonly Figure[], run: { mode: string; seconds: number; loadBefore: number[] }): string[] {
  const misses = figures.filter((figure) => figure.pass === false);
  const spreadCell = (figure: Figure) =>
    figure.spread
      ? `${formatValue(figure.spread.p50, figure.spreadUnit ?? figure.unit)} / ${formatValue(figure.spread.p95, figure.spreadUnit ?? figure.unit)} (${figure.spread.runs} runs)`
      : formatValue(figure.value, figure.unit);
  return [
    `Run ${new Date().toISOString()} (${run.mode}) on ${process.platform} ${process.arch}, ${cpus().length} cores, Node ${process.version}; took ${Math.round(run.seconds)} s.`,
    `Load average before the run ${run.loadBefore.map((value) => value.toFixed(2)).join(', ')}, after ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')} (the machine is shared with other work: figures can be noisy).`,
    '',
    '| figure | measured p50 / p95 | checked value | target | reference (same run) | pass |',
    '|---|---:|---:|---|---|---|',
    ...figures.map(
      (figure) =>
        `| ${figure.name} | ${spreadCell(figure)} | ${formatValue(figure.value, figure.unit)} | ${figure.target} | ${figure.reference} | ${passWord(figure.pass)} |`,
    ),
    '',
    misses.length
      ? `${misses.length} of ${figures.filter((figure) => figure.pass !== null).length} targets missed in this run. ${misses
          .map(
            (figure) =>
              `${figure.name}: ${formatValue(figure.value, figure.unit)} against ${figure.target}${figure.why ? `; ${figure.why}` : ''}.`,
          )
          .join(' ')}`
      : `Every one of the ${figures.filter((figure) => figure.pass !== null).length} targets passed in this run.`,
  ];
}

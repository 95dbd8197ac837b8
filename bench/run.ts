import { mkdirSync, writeFileSync } from 'node:fs';
import { measureCounter } from './counter';
import { measureSandbox } from './sandbox-load';

/** `npm run bench`: every figure, printed and written to bench/report.md. Figures, never pass/fail. */
const counter = await measureCounter();
const load = await measureSandbox();
const lines = [
  '# Packdesk benchmark report',
  '',
  `Run ${new Date().toISOString()} on ${process.platform} ${process.arch}, ${(await import('node:os')).cpus().length} cores, Node ${process.version}.`,
  '',
  '## The counter',
  '',
  '| figure | measured | target | compared with |',
  '|---|---:|---|---|',
  ...counter.map((figure) => `| ${figure.name} | ${figure.value} | ${figure.target} | ${figure.reference} |`),
  '',
  '## Built-in service on loopback, 50 connections',
  '',
  '| scenario | throughput (per s) | p50 (ms) | p99 (ms) | errors | note |',
  '|---|---:|---:|---:|---:|---|',
  ...load.map((figure) => `| ${figure.name} | ${figure.requestsPerSecond.toFixed(0)} | ${figure.p50Ms.toFixed(1)} | ${figure.p99Ms.toFixed(1)} | ${figure.errors} | ${figure.note} |`),
  '',
];
const report = lines.join('\n');
console.log(report);
mkdirSync('bench', { recursive: true });
writeFileSync('bench/report.md', report);
process.exit(0);

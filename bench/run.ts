import { mkdirSync, writeFileSync } from 'node:fs';
import { measureSandbox } from './sandbox-load';

/** `npm run bench`: every figure, printed and written to bench/report.md. Figures, never pass/fail. */
const figures = await measureSandbox();
const lines = [
  '# Packdesk benchmark report',
  '',
  `Run ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}, 50 connections on loopback.`,
  '',
  '## Built-in service',
  '',
  '| scenario | throughput (per s) | p50 (ms) | p99 (ms) | errors | note |',
  '|---|---:|---:|---:|---:|---|',
  ...figures.map((figure) => `| ${figure.name} | ${figure.requestsPerSecond.toFixed(0)} | ${figure.p50Ms.toFixed(1)} | ${figure.p99Ms.toFixed(1)} | ${figure.errors} | ${figure.note} |`),
  '',
];
const report = lines.join('\n');
console.log(report);
mkdirSync('bench', { recursive: true });
writeFileSync('bench/report.md', report);

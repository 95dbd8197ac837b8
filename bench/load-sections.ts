import { measureChangeLanding } from './change-landing';
import { measureManyCounters } from './many-counters';
import { measureSandbox } from './sandbox-load';

const LOAD_TARGETS: Record<string, string> = { search: 'p99 < 50 ms', pricing: 'p99 < 100 ms', 'full booking (4 calls)': 'p99 < 500 ms' };

/** The service under load, many counters at once and a change landing: sections kept from the earlier bench, in words. */
export async function loadSections(): Promise<string[]> {
  const load = await measureSandbox();
  const many = await measureManyCounters();
  const landing = await measureChangeLanding();
  return [
    '## Built-in service on loopback, 50 connections',
    '',
    'Each scenario is compared with the others in the same run: a search is the cheapest call, a full booking the dearest.',
    '',
    '| scenario | throughput (per s) | p50 (ms) | p99 (ms) | target | errors | note |',
    '|---|---:|---:|---:|---|---:|---|',
    ...load.map(
      (figure) =>
        `| ${figure.name} | ${figure.requestsPerSecond.toFixed(0)} | ${figure.p50Ms.toFixed(1)} | ${figure.p99Ms.toFixed(1)} | ${LOAD_TARGETS[figure.name] ?? '—'}, 0 errors | ${figure.errors} | ${figure.note} |`,
    ),
    '',
    `## Many counters at once: ${many.engines} engines × ${many.bookingsEach} bookings, faults on (2% 503, 2% 429, 2% answers dropped after commit)`,
    '',
    '| figure | measured | target |',
    '|---|---:|---|',
    `| bookings the service holds | ${many.made} | — |`,
    `| throughput | ${many.perSecond.toFixed(0)} bookings/s over ${many.seconds.toFixed(1)} s | — |`,
    `| one booking (price → hold → prebook → pay), p50 / p99 | ${many.p50Ms.toFixed(0)} / ${many.p99Ms.toFixed(0)} ms | p99 < 1,000 ms |`,
    `| lost bookings (charged at the service, no ledger row names them; matched one by one by sale) | ${many.lost} | 0 |`,
    `| orphan holds (held at the service, no ledger row names them) | ${many.orphanHolds} | 0 |`,
    `| phantom rows (a number the service does not hold for the sale, or none) | ${many.phantomRows} | 0 |`,
    `| duplicate rows | ${many.duplicateRows} | 0 |`,
    `| rows with another status, dates or total than the service's | ${many.wrongStatus} / ${many.wrongDates} / ${many.wrongTotal} | 0 |`,
    `| sales charged twice (two authorized bookings, or two authorizations on one) | ${many.doubleCharged} | 0 |`,
    `| writes and rows still unsettled after the settle | ${many.unsettled} | 0 |`,
    `| holds whose number was lost, kept as "Unconfirmed hold" for the agent | ${many.unconfirmedHolds} | — |`,
    `| bookings settled by reading back after a lost answer (flagged to the agent) | ${many.reconciled}${
      Object.keys(many.attentionByCause).length > 0
        ? `: ${Object.entries(many.attentionByCause)
            .map(([cause, count]) => `${count} “${cause}”`)
            .join(', ')}`
        : ''
    } | — |`,
    `| flows stopped by a fault with the app's own retries spent (the agent retries) | ${many.failedFlows} | — |`,
    '',
    '## A change that costs more: from the traveler paying its link to the ledger showing it',
    '',
    'The app’s own tracker; the traveler pays at a seeded moment 1 to 3 s after the link was given. Against each dialect of the built-in service: the standard one shows the stay on GET; the alternate one does not, so the same change is previewed again.',
    '',
    '| dialect | samples (ms) | worst (ms) | target |',
    '|---|---|---:|---|',
    ...landing.map(
      (figure) =>
        `| ${figure.dialect} | ${figure.samplesMs.map((ms) => ms.toFixed(0)).join(', ')} | ${Math.max(...figure.samplesMs).toFixed(0)} | within one tracker tick (500 ms) plus the read |`,
    ),
    '',
  ];
}

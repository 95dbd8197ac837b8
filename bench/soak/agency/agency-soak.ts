import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { startServiceProcess } from '../../service-process';
import { attentionFlagsOf } from '../attention-seen';
import { attentionByCause } from '../sale-matching';
import { SOAK_SERVICE_FAULTS } from '../service-faults';
import { ledgerTakings, serviceTakings, takingsMismatches } from '../takings';
import { readAgency, readLedger, readService } from './agency-copies';
import { compareCopies } from './compare-agency';
import { SOAK_AGENCY_TIMINGS } from './counter-protocol';
import { DURABLE, startDurablePostgres } from './durable-postgres';
import { startFaultProxy } from './fault-proxy';
import { ledgerState, unsettledInWords } from './ledger-file';
import { createLinkFaults } from './link-faults';
import { cardNumbersAnywhere } from './scan-cards';
import { sellingDay } from './selling';
import { createServerRestarts } from './server-restarts';
import { setServiceFaults } from './service-faults';
import { settleCounters } from './settle';
import { planSoak } from './soak-plan';
import { verdict } from './verdict';

// `npm run soak -- --agency --counters N --bookings M --seed S`: N counters joined to one agency on a
// durable PostgreSQL of the soak's own, each through a fault proxy (resets, blackholes, latency),
// SIGKILLed and the server stopped and started at seeded moments, travelers' follow-ups made at other
// counters and at two at once; then every counter's ledger is compared with the agency's tables and
// those with the service's records (bench/soak/agency/README.md). Prints one JSON line, exits 1 on
// any anomaly or when fewer kills, partitions or server restarts landed than asked.
const { values } = parseArgs({
  options: {
    // What scripts/soak.mjs chose this soak by; nothing more here.
    agency: { type: 'boolean', default: true },
    counters: { type: 'string', default: '4' },
    bookings: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
    kills: { type: 'string' },
    partitions: { type: 'string' },
    restarts: { type: 'string' },
    'settle-ms': { type: 'string', default: '180000' },
    // Leaves the run's folder (service, ledgers, cluster stopped) for a look afterwards; its path goes to stderr.
    keep: { type: 'boolean', default: false },
  },
});
const counters = Number(values.counters);
const bookings = Number(values.bookings);
const seed = Number(values.seed);
const sales = counters * bookings;
// Asked at least: a kill per 50 bookings, a partition per 100, a server restart per 2,500; and each counter killed and cut once.
const asked = {
  kills: Number(values.kills ?? Math.max(counters, Math.ceil(sales / 50))),
  partitions: Number(values.partitions ?? Math.max(counters, Math.ceil(sales / 100))),
  restarts: Number(values.restarts ?? Math.max(1, Math.ceil(sales / 2_500))),
};
const REQUEST_TIMEOUT_MS = 1_000;
// The single-counter soak's faults at the service.
const SERVICE_FAULTS = SOAK_SERVICE_FAULTS;
const NO_SERVICE_FAULTS = { errorRate: 0, rateLimitRate: 0, dropAfterCommitRate: 0, slowRequestRate: 0, latencyMs: 0 };
// Longer than the service can hold a request, so a lost write has landed by then: slowRequestMs and latency, and
// the wait for a turn on two cores shared by twenty counters (a cancel and a change seen landing 5.7 and 7.2 s
// after they were sent, at 20 x 100, when a window of 5 s had called them not made). The app's own is 60 s.
const DOUBT_WINDOW_MS = 20_000;
const AGENCY_DATABASE = 'agency';

const started = performance.now();
const dir = mkdtempSync(join(tmpdir(), 'packdesk-agency-soak-'));
const counterDir = (index: number) => join(dir, `counter-${index}`);
const range = Array.from({ length: counters }, (_, index) => index);
const writeOutAt = (index: number) => (ledgerState(counterDir(index))?.openWrites ?? 0) > 0;

const server = await startDurablePostgres(process.env.PACKDESK_TEST_PG_BIN ?? process.env.PACKDESK_PG_BIN ?? '/usr/lib/postgresql/15/bin');
const asAdmin = async <T>(database: string, work: (client: Client) => Promise<T>): Promise<T> => {
  const client = new Client({ host: server.host, port: server.port, user: 'postgres', database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};
const serviceFile = join(dir, 'service.db');
let failed: boolean;
const service = await startServiceProcess(serviceFile, SERVICE_FAULTS.supplierDelayMs);
try {
  const durability = await server.durability();
  await asAdmin('postgres', (admin) => admin.query(`CREATE DATABASE ${AGENCY_DATABASE}`));
  let faultSettingsNotTaken = await setServiceFaults(service, SERVICE_FAULTS);
  const proxies = await Promise.all(range.map(() => startFaultProxy({ host: server.host, port: server.port })));
  const plan = planSoak({ counters, bookings, seed, ...asked, queryTimeoutMs: SOAK_AGENCY_TIMINGS.queryTimeoutMs });
  const linkFaults = createLinkFaults(proxies, writeOutAt);
  const restarts = createServerRestarts(server, () => range.some(writeOutAt));
  const counterEnv = (index: number): Record<string, string> => ({
    PACKDESK_DATA_DIR: counterDir(index),
    SERVICE_URL: service.url,
    SERVICE_TEST_KEY: service.testKey,
    SERVICE_LIVE_KEY: service.liveKey,
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    DOUBT_WINDOW_MS: String(DOUBT_WINDOW_MS),
    TARGET: String(bookings),
    SEED: String(seed),
    AGENCY: JSON.stringify({
      host: '127.0.0.1',
      port: (proxies[index] as { port: number }).port,
      database: AGENCY_DATABASE,
      user: 'postgres',
    }),
  });

  const day = await sellingDay({ counters, seed, plan, counterDir, counterEnv, linkFaults, restarts });
  await linkFaults.finished();
  await restarts.finished();
  const soldAt = performance.now();

  // The day after: the service and every link healthy, each counter started once more to settle.
  faultSettingsNotTaken += await setServiceFaults(service, NO_SERVICE_FAULTS);
  const agency = new Client({ host: server.host, port: server.port, user: 'postgres', database: AGENCY_DATABASE });
  await agency.connect();
  const { rows: clock } = await agency.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  const settleStartedAt = clock[0]?.now as Date;
  const settled = await settleCounters({
    counters,
    counterDir,
    counterEnv,
    timeoutMs: Number(values['settle-ms']),
    agencyLatestSeq: async () =>
      Number((await agency.query<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM agency_changes')).rows[0]?.seq),
  });
  const settledAt = performance.now();
  await service.stopAndWait();
  await Promise.all(proxies.map((proxy) => proxy.close()));

  // Three ways: each counter's ledger against the agency's tables, and the agency's tables against the service.
  const ledgers = range.map((index) => readLedger(`Desk ${index + 1}`, counterDir(index)));
  const states = range.map((index) => ledgerState(counterDir(index)));
  const comparison = compareCopies(
    readService(serviceFile),
    await readAgency(agency),
    ledgers,
    day.changesAsked,
    new Map(range.map((index) => [`Desk ${index + 1}`, states[index]?.unsent ?? 0])),
  );
  // A write lease taken or renewed after the selling processes were gone, and never let go.
  const { rows: leases } = await agency.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM agency_leases WHERE kind = 'write' AND expires_at > $1::timestamptz + $2 * interval '1 millisecond'`,
    [settleStartedAt, SOAK_AGENCY_TIMINGS.writeLeaseMs],
  );
  const { rows: kept } = await agency.query<{ n: string }>('SELECT count(*)::text AS n FROM agency_bookings');
  const cards = await cardNumbersAnywhere({ counterDirs: range.map(counterDir), clusterDir: server.clusterDir, agency, scratch: dir });
  await agency.end();

  const { attention, unconfirmedHolds, wrongAtAgency, wrongAtDesks, ...divergence } = comparison.figures;
  const flagsSeen = range.flatMap((index) => attentionFlagsOf(counterDir(index), `Desk ${index + 1}`).seen);
  // Each desk's reports count its own sales: added up, they are the service's takings to the minor unit.
  const takings = takingsMismatches(
    serviceTakings(serviceFile),
    range.map((index) => ledgerTakings(counterDir(index))),
  );
  const figures = {
    bookings: readService(serviceFile).bookings.length,
    agencyBookings: Number(kept[0]?.n),
    ...day.figures,
    ...linkFaults.figures,
    ...restarts.figures,
    notDurable: restarts.figures.notDurable + (durability === DURABLE ? 0 : 1),
    faultSettingsNotTaken: faultSettingsNotTaken + linkFaults.figures.notTaken,
    counterCrashes: day.figures.counterCrashes + settled.crashes,
    converged: settled.converged ? 1 : 0,
    ...divergence,
    wrongTakings: takings.wrongTakings,
    unsettled: states.reduce((sum, state) => sum + (state ? state.openWrites + state.unsettledRows : 1), 0),
    leasesNotReleased: Number(leases[0]?.n),
    cardNumbers: cards.holding.length,
    wrongAtAgency,
    wrongAtDesks,
    attention,
    // Each counter flags its own copy: by cause, over every counter.
    attentionByCause: attentionByCause(ledgers.flatMap((ledger) => ledger.bookings.map((row) => row.attention))),
    // A flag asking an agent for an outcome their own call returned asks them for nothing: a defect (attention-seen.ts).
    attentionSeen: flagsSeen.length,
    unconfirmedHolds,
    killsAsked: asked.kills,
    partitionsAsked: asked.partitions,
    restartsAsked: asked.restarts,
    postgres: durability,
    sellingSeconds: Math.round((soldAt - started) / 1000),
    settleSeconds: Math.round((settledAt - soldAt) / 1000),
    seconds: Math.round((performance.now() - started) / 1000),
  };
  for (const example of comparison.examples) console.error(`[agency soak] ${example}`);
  for (const finding of takings.findings) console.error(`[agency soak] ${finding.term}: ${finding.detail}`);
  for (const index of range)
    for (const row of unsettledInWords(counterDir(index), 4)) console.error(`[agency soak] unsettled at Desk ${index + 1}: ${row}`);
  for (const found of cards.holding) console.error(`[agency soak] a card number in ${found}`);
  for (const flag of flagsSeen) console.error(`[agency soak] attentionSeen: ${flag}`);
  console.error(`[agency soak] follow-ups: ${JSON.stringify(Object.fromEntries(day.outcomes))}`);
  const reasons = verdict(figures, asked);
  for (const reason of reasons) console.error(`[agency soak] FAILED: ${reason}`);
  console.log(JSON.stringify(figures));
  failed = reasons.length > 0;
} finally {
  await service.stopAndWait();
  if (values.keep) {
    await server.stop('fast').catch(() => undefined);
    console.error(`[agency soak] kept: ${dir} (the cluster: ${server.clusterDir})`);
  } else {
    await server.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);

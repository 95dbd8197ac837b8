import type { Pool } from 'pg';
import type { AgencyConnectionSettings } from '../electron/core/agency/agency-connection';
import { connectToAgency } from '../electron/core/agency/connect-to-agency';
import { startOutboxPusher } from '../electron/core/agency/outbox-pusher';
import type { Core } from '../electron/core/core';
import { bookingsOf, counterCore, monotonicMs, probeCounter, untilLive } from './agency-counter-core';
import type { BenchService, Catalog, CounterProbe, ProbeRecords } from './agency-counter-core';

/**
 * One counter of the agency bench in a process of its own, as each counter of an agency is its own
 * app on its own machine: the bench process drives it over IPC (bench/agency-counters.ts).
 */

interface Running {
  core: Core;
  probe: CounterProbe;
  catalog: Catalog;
  index: number;
}

let running: Running | null = null;
let selling = false;
// Read through a function: `stopSelling` sets it while the selling loop awaits.
const stillSelling = (): boolean => selling;
let pushPool: Pool | null = null;

const current = (): Running => {
  if (!running) throw new Error('this counter is not open');
  return running;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A flow that failed is counted and the first failure told; the bench reports how many. */
async function sellOne(seller: ReturnType<typeof bookingsOf>, tally: { made: number; failed: number; firstError: string | null }) {
  try {
    if (await seller.book(current().core)) tally.made += 1;
  } catch (error) {
    tally.failed += 1;
    tally.firstError ??= error instanceof Error ? error.message : String(error);
  }
}

const ops = {
  /** Opens the counter's core and joins it to the agency as "Desk n"; resolves once the link is live. */
  async open(options: { index: number; dataDir: string; service: BenchService; agency: AgencyConnectionSettings }) {
    const core = counterCore(options.dataDir, options.service);
    const probe = probeCounter(core, options.dataDir);
    await core.start();
    const name = `Desk ${options.index + 1}`;
    // The password is empty: trust on loopback.
    await core.agency.connect({
      profileId: 1,
      host: options.agency.host,
      port: options.agency.port,
      database: options.agency.database,
      user: options.agency.user,
      tlsMode: options.agency.tlsMode,
      counterName: name,
    });
    await untilLive(core);
    const counterId = core.agency.ledger.membership()?.counterId;
    if (!counterId) throw new Error(`${name} did not join the agency`);
    running = { core, probe, catalog: await core.engine.search(''), index: options.index };
    return { counterId, name };
  },

  /** The app opened again on a data folder: timed from the core's creation until its ledger has applied `throughSeq` (s). */
  async reopen(options: { index: number; dataDir: string; service: BenchService; throughSeq: number }) {
    const started = monotonicMs();
    const core = counterCore(options.dataDir, options.service);
    const probe = probeCounter(core, options.dataDir);
    const starting = core.start();
    const caughtUp = await probe.appliedThrough(options.throughSeq);
    await starting;
    running = { core, probe, catalog: await core.engine.search(''), index: options.index };
    return (caughtUp - started) / 1000;
  },

  /** `bookings` whole bookings, each after a seeded pause of `pauseMs`. */
  async sell(options: { bookings: number; pauseMs: [number, number]; seed: number; phase: number }) {
    const { catalog, index } = current();
    const seller = bookingsOf(index, catalog, options.seed, options.phase);
    const tally = { made: 0, failed: 0, firstError: null as string | null };
    const [shortest, longest] = options.pauseMs;
    while (tally.made < options.bookings && tally.failed < 10) {
      if (longest > 0) await pause(shortest + seller.random() * (longest - shortest));
      await sellOne(seller, tally);
    }
    return tally;
  },

  /** Sells one booking after another until `stopSelling`. */
  async sellUntilStopped(options: { seed: number; phase: number }) {
    const { catalog, index } = current();
    const seller = bookingsOf(index, catalog, options.seed, options.phase);
    const tally = { made: 0, failed: 0, firstError: null as string | null };
    selling = true;
    while (stillSelling() && tally.failed < 10) await sellOne(seller, tally);
    return tally;
  },
  stopSelling: () => {
    selling = false;
  },

  /** The agency link stopped (changes wait in the outbox), and started again. */
  stopLink: () => current().core.agency.stop(),
  async startLink() {
    await current().core.agency.start();
    await untilLive(current().core);
  },
  drained: () => current().core.agency.drained(),
  appliedThrough: (seq: number) => current().probe.appliedThrough(seq),
  probe: (): ProbeRecords => ({ committed: current().probe.committed, applied: current().probe.applied }),
  ledgerRows: () => current().probe.ledgerRows(),

  /** A pool of the counter's own for the push burst, opened before the burst is timed. */
  async preparePush(agency: AgencyConnectionSettings) {
    const member = current().core.agency.ledger.membership();
    if (!member) throw new Error('this counter is not in the agency');
    pushPool = await connectToAgency(agency, { counterId: member.counterId, name: `Desk ${current().index + 1}` });
  },
  /** The app's pusher on this counter's own outbox, until it is empty. */
  async push() {
    const member = current().core.agency.ledger.membership();
    if (!pushPool || !member) throw new Error('preparePush first');
    const pusher = startOutboxPusher({ pool: pushPool, counterId: member.counterId, outbox: current().core.agency.ledger.outbox });
    await pusher.drained();
    await pusher.stop();
    await pushPool.end();
    pushPool = null;
  },

  async shutdown() {
    const closing = running;
    running = null;
    await closing?.core.shutdown();
    closing?.probe.close();
  },
};

export type CounterOps = typeof ops;
type Request = { id: number; op: keyof CounterOps; args: unknown[] };

process.on('message', (request: Request) => {
  const operation = ops[request.op] as (...args: unknown[]) => unknown;
  void (async () => {
    try {
      const value: unknown = await operation(...request.args);
      process.send?.({ id: request.id, ok: true, value });
    } catch (error) {
      process.send?.({ id: request.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
// The bench process went away (or is done with this counter): nothing here outlives it.
process.on('disconnect', () => process.exit(0));

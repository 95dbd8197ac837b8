import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { createCore } from '../../../electron/core/core';
import type { Core } from '../../../electron/core/core';
import type { SecretStore } from '../../../electron/core/secrets';
import { PATIENT_RETRY, childCounterCoreOptions } from '../../../test/support/counter-core';
import { seenRecorder } from '../attention-seen';
import { seededRandom } from '../seeded-random';
import { SOAK_AGENCY_TIMINGS } from './counter-protocol';
import type { CounterReport, FollowUpOrder } from './counter-protocol';
import { followUp } from './follow-up';
import { sellOne } from './sell-one';

// One counter of the agency soak, in its own process (SIGKILLed and started again on its folder by the
// driver): joins the agency through its fault proxy, sells until its ledger holds TARGET bookings of its
// own, and makes the follow-ups the driver sends on stdin meanwhile. With SETTLE=1 it only lets its
// reconciler, pusher and feed run. Either way it exits once its stdin closes.
const env = process.env;
const counter = Number(env.COUNTER);
const deskName = `Desk ${counter + 1}`;

/**
 * The agency's server takes the counters on trust (loopback), so there is no password to keep: the
 * soak's counters need no OS keychain and run anywhere. A write would be a bug in the soak.
 */
const noKeychain: SecretStore = {
  read: async () => null,
  write: async () => {
    throw new Error('the agency soak keeps no secret');
  },
  remove: async () => undefined,
  check: async () => undefined,
};

const core = createCore({
  ...childCounterCoreOptions({ keychainService: 'Packdesk-agency-soak', version: 'agency-soak' }),
  secrets: noKeychain,
  // The app's fresh pace (bench/soak/agency/README.md, the paces): at 50 ms twenty counters re-read every open booking twenty times a second.
  reconcilerTickMs: 500,
  requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS),
  doubtWindowMs: Number(env.DOUBT_WINDOW_MS),
  retry: PATIENT_RETRY,
  agencyTimings: SOAK_AGENCY_TIMINGS,
});
// What the agent saw (attention-seen.ts): a flag asking for an outcome its call returned is a defect.
const saw = seenRecorder(env.PACKDESK_DATA_DIR as string);
const report = (message: CounterReport) => process.stdout.write(`${JSON.stringify(message)}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Joins the agency the first time (the connection is saved; later lives start with it), trying again while the link is broken. */
async function joinAgency(): Promise<void> {
  if (await core.agency.settingsOf(1)) return;
  const agency = JSON.parse(env.AGENCY as string) as { host: string; port: number; database: string; user: string };
  for (;;) {
    try {
      await core.agency.connect({ profileId: 1, ...agency, tlsMode: 'disable', counterName: deskName });
      return;
    } catch {
      await sleep(200);
    }
  }
}

/** Changes made here that wait for the traveler's payment: paid at their link (a life killed before it paid leaves them). */
async function payWaitingChanges(target: Core): Promise<void> {
  const db = new DatabaseSync(join(env.PACKDESK_DATA_DIR as string, 'ledger.db'), { readOnly: true });
  const waiting = db.prepare('SELECT id FROM bookings WHERE pending_modification_reference IS NOT NULL').all() as { id: number }[];
  db.close();
  for (const { id } of waiting) {
    const link = target.ledger.get(id)?.pendingModification?.paymentLink;
    if (link) await fetch(link, { method: 'POST' }).catch(() => undefined);
  }
}

/** The catalog, asked again while the service fails or is slow (its faults are on): the agent searches again. */
async function searchUntilAnswered(): Promise<Awaited<ReturnType<Core['engine']['search']>>> {
  for (;;) {
    try {
      return await core.engine.search('');
    } catch {
      await sleep(200);
    }
  }
}

await core.start();
await joinAgency();
await payWaitingChanges(core);
const ownBookings = () => core.ledger.list({ profileId: 1, limit: 1, counter: 'here' }).total;
report({ kind: 'ready', sold: ownBookings() });

// Follow-ups as they come, beside the selling and each other (travelers phoning the desk while its agent sells).
const followUps = new Set<Promise<void>>();
const ordersClosed = new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const order = JSON.parse(line) as FollowUpOrder;
    const work = followUp(core, order, saw).then((outcome) => {
      report({ kind: 'followed', id: order.id, outcome });
    });
    followUps.add(work);
    void work.finally(() => followUps.delete(work));
  });
  lines.on('close', () => resolve());
});

if (env.SETTLE !== '1') {
  const target = Number(env.TARGET);
  const catalog = await searchUntilAnswered();
  const life = Number(env.LIFE);
  for (let attempt = 0; ownBookings() < target; attempt += 1) {
    // The same try of the same life always plays the same part; the holder names the intended sale in every copy.
    const random = seededRandom(Number(env.SEED), counter, life, attempt);
    // No digits standing alone in it: they would be words of their own in the ledger's search index, for the card scan to read.
    const holder = { name: 'Soak', surname: `${deskName.replace(' ', '')} life${life} try${attempt}`, email: `soak${counter}@example.com` };
    try {
      const sold = await sellOne(core, catalog, random, holder, saw);
      if (sold) {
        const { serviceBookingId, checkIn, checkOut } = sold;
        report({ kind: 'sold', sold: ownBookings(), serviceBookingId, checkIn, checkOut });
      }
    } catch (error) {
      if (env.SOAK_DEBUG) console.error(`[${deskName}] ${String(error)}`);
      // The agent moves on to the next traveler; the reconciler settles what was left in doubt.
    }
  }
  report({ kind: 'target' });
}
await ordersClosed;
await Promise.all(followUps);
await core.shutdown(2_000);
process.exit(0);

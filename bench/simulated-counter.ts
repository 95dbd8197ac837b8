import { randomUUID } from 'node:crypto';
import type { AgencyConnectionSettings } from '../electron/core/agency/agency-connection';
import { startChangeFeed } from '../electron/core/agency/change-feed';
import type { AgencyChangeSent } from '../electron/core/agency/agency-change';
import type { OutgoingChange } from '../electron/core/agency/change-log';
import { connectToAgency } from '../electron/core/agency/connect-to-agency';
import { startOutboxPusher } from '../electron/core/agency/outbox-pusher';
import { monotonicMs } from './agency-counter-core';
import type { ProbeRecords } from './agency-counter-core';
import { seededRandom } from './soak/seeded-random';

/**
 * A counter of the agency simulated as a client of the agency server: the app's own outbox pusher and
 * change feed, joined to the agency as a counter, with the SQLite ledger replaced by memory (its
 * outbox an array; a pulled batch only moves its cursor). What it sells is a booking's changes as
 * a counter's ledger writes them, at an agent's pace: no service, no engine, no tracker.
 */
export interface SimulatedCounter {
  counterId: string;
  name: string;
  records: ProbeRecords;
  /** Sells until `stopSelling`: a booking every pause of `pauseMs`, each three commits 300 ms apart (held, prebooked, Paid). */
  sell(pauseMs: [number, number], seed: number): Promise<number>;
  stopSelling(): void;
  /** `changes` changes committed at once (a backlog for another counter to catch up on). */
  commitMany(changes: number): void;
  drained(): Promise<void>;
  appliedThrough(seq: number): Promise<void>;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function startSimulatedCounter(index: number, agency: AgencyConnectionSettings, startSeq: number): Promise<SimulatedCounter> {
  const counterId = randomUUID();
  const name = `Desk ${index + 1}`;
  const pool = await connectToAgency(agency, { counterId, name });
  let outbox: OutgoingChange[] = [];
  let counterSeq = 0;
  let pulled = startSeq;
  let made = 0;
  let selling = false;
  // Read through a function: `stopSelling` sets it while the selling loop awaits.
  const stillSelling = (): boolean => selling;
  const records: ProbeRecords = { committed: [], applied: [] };
  const pusher = startOutboxPusher({
    pool,
    counterId,
    outbox: {
      pending: (limit) => outbox.slice(0, limit),
      acknowledge: (through) => {
        outbox = outbox.filter((change) => change.counterSeq > through);
      },
      size: () => outbox.length,
    },
  });
  const feed = startChangeFeed({
    settings: agency,
    counterId,
    port: {
      lastPulledSeq: () => pulled,
      applyRemote: ({ throughSeq }) => {
        pulled = throughSeq;
        records.applied.push({ at: monotonicMs(), seq: throughSeq });
      },
    },
  });
  const now = () => new Date().toISOString();
  const booking = (number: number, status: string, revision: number): AgencyChangeSent => ({
    kind: 'booking',
    bookingKey: `${counterId}/${number}`,
    serviceBookingId: 900_000 + index * 100_000 + number,
    status,
    checkIn: day(30),
    checkOut: day(33),
    holderName: 'Simulated',
    holderSurname: `Desk${index + 1} ${number}`,
    holderEmail: `sim${index + 1}.${number}@example.com`,
    packageId: 1,
    packageTitle: 'Simulated package',
    propertyId: 1,
    propertyName: 'Simulated property',
    adults: 2,
    paxAges: [35, 36],
    items: [],
    totalMinor: 50_000,
    currency: 'EUR',
    clientReference: `PD-SIM-${index + 1}-${number}`,
    bookingReference: revision === 0 ? null : `SIM${index + 1}X${number}`,
    inFlight: null,
    createdAt: now(),
    updatedAt: now(),
    revision,
    basedOn: revision === 0 ? null : { revision: revision - 1, counterId },
  });
  /** One local commit: its changes join the outbox together, and the pusher is woken, as the ledger's triggers and the link do. */
  const commit = (changes: AgencyChangeSent[]) => {
    for (const change of changes) {
      counterSeq += 1;
      outbox.push({ counterSeq, change });
    }
    records.committed.push({ at: monotonicMs(), counterSeq });
    pusher.wake();
  };
  const event = (number: number, type: string): AgencyChangeSent => ({
    kind: 'event',
    bookingKey: `${counterId}/${number}`,
    at: now(),
    type,
    summary: `${type} (simulated counter).`,
  });
  return {
    counterId,
    name,
    records,
    async sell(pauseMs, seed) {
      const random = seededRandom(seed, 1_000 + index);
      selling = true;
      let sold = 0;
      while (stillSelling()) {
        await pause(pauseMs[0] + random() * (pauseMs[1] - pauseMs[0]));
        made += 1;
        commit([booking(made, 'Pending', 0), event(made, 'Booked')]);
        await pause(300);
        commit([booking(made, 'Pending', 1)]);
        await pause(300);
        commit([booking(made, 'Paid', 2), event(made, 'Paid')]);
        sold += 1;
      }
      return sold;
    },
    stopSelling: () => {
      selling = false;
    },
    commitMany(changes) {
      const batch: AgencyChangeSent[] = [];
      while (batch.length < changes) {
        made += 1;
        batch.push(booking(made, 'Paid', 0));
      }
      commit(batch);
    },
    drained: () => pusher.drained(),
    async appliedThrough(seq) {
      while (pulled < seq) await pause(20);
    },
    async close() {
      selling = false;
      await pusher.stop();
      await feed.stop();
      await pool.end();
    },
  };
}

import { Client } from 'pg';
import type { AgencyConnectionSettings } from '../electron/core/agency/agency-connection';
import { pullChanges } from '../electron/core/agency/change-log';

/** What the agency figures are held against, measured with plain `pg` clients on the same server in the same run. */

export const plainClient = async (settings: AgencyConnectionSettings): Promise<Client> => {
  const client = new Client({ ...settings, ssl: false });
  await client.connect();
  return client;
};

/**
 * The floor of "a commit at one counter seen at every other": one plain client commits a NOTIFY and
 * `listeners` plain clients LISTEN; each sample is the time until the last of them has it (ms).
 */
export async function notifyFanOut(settings: AgencyConnectionSettings, listeners: number, samples: number): Promise<number[]> {
  const sender = await plainClient(settings);
  const clients = await Promise.all(Array.from({ length: listeners }, () => plainClient(settings)));
  try {
    let expected = '';
    let waiting = 0;
    let done: (() => void) | null = null;
    for (const client of clients) {
      client.on('notification', (message) => {
        if (message.payload !== expected) return;
        waiting -= 1;
        if (waiting === 0) done?.();
      });
      await client.query('LISTEN bench_fan_out');
    }
    const times: number[] = [];
    for (let sample = 0; sample < samples + 5; sample += 1) {
      expected = String(sample);
      waiting = clients.length;
      const started = performance.now();
      const all = new Promise<void>((resolve) => (done = resolve));
      await sender.query('SELECT pg_notify($1, $2)', ['bench_fan_out', expected]);
      await all;
      // The first five warm the connections up.
      if (sample >= 5) times.push(performance.now() - started);
    }
    return times;
  } finally {
    await Promise.all([sender, ...clients].map((client) => client.end()));
  }
}

/** A change as the agency stored it, copied out for the plain insert. */
interface StoredChange {
  counter_id: string;
  counter_seq: string;
  booking_key: string;
  kind: string;
  body: unknown;
}

/**
 * The same changes the counters pushed, inserted by one plain client in batches of `batchSize` into a
 * table of agency_changes' shape (its sequence and unique key; no agency record, lock or NOTIFY).
 * Returns changes per second.
 */
export async function plainInserts(
  from: AgencyConnectionSettings,
  range: { afterSeq: number; throughSeq: number },
  into: AgencyConnectionSettings,
  batchSize: number,
): Promise<{ changes: number; perSecond: number }> {
  const source = await plainClient(from);
  const target = await plainClient(into);
  try {
    const rows = (
      await source.query<StoredChange>(
        'SELECT counter_id, counter_seq, booking_key, kind, body FROM agency_changes WHERE seq > $1 AND seq <= $2 ORDER BY seq',
        [range.afterSeq, range.throughSeq],
      )
    ).rows;
    await target.query(`CREATE TABLE IF NOT EXISTS plain_changes (seq bigserial PRIMARY KEY, counter_id uuid NOT NULL,
      counter_seq bigint NOT NULL, booking_key text NOT NULL, kind text NOT NULL, body jsonb NOT NULL,
      committed_at timestamptz NOT NULL DEFAULT now(), UNIQUE (counter_id, counter_seq))`);
    await target.query('TRUNCATE plain_changes');
    const started = performance.now();
    for (let offset = 0; offset < rows.length; offset += batchSize) {
      const batch = rows.slice(offset, offset + batchSize);
      await target.query(
        `INSERT INTO plain_changes (counter_id, counter_seq, booking_key, kind, body)
         SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::jsonb[])`,
        [
          batch.map((row) => row.counter_id),
          batch.map((row) => row.counter_seq),
          batch.map((row) => row.booking_key),
          batch.map((row) => row.kind),
          batch.map((row) => JSON.stringify(row.body)),
        ],
      );
    }
    const seconds = (performance.now() - started) / 1000;
    return { changes: rows.length, perSecond: rows.length / seconds };
  } finally {
    await Promise.all([source.end(), target.end()]);
  }
}

/** The same range of the change log read by one plain client, page by page as the feed reads it, and not applied (s). */
export async function plainPull(
  settings: AgencyConnectionSettings,
  afterSeq: number,
  throughSeq: number,
  pageSize: number,
): Promise<number> {
  const client = await plainClient(settings);
  try {
    const started = performance.now();
    let cursor = afterSeq;
    while (cursor < throughSeq) {
      const page = await pullChanges(client, cursor, pageSize);
      const last = page.at(-1);
      if (!last) break;
      cursor = last.seq;
    }
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** The highest sequence in the agency's change log, read by a plain client (the bench's own look at the server). */
export async function agencyLatestSeq(auditor: Client): Promise<number> {
  return Number((await auditor.query<{ seq: string | null }>('SELECT max(seq) AS seq FROM agency_changes')).rows[0]?.seq ?? 0);
}

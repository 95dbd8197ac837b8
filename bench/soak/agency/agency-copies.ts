import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Client } from 'pg';
import { statusesOf } from '../../../electron/sandbox/dialect';
import type { State } from '../../../electron/sandbox/dialect';

// The three copies of what the agency sold, read as plain rows: the service's own records, the
// agency's tables in PostgreSQL, and each counter's SQLite ledger.

/** A booking's fields that every copy has. `sale` is the intended sale: the holder the counter wrote, unique per try. */
export interface BookingCopy {
  sale: string;
  serviceId: number | null;
  status: string;
  checkIn: string;
  checkOut: string;
  totalMinor: number;
  currency: string;
}

export interface ServiceBooking extends BookingCopy {
  serviceId: number;
  authorizations: number;
  /** Changes the service recorded on it (paid or waiting for payment). */
  modifications: number;
}

export interface ServiceRecords {
  bookings: ServiceBooking[];
  /** Changes whose difference was charged more than once. */
  modificationsChargedTwice: number;
}

/** The built-in service's records (its data file, after it stopped), statuses in the words the dialect shows a counter. */
export function readService(file: string): ServiceRecords {
  const outward = statusesOf('standard');
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db
      .prepare(
        `SELECT b.id, b.status, b.check_in, b.check_out, b.total_minor, b.currency, b.holder,
           (SELECT count(*) FROM payments p WHERE p.booking_id = b.id AND p.kind = 'authorization') AS authorizations,
           (SELECT count(*) FROM modifications m WHERE m.booking_id = b.id) AS modifications
         FROM bookings b`,
      )
      .all() as {
      id: number;
      status: State;
      check_in: string;
      check_out: string;
      total_minor: number;
      currency: string;
      holder: string;
      authorizations: number;
      modifications: number;
    }[];
    const chargedTwice = db
      .prepare(
        `SELECT count(*) AS n FROM (SELECT modification_reference FROM payments WHERE kind = 'charge' AND modification_reference IS NOT NULL
           GROUP BY modification_reference HAVING count(*) > 1)`,
      )
      .get() as { n: number };
    return {
      bookings: rows.map((row) => {
        const holder = JSON.parse(row.holder) as { name: string; surname: string };
        return {
          sale: `${holder.name} ${holder.surname}`,
          serviceId: row.id,
          status: outward[row.status],
          checkIn: row.check_in,
          checkOut: row.check_out,
          totalMinor: row.total_minor,
          currency: row.currency,
          authorizations: row.authorizations,
          modifications: row.modifications,
        };
      }),
      modificationsChargedTwice: chargedTwice.n,
    };
  } finally {
    db.close();
  }
}

/** A booking as the agency or a counter keeps it: its agency key, and its timeline as "at-ms type summary" lines. */
export interface KeptBooking extends BookingCopy {
  key: string | null;
  /** The flag's words at a counter (the agency keeps none). */
  attention: string | null;
}

export interface KeptCopy {
  where: string;
  bookings: KeptBooking[];
  events: Map<string, string[]>;
}

const eventsByKey = (rows: readonly { key: string; line: string }[]): Map<string, string[]> => {
  const events = new Map<string, string[]>();
  for (const { key, line } of rows) events.set(key, [...(events.get(key) ?? []), line]);
  return events;
};

/** The agency's tables: agency_bookings and agency_booking_events. */
export async function readAgency(client: Client): Promise<KeptCopy> {
  const bookings = await client.query<{
    booking_key: string;
    service_booking_id: string | null;
    status: string;
    check_in: string;
    check_out: string;
    total_minor: string;
    currency: string;
    sale: string;
  }>(
    `SELECT booking_key, service_booking_id::text, status, check_in::text, check_out::text, total_minor::text, currency,
       holder_name || ' ' || holder_surname AS sale FROM agency_bookings`,
  );
  const events = await client.query<{ booking_key: string; line: string }>(
    `SELECT booking_key, (extract(epoch FROM at) * 1000)::bigint || ' ' || type || ' ' || summary AS line FROM agency_booking_events ORDER BY seq`,
  );
  return {
    where: 'the agency',
    bookings: bookings.rows.map((row) => ({
      key: row.booking_key,
      sale: row.sale,
      serviceId: row.service_booking_id === null ? null : Number(row.service_booking_id),
      status: row.status,
      checkIn: row.check_in,
      checkOut: row.check_out,
      totalMinor: Number(row.total_minor),
      currency: row.currency,
      attention: null,
    })),
    events: eventsByKey(events.rows.map((row) => ({ key: row.booking_key, line: row.line }))),
  };
}

/** A counter's ledger file (the counter stopped): its bookings of the agency's profile and their timelines. */
export function readLedger(where: string, counterDir: string): KeptCopy {
  const db = new DatabaseSync(join(counterDir, 'ledger.db'), { readOnly: true });
  try {
    const bookings = db
      .prepare(
        `SELECT agency_key, service_booking_id, status, check_in, check_out, total_minor, currency, attention,
           holder_name || ' ' || holder_surname AS sale FROM bookings WHERE profile_id = 1`,
      )
      .all() as {
      agency_key: string | null;
      service_booking_id: number | null;
      status: string;
      check_in: string;
      check_out: string;
      total_minor: number;
      currency: string;
      attention: string | null;
      sale: string;
    }[];
    const events = db
      .prepare(
        `SELECT b.agency_key AS key, e.at, e.type, e.summary FROM booking_events e JOIN bookings b ON b.id = e.booking_id
         WHERE b.profile_id = 1 AND b.agency_key IS NOT NULL ORDER BY e.id`,
      )
      .all() as { key: string; at: string; type: string; summary: string }[];
    return {
      where,
      bookings: bookings.map((row) => ({
        key: row.agency_key,
        sale: row.sale,
        serviceId: row.service_booking_id,
        status: row.status,
        checkIn: row.check_in,
        checkOut: row.check_out,
        totalMinor: row.total_minor,
        currency: row.currency,
        attention: row.attention,
      })),
      events: eventsByKey(events.map((event) => ({ key: event.key, line: `${Date.parse(event.at)} ${event.type} ${event.summary}` }))),
    };
  } finally {
    db.close();
  }
}

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { AgencyConnectionSettings } from '../../../electron/core/agency/agency-connection';
import type { Sandbox } from '../../../electron/sandbox/sandbox';
import { queryAgency } from '../../support/agency-server';
import { converged, sleep } from './counters-helpers';
import type { Counter } from './counters-helpers';

// Every copy of the agency's bookings compared: each counter's SQLite ledger, PostgreSQL, and the service's own records.

/** Fields a booking has in every copy: a counter's ledger, the agency's record, and (where it has them) the service. */
interface SharedBooking {
  origin: string;
  serviceId: number | null;
  status: string;
  checkIn: string;
  checkOut: string;
  holder: string;
  packageTitle: string;
  propertyName: string;
  totalMinor: number;
  currency: string;
  clientReference: string;
  bookingReference: string | null;
  createdMs: number;
}

/** One copy of the agency's bookings: each by its agency key, with its timeline as "at type summary" lines. */
interface Copy {
  where: string;
  bookings: Map<string, SharedBooking>;
  events: Map<string, string[]>;
}

function grouped(rows: { key: string; line: string }[]): Map<string, string[]> {
  const events = new Map<string, string[]>();
  for (const { key, line } of rows) events.set(key, [...(events.get(key) ?? []), line]);
  return events;
}

/** The columns of a booking that PostgreSQL's agency_bookings and a counter's SQLite bookings name and read alike (days as text). */
interface BookingColumns {
  status: string;
  check_in: string;
  check_out: string;
  holder_name: string;
  holder_surname: string;
  package_title: string;
  property_name: string;
  currency: string;
  client_reference: string;
  booking_reference: string | null;
}

/** A booking as every copy has it: the columns read alike, and the four each copy reads its own way. */
function sharedBooking(
  row: BookingColumns,
  own: { origin: string; serviceId: number | null; totalMinor: number; createdMs: number },
): SharedBooking {
  return {
    origin: own.origin,
    serviceId: own.serviceId,
    status: row.status,
    checkIn: row.check_in,
    checkOut: row.check_out,
    holder: `${row.holder_name} ${row.holder_surname}`,
    packageTitle: row.package_title,
    propertyName: row.property_name,
    totalMinor: own.totalMinor,
    currency: row.currency,
    clientReference: row.client_reference,
    bookingReference: row.booking_reference,
    createdMs: own.createdMs,
  };
}

/** A row of agency_bookings with the name of the counter that made it; numbers as text, as PostgreSQL writes them. */
interface AgencyRow extends BookingColumns {
  booking_key: string;
  name: string;
  service_id: string | null;
  total: string;
  created_ms: string;
}

async function agencyCopy(settings: AgencyConnectionSettings): Promise<Copy> {
  const rows = await queryAgency<AgencyRow>(
    settings,
    `SELECT b.booking_key, n.name, b.service_booking_id::text AS service_id, b.status, b.check_in::text AS check_in,
       b.check_out::text AS check_out, b.holder_name, b.holder_surname, b.package_title, b.property_name, b.total_minor::text AS total,
       b.currency, b.client_reference, b.booking_reference, (extract(epoch FROM b.created_at) * 1000)::bigint::text AS created_ms
     FROM agency_bookings b JOIN agency_counters n ON n.counter_id = b.origin_counter_id`,
  );
  const events = await queryAgency<{ booking_key: string; at_ms: string; type: string; summary: string }>(
    settings,
    `SELECT booking_key, (extract(epoch FROM at) * 1000)::bigint::text AS at_ms, type, summary FROM agency_booking_events ORDER BY seq`,
  );
  return {
    where: 'PostgreSQL',
    bookings: new Map(
      rows.map((row) => [
        row.booking_key,
        sharedBooking(row, {
          origin: row.name,
          serviceId: row.service_id === null ? null : Number(row.service_id),
          totalMinor: Number(row.total),
          createdMs: Number(row.created_ms),
        }),
      ]),
    ),
    events: grouped(events.map((event) => ({ key: event.booking_key, line: `${event.at_ms} ${event.type} ${event.summary}` }))),
  };
}

/** A row of a counter's SQLite bookings (the columns compared). */
interface LedgerRow extends BookingColumns {
  id: number;
  agency_key: string | null;
  origin_counter: string | null;
  service_booking_id: number | null;
  total_minor: number;
  created_at: string;
}

/** A counter's ledger as its SQLite file holds it (read on a connection of its own, beside the running core). */
export function ledgerCopy(counter: Pick<Counter, 'name' | 'dataDir'>): Copy {
  const db = new DatabaseSync(join(counter.dataDir, 'ledger.db'), { readOnly: true });
  try {
    const rows = db.prepare('SELECT * FROM bookings WHERE profile_id = 1').all() as unknown as LedgerRow[];
    const events = db
      .prepare(
        `SELECT coalesce(b.agency_key, 'unshared/' || b.id) AS key, e.at, e.type, e.summary
         FROM booking_events e JOIN bookings b ON b.id = e.booking_id WHERE b.profile_id = 1 ORDER BY e.id`,
      )
      .all() as { key: string; at: string; type: string; summary: string }[];
    return {
      where: counter.name,
      bookings: new Map(
        rows.map((row) => [
          // A booking the agency was never told of has no key: it shows up as missing from PostgreSQL.
          row.agency_key ?? `unshared/${row.id}`,
          sharedBooking(row, {
            origin: row.origin_counter ?? counter.name,
            serviceId: row.service_booking_id,
            totalMinor: row.total_minor,
            createdMs: Date.parse(row.created_at),
          }),
        ]),
      ),
      events: grouped(events.map((event) => ({ key: event.key, line: `${Date.parse(event.at)} ${event.type} ${event.summary}` }))),
    };
  } finally {
    db.close();
  }
}

/** What differs between copies that should be equal. Each entry says where, which booking and what. */
export interface Divergence {
  lost: string[];
  duplicated: string[];
  wrong: string[];
}

export const NOTHING_DIVERGES: Divergence = { lost: [], duplicated: [], wrong: [] };

const counts = (lines: readonly string[]): Map<string, number> => {
  const found = new Map<string, number>();
  for (const line of lines) found.set(line, (found.get(line) ?? 0) + 1);
  return found;
};

function compareCopies(agency: Copy, copy: Copy, found: Divergence): void {
  for (const [key, booking] of agency.bookings) {
    const there = copy.bookings.get(key);
    if (!there) {
      found.lost.push(`${copy.where} lacks ${key} (${booking.holder}, ${booking.status})`);
      continue;
    }
    for (const field of Object.keys(booking) as (keyof SharedBooking)[]) {
      if (booking[field] !== there[field])
        found.wrong.push(`${copy.where} has ${key} ${field} ${String(there[field])}, PostgreSQL ${String(booking[field])}`);
    }
  }
  for (const [key, booking] of copy.bookings) {
    if (!agency.bookings.has(key)) found.lost.push(`PostgreSQL lacks ${key} (${booking.holder}, ${booking.status}) of ${copy.where}`);
  }
  for (const key of new Set([...agency.events.keys(), ...copy.events.keys()])) {
    const inAgency = counts(agency.events.get(key) ?? []);
    const inCopy = counts(copy.events.get(key) ?? []);
    for (const line of new Set([...inAgency.keys(), ...inCopy.keys()])) {
      const a = inAgency.get(line) ?? 0;
      const c = inCopy.get(line) ?? 0;
      if (a === c) continue;
      const what = `${key} event "${line}": ${copy.where} ${c} times, PostgreSQL ${a}`;
      if (Math.min(a, c) === 0 && Math.max(a, c) === 1) found.lost.push(what);
      else found.duplicated.push(what);
    }
  }
}

/** The service's own record of each booking of the training organization, in the words a counter records (the dialect's status). */
function serviceBookings(sandbox: Sandbox): Map<number, Omit<SharedBooking, 'origin' | 'clientReference' | 'createdMs'>> {
  const made = sandbox.service.bookingsSince(sandbox.keys.organizationId, '1970-01-01T00:00:00.000Z');
  return new Map(
    made.map((summary) => {
      const row = sandbox.service.ledger(summary.id).booking;
      if (!row) throw new Error(`the service lists booking ${summary.id} but cannot read it`);
      const holder = JSON.parse(row.holder) as { name: string; surname: string };
      return [
        summary.id,
        {
          serviceId: summary.id,
          status: row.status,
          checkIn: row.check_in,
          checkOut: row.check_out,
          holder: `${holder.name} ${holder.surname}`,
          totalMinor: row.total_minor,
          currency: row.currency,
          bookingReference: row.booking_reference,
          // The service's own record has ids where a counter keeps names: these two are checked against the counters only.
          packageTitle: '',
          propertyName: '',
        },
      ];
    }),
  );
}

/**
 * Every counter's ledger against PostgreSQL's agency_bookings and agency_booking_events, and
 * PostgreSQL against the service's own records: bookings missing anywhere (lost), a booking or a
 * timeline line twice (duplicated), a field that differs (wrong).
 */
export async function divergence(counters: readonly Counter[], settings: AgencyConnectionSettings, sandbox: Sandbox): Promise<Divergence> {
  const found: Divergence = { lost: [], duplicated: [], wrong: [] };
  const agency = await agencyCopy(settings);
  for (const counter of counters) compareCopies(agency, ledgerCopy(counter), found);

  const atService = serviceBookings(sandbox);
  const byServiceId = new Map<number, string[]>();
  for (const [key, booking] of agency.bookings) {
    if (booking.serviceId === null) {
      found.wrong.push(`PostgreSQL has ${key} with no service booking id (${booking.status})`);
      continue;
    }
    byServiceId.set(booking.serviceId, [...(byServiceId.get(booking.serviceId) ?? []), key]);
  }
  for (const [serviceId, service] of atService) {
    const keys = byServiceId.get(serviceId) ?? [];
    if (keys.length === 0) found.lost.push(`PostgreSQL lacks service booking ${serviceId} (${service.holder}, ${service.status})`);
    if (keys.length > 1) found.duplicated.push(`PostgreSQL has service booking ${serviceId} as ${keys.join(', ')}`);
    for (const key of keys) {
      const booking = agency.bookings.get(key) as SharedBooking;
      for (const field of ['status', 'checkIn', 'checkOut', 'holder', 'totalMinor', 'currency', 'bookingReference'] as const) {
        if (booking[field] !== service[field])
          found.wrong.push(`PostgreSQL has ${key} ${field} ${String(booking[field])}, the service ${String(service[field])}`);
      }
    }
  }
  for (const [serviceId, keys] of byServiceId) {
    if (!atService.has(serviceId))
      found.wrong.push(`PostgreSQL has ${keys.join(', ')} as service booking ${serviceId}, unknown to the service`);
  }
  return found;
}

/** Waits for the counters to converge, then compares every copy; a change landing between the two is waited for again. */
export async function settledDivergence(
  counters: readonly Counter[],
  settings: AgencyConnectionSettings,
  sandbox: Sandbox,
): Promise<Divergence> {
  let found: Divergence = { lost: [], duplicated: [], wrong: [] };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await converged(counters, settings);
    found = await divergence(counters, settings, sandbox);
    if (found.lost.length + found.duplicated.length + found.wrong.length === 0) return found;
    await sleep(300);
  }
  return found;
}

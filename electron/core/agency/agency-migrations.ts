import { defineMessages } from '../../../shared/i18n/messages';
import type { Pool, PoolClient } from 'pg';
import { AppError } from '../app-error';
import { checkOut } from './agency-connection';
import { CHANGES_CHANNEL, PUSH_LOCK } from './change-log';
import { FLEET_MIGRATION } from './agency-fleet-schema';
import { PEOPLE_CHECK_MIGRATION } from './agency-people-check';
import { AGENCY_PEOPLE_MIGRATION } from './agency-people-schema';
import { ZERO_TRUST_MIGRATION } from './agency-trust-schema';
import { WORDS_CHECK_MIGRATION } from './agency-words-check';
import { AUDIT_WORDS_MIGRATION } from './agency-audit-words';
import { READ_FIRST_LEASE_MIGRATION } from './lease-refusal-schema';

const words = defineMessages({
  noTables: {
    id: 'error.agency.noTables.message',
    defaultMessage: 'The agency ledger has no tables yet, and this counter’s user may not create them.',
  },
  upgradeNeedsOwner: {
    id: 'error.agency.upgradeNeedsOwner.message',
    defaultMessage: 'The agency ledger needs an upgrade (schema {current} to {wanted}) that only its owner may make.',
  },
  ownerHint: {
    id: 'error.agency.upgradeNeedsOwner.hint',
    defaultMessage:
      'Connect one counter once with the agency database owner’s user (README: An agency with several counters); then this counter connects as itself.',
  },
  tooNew: {
    id: 'error.agency.databaseTooNew.message',
    defaultMessage: 'The agency ledger was upgraded by a newer Packdesk (schema {current}, this counter knows {known}).',
  },
  tooNewHint: {
    id: 'error.agency.databaseTooNew.hint',
    defaultMessage: 'Install the newer Packdesk on this counter; until then it works on its own ledger and sends nothing to the agency.',
  },
});

/** One step of the agency server's schema, as SQL; the list index + 1 is the version it produces. */
export type AgencyMigration = string;

/** Held while migrating, so two counters starting at once do not both apply a step. */
export const MIGRATION_LOCK = 0x7061636b; // "pack"

/**
 * The agency's PostgreSQL schema, one entry per version. Append; never edit a shipped entry.
 * The tables hold booking fields only (ids, status, dates, holder name, totals, references,
 * timeline events): no API key, card data or client secret has a column to land in.
 */
export const agencyMigrations: readonly AgencyMigration[] = [
  `
  CREATE TABLE agency_counters (
    counter_id uuid PRIMARY KEY,
    name text NOT NULL,
    joined_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now()
  );
  -- The change log: one global order (seq) for every counter's changes; a change is known by its
  -- counter and that counter's own sequence, so pushing it again is a no-op.
  CREATE TABLE agency_changes (
    seq bigserial PRIMARY KEY,
    counter_id uuid NOT NULL REFERENCES agency_counters,
    counter_seq bigint NOT NULL CHECK (counter_seq > 0),
    booking_key text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('booking', 'event')),
    body jsonb NOT NULL,
    committed_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (counter_id, counter_seq)
  );
  -- The agency's record: each booking as its latest change left it, and the counter that made it.
  CREATE TABLE agency_bookings (
    booking_key text PRIMARY KEY,
    origin_counter_id uuid NOT NULL REFERENCES agency_counters,
    service_booking_id bigint,
    status text NOT NULL,
    check_in date NOT NULL,
    check_out date NOT NULL,
    holder_name text NOT NULL,
    holder_surname text NOT NULL,
    package_title text NOT NULL,
    property_name text NOT NULL,
    total_minor bigint NOT NULL,
    currency text NOT NULL,
    client_reference text NOT NULL,
    booking_reference text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    last_seq bigint NOT NULL
  );
  CREATE TABLE agency_booking_events (
    seq bigint PRIMARY KEY REFERENCES agency_changes,
    booking_key text NOT NULL,
    at timestamptz NOT NULL,
    type text NOT NULL,
    summary text NOT NULL
  );
  CREATE INDEX agency_booking_events_booking ON agency_booking_events (booking_key, seq);
  -- Short leases: 'write' while a counter sends a write to the service, 'track' for the one counter polling a booking.
  CREATE TABLE agency_leases (
    booking_key text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('write', 'track')),
    counter_id uuid NOT NULL REFERENCES agency_counters,
    token uuid NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (booking_key, kind)
  );
  `,
  // A counter about to write a booking asks which of the others' changes to it it must have applied first.
  `
  CREATE INDEX agency_changes_booking ON agency_changes (booking_key, seq);
  `,
  // A push in one call: the push lock is held only while the server works, never across a round trip
  // to a counter (many counters queued on it). Checked by the counter before it calls.
  `
  CREATE FUNCTION agency_push(p_counter uuid, p_changes jsonb, OUT applied bigint, OUT last_seq bigint)
  LANGUAGE plpgsql AS $push$
  BEGIN
    -- Sequence numbers are handed out in commit order: a reader of "after 41" never misses 42.
    PERFORM pg_advisory_xact_lock(${PUSH_LOCK});
    WITH inserted AS (
      INSERT INTO agency_changes (counter_id, counter_seq, booking_key, kind, body)
      SELECT p_counter, (e->>'counterSeq')::bigint, e->'change'->>'bookingKey', e->'change'->>'kind', e->'change'
      FROM jsonb_array_elements(p_changes) AS t (e)
      ORDER BY (e->>'counterSeq')::bigint
      ON CONFLICT (counter_id, counter_seq) DO NOTHING
      RETURNING seq, booking_key, kind, body
    ),
    -- Several states of one booking in a push: only the last one is the record.
    latest AS (
      SELECT DISTINCT ON (booking_key) seq, body FROM inserted WHERE kind = 'booking' ORDER BY booking_key, seq DESC
    ),
    record AS (
      INSERT INTO agency_bookings (booking_key, origin_counter_id, service_booking_id, status, check_in, check_out, holder_name,
        holder_surname, package_title, property_name, total_minor, currency, client_reference, booking_reference, created_at,
        updated_at, last_seq)
      SELECT r."bookingKey", p_counter, r."serviceBookingId", r.status, r."checkIn", r."checkOut", r."holderName", r."holderSurname",
        r."packageTitle", r."propertyName", r."totalMinor", r.currency, r."clientReference", r."bookingReference", r."createdAt",
        r."updatedAt", latest.seq
      FROM latest, jsonb_to_record(latest.body) AS r ("bookingKey" text, "serviceBookingId" bigint, status text, "checkIn" date,
        "checkOut" date, "holderName" text, "holderSurname" text, "packageTitle" text, "propertyName" text, "totalMinor" bigint,
        currency text, "clientReference" text, "bookingReference" text, "createdAt" timestamptz, "updatedAt" timestamptz)
      ON CONFLICT (booking_key) DO UPDATE SET service_booking_id = excluded.service_booking_id, status = excluded.status,
        check_in = excluded.check_in, check_out = excluded.check_out, holder_name = excluded.holder_name,
        holder_surname = excluded.holder_surname, package_title = excluded.package_title, property_name = excluded.property_name,
        total_minor = excluded.total_minor, currency = excluded.currency, client_reference = excluded.client_reference,
        booking_reference = excluded.booking_reference, updated_at = excluded.updated_at, last_seq = excluded.last_seq
      RETURNING 1
    ),
    timeline AS (
      INSERT INTO agency_booking_events (seq, booking_key, at, type, summary)
      SELECT seq, booking_key, (body->>'at')::timestamptz, body->>'type', body->>'summary' FROM inserted WHERE kind = 'event'
      RETURNING 1
    )
    SELECT count(*), max(seq) INTO applied, last_seq FROM inserted;
    IF last_seq IS NOT NULL THEN
      PERFORM pg_notify('${CHANGES_CHANNEL}', last_seq::text);
    END IF;
  END
  $push$;
  `,
  // Per booking, a late change never undoes a newer one; every counter a peer, writing only through functions bound to
  // the role that logs in, checked by the server.
  ZERO_TRUST_MIGRATION,
  // The agency's agents (defined only by an agency administrator's counter) and every counter's audit chain.
  AGENCY_PEOPLE_MIGRATION,
  // Who made and changed a booking, and who wrote each line, at which counter: the check takes those fields too.
  PEOPLE_CHECK_MIGRATION,
  // The fleet: what each counter runs and where its updating stands, and the agency's minimum version.
  FLEET_MIGRATION,
  // A timeline line's words (its catalog message and values), so each counter shows it in its own agent's language.
  WORDS_CHECK_MIGRATION,
  AUDIT_WORDS_MIGRATION,
  // A lease another counter holds is refused by a read: no transaction id, no commit to flush.
  READ_FIRST_LEASE_MIGRATION,
];

/** Whether this login may change the agency's schema: it owns the database (a counter on its own role does not). */
async function ownsSchema(client: { query: PoolClient['query'] }): Promise<boolean> {
  const found = await client.query<{ owner: boolean }>(
    `SELECT pg_has_role(current_user, d.datdba, 'USAGE') AS owner FROM pg_database d WHERE d.datname = current_database()`,
  );
  return found.rows[0]?.owner === true;
}

function upgradeNeedsOwner(current: number, wanted: number): AppError {
  return new AppError(
    'agency_login_refused',
    current === 0 ? { message: words.noTables } : { message: words.upgradeNeedsOwner, values: { current, wanted } },
    { message: words.ownerHint },
  );
}

/**
 * The version of the agency's schema before taking the lock; 0 where it has none yet. Its table is looked
 * for in pg_tables, not by name: a name looked up and not found stays "not found" in this connection's
 * catalog cache, which the advisory lock does not refresh, and the step under the lock would then create
 * the table a second time.
 */
async function schemaVersionSeen(client: { query: PoolClient['query'] }): Promise<number> {
  const exists = await client.query<{ found: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_tables WHERE tablename = 'agency_schema_versions' AND schemaname = ANY (current_schemas(false))) AS found",
  );
  if (!exists.rows[0]?.found) return 0;
  const found = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM agency_schema_versions');
  return found.rows[0]?.version ?? 0;
}

function tooNew(current: number, known: number): AppError {
  return new AppError('database_too_new', { message: words.tooNew, values: { current, known } }, { message: words.tooNewHint });
}

/**
 * Brings the agency's schema up to what this counter knows, in one transaction under an advisory
 * lock (two counters starting at once apply each step once). A server upgraded by a newer Packdesk
 * is refused: this counter would write rows it does not understand. A schema already up to date is
 * only read: twenty counters coming back after a server restart do not queue for the lock one by one.
 */
export async function migrateAgencySchema(pool: Pool, migrations: readonly AgencyMigration[] = agencyMigrations): Promise<void> {
  const client = await checkOut(pool);
  let failure: unknown = null;
  try {
    const seen = await schemaVersionSeen(client);
    if (seen > migrations.length) throw tooNew(seen, migrations.length);
    if (seen === migrations.length) return;
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Created only where missing: a counter on its own role may use the schema but not create in it.
    const exists = await client.query<{ found: string | null }>("SELECT to_regclass('agency_schema_versions')::text AS found");
    if (!exists.rows[0]?.found) {
      await client.query(
        'CREATE TABLE agency_schema_versions (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
    }
    // Read again under the lock: another counter may have migrated meanwhile.
    const found = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM agency_schema_versions');
    const current = found.rows[0]?.version ?? 0;
    if (current > migrations.length) throw tooNew(current, migrations.length);
    if (current < migrations.length && !(await ownsSchema(client))) throw upgradeNeedsOwner(current, migrations.length);
    for (let version = current + 1; version <= migrations.length; version += 1) {
      await client.query(migrations[version - 1] as string);
      await client.query('INSERT INTO agency_schema_versions (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    failure = error;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    // A connection that failed mid-way is closed rather than handed to the next caller.
    client.done(failure !== null && !(failure instanceof AppError));
  }
}

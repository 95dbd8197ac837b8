import { CHANGES_CHANNEL, PUSH_LOCK } from './change-log';

/** The longest lease the server grants, whatever a counter asks for: a counter that dies lets its bookings go within it. */
export const LONGEST_LEASE_MS = 120_000;

const BOOKING_FIELDS = [
  'kind',
  'bookingKey',
  'serviceBookingId',
  'status',
  'checkIn',
  'checkOut',
  'holderName',
  'holderSurname',
  'holderEmail',
  'packageId',
  'packageTitle',
  'propertyId',
  'propertyName',
  'adults',
  'paxAges',
  'items',
  'totalMinor',
  'currency',
  'clientReference',
  'bookingReference',
  'inFlight',
  'createdAt',
  'updatedAt',
  'revision',
  'basedOn',
];
const EVENT_FIELDS = ['kind', 'bookingKey', 'at', 'type', 'summary'];
const sqlArray = (names: readonly string[]) => `ARRAY[${names.map((name) => `'${name}'`).join(', ')}]`;
const INSTANT = `'^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$'`;

/**
 * Agency server schema 4. Per booking, a late change never undoes a newer one: the record keeps the
 * booking's highest revision (the counter id breaks a tie), and a change below it is kept in the log
 * (every counter applies the same rule) but leaves the record as it is. And every counter is a peer,
 * not an authority. A counter writes only through
 * functions that run as the schema's owner and bind each write to the login role that sends it
 * (`session_user`): a counter id belongs to the role that first joined with it, so a counter cannot
 * push, lease or rename as another. Counters may read the tables and call the functions; nothing else
 * (with one role per counter, writing the tables directly is refused). The server checks every change
 * itself (the fields a counter may send, their types and lengths), keeps a booking's identity
 * (service booking number, package, property) once it is set, lets a new booking be sent only by the
 * counter whose key it carries, and caps the length of a lease.
 *
 * Written out whole, though agency_push repeats much of schema 3's (agency-migrations.ts) and the lease
 * functions repeat each other's shape: PostgreSQL replaces a function only whole, and a step's SQL is
 * frozen once shipped, so no step is built from a piece another step shares (changing the piece would
 * rewrite a shipped step, and servers that already ran it would differ from new ones).
 */
export const ZERO_TRUST_MIGRATION = `
  ALTER TABLE agency_bookings ADD COLUMN revision bigint NOT NULL DEFAULT 0, ADD COLUMN revised_by uuid;
  ALTER TABLE agency_counters ADD COLUMN role_name name NOT NULL DEFAULT session_user;
  ALTER TABLE agency_bookings ADD COLUMN package_id bigint, ADD COLUMN property_id bigint;
  ALTER TABLE agency_bookings ADD CONSTRAINT agency_bookings_currency CHECK (currency ~ '^[A-Z]{3}$') NOT VALID,
    ADD CONSTRAINT agency_bookings_stay CHECK (check_out >= check_in) NOT VALID;

  CREATE FUNCTION agency_is_text(value jsonb, shortest int, longest int) RETURNS boolean LANGUAGE sql IMMUTABLE AS
    $$ SELECT jsonb_typeof(value) = 'string' AND length(value #>> '{}') BETWEEN shortest AND longest $$;
  CREATE FUNCTION agency_is_integer(value jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS
    $$ SELECT jsonb_typeof(value) = 'number' AND (value #>> '{}')::numeric = trunc((value #>> '{}')::numeric)
         AND abs((value #>> '{}')::numeric) < 9007199254740992 $$;

  -- Why the server will not take a change, in a few words; NULL when it may.
  CREATE FUNCTION agency_change_problem(c jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $check$
  DECLARE
    allowed text[];
    extra text;
  BEGIN
    IF jsonb_typeof(c) IS DISTINCT FROM 'object' THEN RETURN 'not a change'; END IF;
    IF c->>'kind' = 'booking' THEN allowed := ${sqlArray(BOOKING_FIELDS)};
    ELSIF c->>'kind' = 'event' THEN allowed := ${sqlArray(EVENT_FIELDS)};
    ELSE RETURN 'not a booking or a timeline line'; END IF;
    SELECT k INTO extra FROM jsonb_object_keys(c) AS k WHERE k <> ALL (allowed) LIMIT 1;
    IF extra IS NOT NULL THEN RETURN 'a field the agency does not keep (' || left(extra, 40) || ')'; END IF;
    IF NOT agency_is_text(c->'bookingKey', 1, 200) THEN RETURN 'no booking key'; END IF;
    IF c->>'kind' = 'event' THEN
      IF NOT (agency_is_text(c->'type', 1, 100) AND agency_is_text(c->'summary', 0, 1000) AND agency_is_text(c->'at', 1, 40)
        AND c->>'at' ~ ${INSTANT}) THEN
        RETURN 'a timeline line without its time, type or words';
      END IF;
      RETURN NULL;
    END IF;
    IF NOT (agency_is_text(c->'status', 1, 100) AND agency_is_text(c->'holderName', 0, 200) AND agency_is_text(c->'holderSurname', 0, 200)
      AND agency_is_text(c->'holderEmail', 0, 320) AND agency_is_text(c->'packageTitle', 0, 500)
      AND agency_is_text(c->'propertyName', 0, 500) AND agency_is_text(c->'clientReference', 1, 100)) THEN
      RETURN 'a name, status or reference missing or too long';
    END IF;
    IF NOT (agency_is_text(c->'currency', 3, 3) AND c->>'currency' ~ '^[A-Z]{3}$') THEN RETURN 'a currency that is not three capitals'; END IF;
    IF NOT (agency_is_text(c->'checkIn', 10, 10) AND agency_is_text(c->'checkOut', 10, 10) AND c->>'checkIn' ~ '^\\d{4}-\\d{2}-\\d{2}$'
      AND c->>'checkOut' ~ '^\\d{4}-\\d{2}-\\d{2}$') THEN
      RETURN 'a stay without its days';
    END IF;
    IF NOT (agency_is_text(c->'createdAt', 1, 40) AND agency_is_text(c->'updatedAt', 1, 40) AND c->>'createdAt' ~ ${INSTANT}
      AND c->>'updatedAt' ~ ${INSTANT}) THEN
      RETURN 'no time it was made or changed';
    END IF;
    IF NOT (agency_is_integer(c->'packageId') AND agency_is_integer(c->'propertyId') AND agency_is_integer(c->'adults')
      AND agency_is_integer(c->'totalMinor')) THEN
      RETURN 'a package, property, guest count or total that is not a whole number';
    END IF;
    IF NOT (jsonb_typeof(c->'serviceBookingId') = 'null' OR (agency_is_integer(c->'serviceBookingId') AND (c->>'serviceBookingId')::numeric > 0)) THEN
      RETURN 'a service booking number that is not one';
    END IF;
    IF NOT ((jsonb_typeof(c->'bookingReference') = 'null' OR agency_is_text(c->'bookingReference', 0, 200))
      AND (jsonb_typeof(c->'inFlight') = 'null' OR agency_is_text(c->'inFlight', 0, 40))) THEN
      RETURN 'a reference or write mark that is not text';
    END IF;
    IF NOT (jsonb_typeof(c->'paxAges') = 'array' AND jsonb_array_length(c->'paxAges') <= 50 AND jsonb_typeof(c->'items') = 'array'
      AND jsonb_array_length(c->'items') <= 20) THEN
      RETURN 'guests or rooms that are not lists';
    END IF;
    IF c ? 'revision' AND NOT (agency_is_integer(c->'revision') AND (c->>'revision')::numeric >= 0) THEN RETURN 'a revision that is not one'; END IF;
    RETURN NULL;
  END
  $check$;

  -- Refuses a write under a counter id that the role sending it did not join with.
  CREATE FUNCTION agency_check_counter(p_counter uuid) RETURNS void LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp AS $bind$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM agency_counters WHERE counter_id = p_counter AND role_name = session_user) THEN
      RAISE EXCEPTION 'counter % does not belong to the user %', p_counter, session_user USING ERRCODE = '42501';
    END IF;
  END
  $bind$;

  -- A counter joins (or says its new name) as the role it logs in with; another role's counter id is refused.
  CREATE FUNCTION agency_join(p_counter uuid, p_name text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp AS $join$
  BEGIN
    IF p_name IS NULL OR length(p_name) NOT BETWEEN 1 AND 100 THEN
      RAISE EXCEPTION 'a counter name of 1 to 100 characters' USING ERRCODE = '22023';
    END IF;
    INSERT INTO agency_counters (counter_id, name, role_name) VALUES (p_counter, p_name, session_user)
    ON CONFLICT (counter_id) DO UPDATE SET name = excluded.name, last_seen_at = now() WHERE agency_counters.role_name = session_user;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'counter % belongs to another user', p_counter USING ERRCODE = '42501';
    END IF;
  END
  $join$;

  DROP FUNCTION agency_push(uuid, jsonb);
  CREATE FUNCTION agency_push(p_counter uuid, p_changes jsonb, OUT applied bigint, OUT last_seq bigint)
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $push$
  DECLARE
    entry jsonb;
    problem text;
  BEGIN
    PERFORM agency_check_counter(p_counter);
    IF jsonb_typeof(p_changes) IS DISTINCT FROM 'array' THEN
      RAISE EXCEPTION 'a push is a list of changes' USING ERRCODE = '22023';
    END IF;
    FOR entry IN SELECT e FROM jsonb_array_elements(p_changes) AS t (e) LOOP
      problem := CASE WHEN NOT agency_is_integer(entry->'counterSeq') OR (entry->>'counterSeq')::numeric < 1 THEN 'no counter sequence'
        ELSE agency_change_problem(entry->'change') END;
      IF problem IS NOT NULL THEN
        RAISE EXCEPTION 'change % refused: %', left(entry->>'counterSeq', 20), problem USING ERRCODE = '22023';
      END IF;
    END LOOP;
    PERFORM pg_advisory_xact_lock(${PUSH_LOCK});
    WITH inserted AS (
      INSERT INTO agency_changes (counter_id, counter_seq, booking_key, kind, body)
      SELECT p_counter, (e->>'counterSeq')::bigint, e->'change'->>'bookingKey', e->'change'->>'kind', e->'change'
      FROM jsonb_array_elements(p_changes) AS t (e)
      ORDER BY (e->>'counterSeq')::bigint
      ON CONFLICT (counter_id, counter_seq) DO NOTHING
      RETURNING seq, booking_key, kind, body
    ),
    latest AS (
      SELECT DISTINCT ON (booking_key) seq, body FROM inserted WHERE kind = 'booking'
      ORDER BY booking_key, coalesce((body->>'revision')::bigint, 0) DESC, seq DESC
    ),
    record AS (
      INSERT INTO agency_bookings (booking_key, origin_counter_id, service_booking_id, status, check_in, check_out, holder_name,
        holder_surname, package_title, property_name, total_minor, currency, client_reference, booking_reference, created_at,
        updated_at, last_seq, revision, revised_by, package_id, property_id)
      SELECT r."bookingKey", p_counter, r."serviceBookingId", r.status, r."checkIn", r."checkOut", r."holderName", r."holderSurname",
        r."packageTitle", r."propertyName", r."totalMinor", r.currency, r."clientReference", r."bookingReference", r."createdAt",
        r."updatedAt", latest.seq, coalesce(r.revision, 0), p_counter, r."packageId", r."propertyId"
      FROM latest, jsonb_to_record(latest.body) AS r ("bookingKey" text, "serviceBookingId" bigint, status text, "checkIn" date,
        "checkOut" date, "holderName" text, "holderSurname" text, "packageTitle" text, "propertyName" text, "totalMinor" bigint,
        currency text, "clientReference" text, "bookingReference" text, "createdAt" timestamptz, "updatedAt" timestamptz,
        revision bigint, "packageId" bigint, "propertyId" bigint)
      -- A new booking is sent by the counter that made it (its key starts with that counter's id); others only change it.
      WHERE split_part(r."bookingKey", '/', 1) = p_counter::text
        OR EXISTS (SELECT 1 FROM agency_bookings b WHERE b.booking_key = r."bookingKey")
      ON CONFLICT (booking_key) DO UPDATE SET service_booking_id = excluded.service_booking_id, status = excluded.status,
        check_in = excluded.check_in, check_out = excluded.check_out, holder_name = excluded.holder_name,
        holder_surname = excluded.holder_surname, package_title = excluded.package_title, property_name = excluded.property_name,
        total_minor = excluded.total_minor, currency = excluded.currency, client_reference = excluded.client_reference,
        booking_reference = excluded.booking_reference, updated_at = excluded.updated_at, last_seq = excluded.last_seq,
        revision = excluded.revision, revised_by = excluded.revised_by, package_id = excluded.package_id,
        property_id = excluded.property_id
      WHERE (excluded.revision, excluded.revised_by::text) > (agency_bookings.revision, coalesce(agency_bookings.revised_by::text, ''))
        -- A booking's identity, once known, is never changed by a later change: not re-pointed at another service booking.
        AND (agency_bookings.service_booking_id IS NULL OR agency_bookings.service_booking_id = excluded.service_booking_id)
        AND (agency_bookings.package_id IS NULL OR agency_bookings.package_id = excluded.package_id)
        AND (agency_bookings.property_id IS NULL OR agency_bookings.property_id = excluded.property_id)
        AND agency_bookings.client_reference = excluded.client_reference
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

  -- Leases, decided on the server's clock and for at most ${LONGEST_LEASE_MS} ms; the expiry when taken or renewed, else NULL.
  CREATE FUNCTION agency_take_lease(p_counter uuid, p_booking_key text, p_kind text, p_token uuid, p_ttl_ms bigint)
  RETURNS timestamptz LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $take$
  DECLARE
    until timestamptz;
  BEGIN
    PERFORM agency_check_counter(p_counter);
    INSERT INTO agency_leases (booking_key, kind, counter_id, token, expires_at)
    VALUES (p_booking_key, p_kind, p_counter, p_token, clock_timestamp() + least(greatest(p_ttl_ms, 0), ${LONGEST_LEASE_MS}) * interval '1 millisecond')
    ON CONFLICT (booking_key, kind) DO UPDATE SET counter_id = excluded.counter_id, token = excluded.token, expires_at = excluded.expires_at
      WHERE agency_leases.expires_at <= clock_timestamp() OR agency_leases.counter_id = excluded.counter_id
    RETURNING expires_at INTO until;
    RETURN until;
  END
  $take$;

  CREATE FUNCTION agency_renew_lease(p_counter uuid, p_booking_key text, p_kind text, p_token uuid, p_ttl_ms bigint)
  RETURNS timestamptz LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $renew$
  DECLARE
    until timestamptz;
  BEGIN
    PERFORM agency_check_counter(p_counter);
    UPDATE agency_leases SET expires_at = clock_timestamp() + least(greatest(p_ttl_ms, 0), ${LONGEST_LEASE_MS}) * interval '1 millisecond'
    WHERE booking_key = p_booking_key AND kind = p_kind AND token = p_token AND counter_id = p_counter
    RETURNING expires_at INTO until;
    RETURN until;
  END
  $renew$;

  CREATE FUNCTION agency_release_lease(p_counter uuid, p_booking_key text, p_kind text, p_token uuid)
  RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $release$
  BEGIN
    PERFORM agency_check_counter(p_counter);
    DELETE FROM agency_leases WHERE booking_key = p_booking_key AND kind = p_kind AND token = p_token AND counter_id = p_counter;
  END
  $release$;

  -- Counters read everything and write only through the functions above.
  REVOKE ALL ON agency_schema_versions, agency_counters, agency_changes, agency_bookings, agency_booking_events, agency_leases FROM PUBLIC;
  GRANT SELECT ON agency_schema_versions, agency_counters, agency_changes, agency_bookings, agency_booking_events, agency_leases TO PUBLIC;
`;

import { LONGEST_LEASE_MS } from './agency-trust-schema';

/**
 * Agency server schema 10: a lease refused writes nothing. Schema 4's agency_take_lease went straight to an
 * INSERT … ON CONFLICT DO UPDATE, which locks the holder's row even when its WHERE refuses: every refusal
 * took a transaction id, so its commit waited for a WAL flush. Refusal is the usual answer (every counter
 * but one asks to track each unfinished booking), and twenty counters spent the server's disk on it. Now
 * a lease another counter holds unexpired is refused by a read; the upsert still decides every other case
 * (two counters asking at once, a lease that has just run out), so the answer is the same as before.
 *
 * Written out whole: a shipped step is frozen, so no step is built from a piece another step shares.
 */
export const READ_FIRST_LEASE_MIGRATION = `
  CREATE OR REPLACE FUNCTION agency_take_lease(p_counter uuid, p_booking_key text, p_kind text, p_token uuid, p_ttl_ms bigint)
  RETURNS timestamptz LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $take$
  DECLARE
    until timestamptz;
  BEGIN
    PERFORM agency_check_counter(p_counter);
    PERFORM 1 FROM agency_leases
    WHERE booking_key = p_booking_key AND kind = p_kind AND counter_id <> p_counter AND expires_at > clock_timestamp();
    IF FOUND THEN
      RETURN NULL;
    END IF;
    INSERT INTO agency_leases (booking_key, kind, counter_id, token, expires_at)
    VALUES (p_booking_key, p_kind, p_counter, p_token, clock_timestamp() + least(greatest(p_ttl_ms, 0), ${LONGEST_LEASE_MS}) * interval '1 millisecond')
    ON CONFLICT (booking_key, kind) DO UPDATE SET counter_id = excluded.counter_id, token = excluded.token, expires_at = excluded.expires_at
      WHERE agency_leases.expires_at <= clock_timestamp() OR agency_leases.counter_id = excluded.counter_id
    RETURNING expires_at INTO until;
    RETURN until;
  END
  $take$;
`;

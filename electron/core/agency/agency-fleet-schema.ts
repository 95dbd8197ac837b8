/** A Packdesk version as a counter reports it and an agency asks for it: 1.5.0, or 1.5.0-beta.2. */
export const VERSION_PATTERN = '^[0-9]{1,5}\\.[0-9]{1,5}\\.[0-9]{1,5}(-[0-9A-Za-z.-]{1,40})?$';

/**
 * Agency server schema 7: the fleet. Each counter reports the Packdesk it runs, its update channel and
 * where its updating stands (a state and the version on its way), only for itself; an agency
 * administrator's counter sets the version below which a counter sells nothing on the agency's
 * bookings until it is updated. Like schemas 4 and 5, counters read and write only through
 * functions bound to `session_user`.
 */
export const FLEET_MIGRATION = `
  ALTER TABLE agency_counters
    ADD COLUMN app_version text,
    ADD COLUMN update_channel text,
    ADD COLUMN update_state text,
    ADD COLUMN update_available text,
    ADD COLUMN update_reported_at timestamptz;

  CREATE TABLE agency_fleet_policy (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    -- Checked by agency_set_minimum_version, its only writer (a CHECK's pattern would sit in the catalog as bytes).
    minimum_version text,
    set_at_counter uuid NOT NULL REFERENCES agency_counters,
    set_by name NOT NULL,
    set_at timestamptz NOT NULL DEFAULT now()
  );

  -- A counter says what it runs and where its updating stands; only for itself, each field checked.
  CREATE FUNCTION agency_report_version(p_counter uuid, p_version text, p_channel text, p_state text, p_available text)
  RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $report$
  BEGIN
    PERFORM agency_check_counter(p_counter);
    IF p_version IS NULL OR length(p_version) > 60 OR p_version !~ '^[0-9A-Za-z.+-]{1,60}$' THEN
      RAISE EXCEPTION 'a version of 1 to 60 letters, digits, dots and dashes' USING ERRCODE = '22023';
    END IF;
    IF p_channel IS NULL OR p_channel NOT IN ('stable', 'early') THEN
      RAISE EXCEPTION 'an update channel that is stable or early' USING ERRCODE = '22023';
    END IF;
    IF p_state IS NULL OR p_state NOT IN ('off', 'idle', 'checking', 'up-to-date', 'not-offered', 'downloading', 'downloaded',
      'waiting-to-install', 'installing', 'refused', 'failed') THEN
      RAISE EXCEPTION 'an update state Packdesk knows' USING ERRCODE = '22023';
    END IF;
    IF p_available IS NOT NULL AND p_available !~ '${VERSION_PATTERN}' THEN
      RAISE EXCEPTION 'a version on its way that is not one' USING ERRCODE = '22023';
    END IF;
    UPDATE agency_counters SET app_version = p_version, update_channel = p_channel, update_state = p_state,
      update_available = p_available, update_reported_at = now(), last_seen_at = now()
    WHERE counter_id = p_counter;
  END
  $report$;

  -- The version below which a counter writes nothing on the agency's bookings (null: none); agency administrators only.
  CREATE FUNCTION agency_set_minimum_version(p_counter uuid, p_version text)
  RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $minimum$
  BEGIN
    PERFORM agency_check_counter(p_counter);
    IF NOT agency_may_define_agents() THEN
      RAISE EXCEPTION 'the user % may not set the agency''s minimum version', session_user USING ERRCODE = '42501';
    END IF;
    IF p_version IS NOT NULL AND p_version !~ '${VERSION_PATTERN}' THEN
      RAISE EXCEPTION 'a version such as 1.5.0' USING ERRCODE = '22023';
    END IF;
    INSERT INTO agency_fleet_policy (minimum_version, set_at_counter, set_by) VALUES (p_version, p_counter, session_user)
    ON CONFLICT (only_row) DO UPDATE SET minimum_version = excluded.minimum_version, set_at_counter = excluded.set_at_counter,
      set_by = excluded.set_by, set_at = now();
  END
  $minimum$;

  REVOKE ALL ON agency_fleet_policy FROM PUBLIC;
  GRANT SELECT ON agency_fleet_policy TO PUBLIC;
`;

/**
 * Agency server schema 8: a timeline line may carry its words (the catalog message's id and its
 * values, shared/stored-words.ts), so each counter shows it in its own agent's language. The server's
 * check of every change (agency_change_problem, schema 6 in agency-people-check.ts) is replaced whole
 * by one that also takes `words`: null, or an object with an id of 1 to 200 characters and its
 * values, at most 20,000 characters in all. The server keeps the change's body as it came; the
 * counters read the words from it. Changes without words (from before) stay as valid as they were.
 *
 * Written out whole: a shipped step is frozen, so no step is built from a piece another step shares.
 */
export const WORDS_CHECK_MIGRATION = `
  CREATE OR REPLACE FUNCTION agency_change_problem(c jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $check$
  DECLARE
    allowed text[];
    extra text;
  BEGIN
    IF jsonb_typeof(c) IS DISTINCT FROM 'object' THEN RETURN 'not a change'; END IF;
    IF c->>'kind' = 'booking' THEN allowed := ARRAY['kind', 'bookingKey', 'serviceBookingId', 'status', 'checkIn', 'checkOut',
      'holderName', 'holderSurname', 'holderEmail', 'packageId', 'packageTitle', 'propertyId', 'propertyName', 'adults', 'paxAges',
      'items', 'totalMinor', 'currency', 'clientReference', 'bookingReference', 'inFlight', 'createdAt', 'updatedAt', 'revision',
      'basedOn', 'madeBy', 'madeAtCounter', 'changedBy', 'changedApprover', 'changedAtCounter'];
    ELSIF c->>'kind' = 'event' THEN allowed := ARRAY['kind', 'bookingKey', 'at', 'type', 'summary', 'agent', 'approver', 'counter',
      'byPackdesk', 'words'];
    ELSE RETURN 'not a booking or a timeline line'; END IF;
    SELECT k INTO extra FROM jsonb_object_keys(c) AS k WHERE k <> ALL (allowed) LIMIT 1;
    IF extra IS NOT NULL THEN RETURN 'a field the agency does not keep (' || left(extra, 40) || ')'; END IF;
    IF NOT agency_is_text(c->'bookingKey', 1, 200) THEN RETURN 'no booking key'; END IF;
    IF c->>'kind' = 'event' THEN
      IF NOT (agency_is_text(c->'type', 1, 100) AND agency_is_text(c->'summary', 0, 1000) AND agency_is_text(c->'at', 1, 40)
        AND c->>'at' ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$') THEN
        RETURN 'a timeline line without its time, type or words';
      END IF;
      IF NOT (agency_is_name_or_null(c, 'agent') AND agency_is_name_or_null(c, 'approver') AND agency_is_name_or_null(c, 'counter')) THEN
        RETURN 'an agent, approver or counter name that is not 1 to 100 characters';
      END IF;
      IF c ? 'byPackdesk' AND jsonb_typeof(c->'byPackdesk') <> 'boolean' THEN RETURN 'a Packdesk mark that is not true or false'; END IF;
      IF c ? 'words' AND jsonb_typeof(c->'words') <> 'null' AND NOT (jsonb_typeof(c->'words') = 'object'
        AND agency_is_text(c->'words'->'id', 1, 200) AND jsonb_typeof(c->'words'->'values') = 'object'
        AND length((c->'words')::text) <= 20000) THEN
        RETURN 'a timeline line''s words that are not a message and its values';
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
    IF NOT (agency_is_text(c->'createdAt', 1, 40) AND agency_is_text(c->'updatedAt', 1, 40)
      AND c->>'createdAt' ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$'
      AND c->>'updatedAt' ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$') THEN
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
    IF NOT (agency_is_name_or_null(c, 'madeBy') AND agency_is_name_or_null(c, 'madeAtCounter') AND agency_is_name_or_null(c, 'changedBy')
      AND agency_is_name_or_null(c, 'changedApprover') AND agency_is_name_or_null(c, 'changedAtCounter')) THEN
      RETURN 'an agent, approver or counter name that is not 1 to 100 characters';
    END IF;
    RETURN NULL;
  END
  $check$;
`;

/**
 * Agency server schema 9: an audit entry may carry its words (shared/audit-words.ts), chained with it, so
 * each reader sees the line in their own language. The entry's hash covers them: the server takes an entry
 * only when its hash holds with its words as the last field (a JSON string), as the counter made it
 * (audit/audit-chain.ts). Entries without words (from before, or from an older counter) hash as they did.
 *
 * Written out whole: a shipped step is frozen, so no step is built from a piece another step shares.
 */
export const AUDIT_WORDS_MIGRATION = `
  ALTER TABLE agency_audit ADD COLUMN words text;

  -- Takes a counter's next audit entries, in order; the last sequence the agency then holds of that counter.
  CREATE OR REPLACE FUNCTION agency_push_audit(p_counter uuid, p_entries jsonb) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp AS $audit$
  DECLARE
    e jsonb;
    held_sequence bigint;
    held_hash text;
    entry_sequence bigint;
    preimage text;
  BEGIN
    PERFORM agency_check_counter(p_counter);
    IF jsonb_typeof(p_entries) IS DISTINCT FROM 'array' THEN
      RAISE EXCEPTION 'audit entries come as a list' USING ERRCODE = '22023';
    END IF;
    -- One push per counter at a time: its chain grows by one entry after another.
    PERFORM 1 FROM agency_counters WHERE counter_id = p_counter FOR UPDATE;
    SELECT sequence, hash INTO held_sequence, held_hash FROM agency_audit WHERE counter_id = p_counter ORDER BY sequence DESC LIMIT 1;
    held_sequence := coalesce(held_sequence, 0);
    held_hash := coalesce(held_hash, '');
    FOR e IN SELECT value FROM jsonb_array_elements(p_entries) LOOP
      IF NOT (agency_is_integer(e->'sequence') AND (e->>'sequence')::numeric >= 1 AND agency_is_text(e->'at', 1, 40)
        AND agency_is_text(e->'counter', 1, 200) AND agency_is_text(e->'action', 1, 100) AND agency_is_text(e->'outcome', 1, 40)
        AND agency_is_text(e->'what', 0, 300) AND agency_is_text(e->'prevHash', 0, 64) AND agency_is_text(e->'hash', 64, 64)
        AND (jsonb_typeof(e->'agentId') = 'null' OR agency_is_integer(e->'agentId'))
        AND (jsonb_typeof(e->'agentName') = 'null' OR agency_is_text(e->'agentName', 0, 200))
        AND (jsonb_typeof(e->'approverId') = 'null' OR agency_is_integer(e->'approverId'))
        AND (jsonb_typeof(e->'approverName') = 'null' OR agency_is_text(e->'approverName', 0, 200))
        AND (NOT (e ? 'words') OR jsonb_typeof(e->'words') = 'null' OR agency_is_text(e->'words', 2, 8000))) THEN
        RAISE EXCEPTION 'audit entry % refused: not an audit entry', left(e->>'sequence', 20) USING ERRCODE = '22023';
      END IF;
      entry_sequence := (e->>'sequence')::bigint;
      -- Sent again after a lost answer: the same entry is a no-op, another one under its number is refused.
      IF entry_sequence <= held_sequence THEN
        IF NOT EXISTS (SELECT 1 FROM agency_audit WHERE counter_id = p_counter AND sequence = entry_sequence AND hash = e->>'hash') THEN
          RAISE EXCEPTION 'audit entry % differs from the one the agency holds', entry_sequence USING ERRCODE = '22023';
        END IF;
        CONTINUE;
      END IF;
      IF entry_sequence <> held_sequence + 1 OR e->>'prevHash' <> held_hash THEN
        RAISE EXCEPTION 'audit entry % is not the next of this counter''s chain (the agency holds up to %)', entry_sequence, held_sequence
          USING ERRCODE = '22023';
      END IF;
      preimage := held_hash || chr(10) || '[' || entry_sequence::text || ',' || to_json(e->>'at')::text || ','
        || to_json(e->>'counter')::text || ',' || coalesce(e->>'agentId', 'null') || ',' || coalesce(to_json(e->>'agentName')::text, 'null')
        || ',' || coalesce(e->>'approverId', 'null') || ',' || coalesce(to_json(e->>'approverName')::text, 'null') || ','
        || to_json(e->>'action')::text || ',' || to_json(e->>'outcome')::text || ',' || to_json(e->>'what')::text
        -- Words, when the entry has them, are its last field, as a JSON string (audit/audit-chain.ts).
        || coalesce(',' || to_json(e->>'words')::text, '') || ']';
      IF encode(sha256(convert_to(preimage, 'UTF8')), 'hex') <> e->>'hash' THEN
        RAISE EXCEPTION 'audit entry % does not hold the fields its hash was made from', entry_sequence USING ERRCODE = '22023';
      END IF;
      INSERT INTO agency_audit (counter_id, sequence, at, counter, agent_id, agent_name, approver_id, approver_name, action, outcome,
        what, words, prev_hash, hash)
      VALUES (p_counter, entry_sequence, e->>'at', e->>'counter', (e->>'agentId')::bigint, e->>'agentName', (e->>'approverId')::bigint,
        e->>'approverName', e->>'action', e->>'outcome', e->>'what', e->>'words', held_hash, e->>'hash');
      held_sequence := entry_sequence;
      held_hash := e->>'hash';
    END LOOP;
    RETURN held_sequence;
  END
  $audit$;
`;

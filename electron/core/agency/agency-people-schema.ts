/** The PostgreSQL role whose members (the back office counter's user, README) define the agency's agents. */
export const AGENCY_ADMINS_ROLE = 'packdesk_agency_admins';

/** Taken while an agent is defined, so revision numbers are handed out in commit order (a puller never skips one). */
const AGENTS_LOCK = 0x6167656e; // "agen"

/** The shape of a PIN hash as `people/pin-hash.ts` stores it: "scrypt$logN$r$p$salt$hash" (base64). */
export const PIN_HASH_PATTERN = '^scrypt\\$[0-9]{1,2}\\$[0-9]{1,2}\\$[0-9]{1,2}\\$[A-Za-z0-9+/]{1,64}={0,2}\\$[A-Za-z0-9+/]{1,64}={0,2}$';

/**
 * Agency server step: the agency's agents and every counter's audit. Like schema 4, counters read the
 * tables and write only through functions bound to `session_user`:
 *
 * - An agent (name, role, PIN hash; never a lock, which stays at each counter) is defined or changed
 *   only by a counter whose login role is a member of `packdesk_agency_admins`; each definition gets
 *   the next revision number, the order every counter pulls them in.
 * - A counter's audit entries are taken only from that counter, only as the next entry of its own
 *   chain: the next sequence, naming the hash of the one the agency already holds, and hashed (the
 *   server computes it from the fields, as `audit/audit-chain.ts` does) to the hash it carries. Nothing
 *   is updated or removed, so no counter rewrites another's past, or its own.
 *
 * The admins role is made here when the owner may make roles; otherwise the README's line makes it.
 */
export const AGENCY_PEOPLE_MIGRATION = `
  DO $role$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${AGENCY_ADMINS_ROLE}') THEN
      CREATE ROLE ${AGENCY_ADMINS_ROLE} NOLOGIN;
    END IF;
  EXCEPTION WHEN insufficient_privilege OR duplicate_object OR unique_violation THEN NULL;
  END $role$;

  CREATE SEQUENCE agency_agent_revisions;
  CREATE TABLE agency_agents (
    agent_id uuid PRIMARY KEY,
    name text NOT NULL,
    role text NOT NULL CHECK (role IN ('agent', 'supervisor', 'administrator')),
    pin_hash text NOT NULL,
    revision bigint NOT NULL UNIQUE,
    defined_at_counter uuid NOT NULL REFERENCES agency_counters,
    defined_by name NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE UNIQUE INDEX agency_agents_name ON agency_agents (lower(name));

  CREATE TABLE agency_audit (
    counter_id uuid NOT NULL REFERENCES agency_counters,
    sequence bigint NOT NULL CHECK (sequence > 0),
    at text NOT NULL,
    counter text NOT NULL,
    agent_id bigint,
    agent_name text,
    approver_id bigint,
    approver_name text,
    action text NOT NULL,
    outcome text NOT NULL,
    what text NOT NULL,
    prev_hash text NOT NULL,
    hash text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (counter_id, sequence)
  );

  -- Whether the user logged in may define the agency's agents (a counter asks before it offers to).
  CREATE FUNCTION agency_may_define_agents() RETURNS boolean LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp AS $may$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${AGENCY_ADMINS_ROLE}') THEN RETURN false; END IF;
    RETURN pg_has_role(session_user, '${AGENCY_ADMINS_ROLE}', 'MEMBER');
  END
  $may$;

  -- Defines an agent (or changes their name, role or PIN hash) for every counter; the revision it got.
  CREATE FUNCTION agency_define_agent(p_counter uuid, p_agent uuid, p_name text, p_role text, p_pin_hash text)
  RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $define$
  DECLARE
    given bigint;
  BEGIN
    PERFORM agency_check_counter(p_counter);
    IF NOT agency_may_define_agents() THEN
      RAISE EXCEPTION 'the user % may not define the agency''s agents', session_user USING ERRCODE = '42501';
    END IF;
    IF p_agent IS NULL OR p_name IS NULL OR p_name <> btrim(p_name) OR length(p_name) NOT BETWEEN 1 AND 60
      OR p_role IS NULL OR p_role NOT IN ('agent', 'supervisor', 'administrator')
      OR p_pin_hash IS NULL OR p_pin_hash !~ '${PIN_HASH_PATTERN}' THEN
      RAISE EXCEPTION 'an agent is an id, a name of 1 to 60 characters, a role and a PIN hash' USING ERRCODE = '22023';
    END IF;
    PERFORM pg_advisory_xact_lock(${AGENTS_LOCK});
    given := nextval('agency_agent_revisions');
    INSERT INTO agency_agents (agent_id, name, role, pin_hash, revision, defined_at_counter, defined_by)
    VALUES (p_agent, p_name, p_role, p_pin_hash, given, p_counter, session_user)
    ON CONFLICT (agent_id) DO UPDATE SET name = excluded.name, role = excluded.role, pin_hash = excluded.pin_hash,
      revision = excluded.revision, defined_at_counter = excluded.defined_at_counter, defined_by = excluded.defined_by,
      updated_at = now();
    RETURN given;
  END
  $define$;

  -- Takes a counter's next audit entries, in order; the last sequence the agency then holds of that counter.
  CREATE FUNCTION agency_push_audit(p_counter uuid, p_entries jsonb) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER
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
        AND (jsonb_typeof(e->'approverName') = 'null' OR agency_is_text(e->'approverName', 0, 200))) THEN
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
        || to_json(e->>'action')::text || ',' || to_json(e->>'outcome')::text || ',' || to_json(e->>'what')::text || ']';
      IF encode(sha256(convert_to(preimage, 'UTF8')), 'hex') <> e->>'hash' THEN
        RAISE EXCEPTION 'audit entry % does not hold the fields its hash was made from', entry_sequence USING ERRCODE = '22023';
      END IF;
      INSERT INTO agency_audit (counter_id, sequence, at, counter, agent_id, agent_name, approver_id, approver_name, action, outcome,
        what, prev_hash, hash)
      VALUES (p_counter, entry_sequence, e->>'at', e->>'counter', (e->>'agentId')::bigint, e->>'agentName', (e->>'approverId')::bigint,
        e->>'approverName', e->>'action', e->>'outcome', e->>'what', held_hash, e->>'hash');
      held_sequence := entry_sequence;
      held_hash := e->>'hash';
    END LOOP;
    RETURN held_sequence;
  END
  $audit$;

  REVOKE ALL ON agency_agents, agency_audit FROM PUBLIC;
  REVOKE ALL ON SEQUENCE agency_agent_revisions FROM PUBLIC;
  GRANT SELECT ON agency_agents, agency_audit TO PUBLIC;
`;

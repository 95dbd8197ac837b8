import type { Migration } from './database';

/** The settings database's schema, one entry per version. Never edit a shipped entry; append a new one. */
export const settingsMigrations: readonly Migration[] = [
  (db) => {
    db.exec(`
      CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        kind TEXT NOT NULL CHECK (kind IN ('training', 'test', 'live')),
        base_url TEXT NOT NULL,
        built_in INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
      );
      CREATE TABLE preferences (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    // A fresh install works at once: one profile on the built-in training service, already active.
    db.prepare("INSERT INTO profiles (id, name, kind, base_url, built_in, created_at) VALUES (1, 'Training', 'training', '', 1, ?)").run(
      new Date().toISOString(),
    );
    db.prepare("INSERT INTO preferences (key, value) VALUES ('active_profile_id', '1')").run();
  },
  // Per-profile status rules (shared/status-rules.ts); NULL means the spec's defaults (the built-in service's for Training).
  (db) => {
    db.exec('ALTER TABLE profiles ADD COLUMN status_rules TEXT');
  },
  // The trainer's exercises: each try of a trainee (a training profile), what was prepared for it, and how it ended.
  (db) => {
    db.exec(`
      CREATE TABLE training_attempts (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        exercise_id TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        passed INTEGER,
        problems TEXT NOT NULL DEFAULT '[]',
        prepared_booking_id INTEGER,
        prepared_check_in TEXT,
        prepared_check_out TEXT
      );
      CREATE INDEX training_attempts_profile ON training_attempts (profile_id, id);
    `);
  },
  // The agency server a profile's counter shares its ledger with . The password is in the OS keychain.
  (db) => {
    db.exec(`
      CREATE TABLE agency_connections (
        profile_id INTEGER PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
        host TEXT NOT NULL,
        port INTEGER NOT NULL,
        database_name TEXT NOT NULL,
        user_name TEXT NOT NULL,
        tls_mode TEXT NOT NULL CHECK (tls_mode IN ('disable', 'require', 'verify-full')),
        ca_certificate TEXT,
        counter_name TEXT NOT NULL,
        counter_id TEXT NOT NULL
      );
    `);
  },
  // The origin each saved key was given for: a key is sent to that origin only. The keys already in
  // the keychain were saved for the profile's address as it is now, so that becomes their origin.
  (db) => {
    db.exec(`
      CREATE TABLE key_origins (
        profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        slot TEXT NOT NULL CHECK (slot IN ('test', 'live', 'publishable')),
        origin TEXT NOT NULL,
        PRIMARY KEY (profile_id, slot)
      );
    `);
    const insert = db.prepare('INSERT INTO key_origins (profile_id, slot, origin) VALUES (?, ?, ?)');
    for (const { id, base_url } of db.prepare('SELECT id, base_url FROM profiles WHERE built_in = 0').all() as {
      id: number;
      base_url: string;
    }[]) {
      // An address that does not parse gets no origin, so its keys are sent nowhere until saved again.
      if (!URL.canParse(base_url)) continue;
      for (const slot of ['test', 'live', 'publishable']) insert.run(id, slot, new URL(base_url).origin);
    }
  },
  // The people at the counter. A PIN is kept only as its scrypt hash ("scrypt$N$r$p$salt$hash", the
  // parameters inside so they can be raised later); `lockouts` counts locks in a row, each twice as long.
  (db) => {
    db.exec(`
      CREATE TABLE agents (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        role TEXT NOT NULL CHECK (role IN ('agent', 'supervisor', 'administrator')),
        pin_hash TEXT NOT NULL,
        failed_tries INTEGER NOT NULL DEFAULT 0,
        lockouts INTEGER NOT NULL DEFAULT 0,
        locked_until TEXT,
        created_at TEXT NOT NULL
      );
    `);
  },
  // Agents shared by the agency: an agent's id at the agency, the agency's revision this copy holds (0: none yet), and
  // whether the agent was added or changed here since the agency last took them (a change of name, role or PIN marks it,
  // by trigger, unless it came from the agency itself with a new revision). Tries and locks stay at each counter.
  (db) => {
    db.exec(`
      ALTER TABLE agents ADD COLUMN agency_agent_id TEXT;
      ALTER TABLE agents ADD COLUMN agency_revision INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE agents ADD COLUMN agency_unsent INTEGER NOT NULL DEFAULT 1;
      CREATE UNIQUE INDEX agents_agency_id ON agents (agency_agent_id) WHERE agency_agent_id IS NOT NULL;
      CREATE TRIGGER agents_changed_here AFTER UPDATE OF name, role, pin_hash ON agents
        WHEN new.agency_revision IS old.agency_revision
        BEGIN UPDATE agents SET agency_unsent = 1 WHERE id = new.id; END;
    `);
  },
  // A profile's threshold for a change's price difference (minor units): above it, confirming a change needs a supervisor's approval. NULL: none.
  (db) => {
    db.exec('ALTER TABLE profiles ADD COLUMN change_approval_above_minor INTEGER');
  },
];

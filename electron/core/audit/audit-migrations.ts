import type { Migration } from '../database';

/**
 * The audit database's schema, one entry per version. Never edit a shipped entry; append a new one.
 * Triggers refuse every UPDATE and DELETE: the audit only grows.
 */
export const auditMigrations: readonly Migration[] = [
  (db) => {
    db.exec(`
      CREATE TABLE audit_entries (
        sequence INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        counter TEXT NOT NULL,
        agent_id INTEGER,
        agent_name TEXT,
        approver_id INTEGER,
        approver_name TEXT,
        action TEXT NOT NULL,
        outcome TEXT NOT NULL,
        what TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE TRIGGER audit_entries_no_update BEFORE UPDATE ON audit_entries
        BEGIN SELECT RAISE(ABORT, 'The audit is append-only: an entry cannot be changed.'); END;
      CREATE TRIGGER audit_entries_no_delete BEFORE DELETE ON audit_entries
        BEGIN SELECT RAISE(ABORT, 'The audit is append-only: an entry cannot be removed.'); END;
    `);
  },
  // The audit view's filters: by the agent who did or approved it (id, or name for one no longer known here), action and time.
  (db) => {
    db.exec(`
      CREATE INDEX audit_entries_agent ON audit_entries (agent_id, sequence);
      CREATE INDEX audit_entries_approver ON audit_entries (approver_id, sequence);
      CREATE INDEX audit_entries_agent_name ON audit_entries (agent_name COLLATE NOCASE, sequence);
      CREATE INDEX audit_entries_approver_name ON audit_entries (approver_name COLLATE NOCASE, sequence);
      CREATE INDEX audit_entries_action ON audit_entries (action, sequence);
      CREATE INDEX audit_entries_at ON audit_entries (at);
    `);
  },
  // Each entry's words, for each reader's language (shared/audit-words.ts); chained with the entry (audit-chain.ts).
  (db) => {
    db.exec('ALTER TABLE audit_entries ADD COLUMN words TEXT');
  },
];

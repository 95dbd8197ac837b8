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
];

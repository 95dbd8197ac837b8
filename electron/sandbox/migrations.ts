import type { Migration } from '../core/database';

/** The built-in service's schema, one entry per version. Append; never edit a shipped entry. */
export const sandboxMigrations: readonly Migration[] = [
  (db) => {
    db.exec(`
      CREATE TABLE organizations (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE api_keys (
        key TEXT PRIMARY KEY,
        organization_id INTEGER NOT NULL REFERENCES organizations (id),
        kind TEXT NOT NULL CHECK (kind IN ('test', 'live'))
      );
      CREATE TABLE service_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE offers (
        id INTEGER PRIMARY KEY,
        organization_id INTEGER NOT NULL,
        package_id INTEGER NOT NULL,
        property_id INTEGER NOT NULL,
        check_in TEXT NOT NULL,
        check_out TEXT NOT NULL,
        adults INTEGER NOT NULL,
        total_minor INTEGER NOT NULL,
        currency TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE prebook_tokens (
        token TEXT PRIMARY KEY,
        organization_id INTEGER NOT NULL,
        package_id INTEGER NOT NULL,
        property_id INTEGER NOT NULL,
        check_in TEXT NOT NULL,
        check_out TEXT NOT NULL,
        items TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT,
        booking_id INTEGER
      );
      CREATE TABLE bookings (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        organization_id INTEGER NOT NULL,
        package_id INTEGER NOT NULL,
        property_id INTEGER NOT NULL,
        check_in TEXT NOT NULL,
        check_out TEXT NOT NULL,
        holder TEXT NOT NULL,
        items TEXT NOT NULL,
        total_minor INTEGER NOT NULL,
        currency TEXT NOT NULL,
        status TEXT NOT NULL,
        booking_reference TEXT UNIQUE,
        client_reference TEXT,
        cancellation_reason TEXT,
        supplier_outcome TEXT,
        confirm_due_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX bookings_confirming ON bookings (status, confirm_due_at);
      -- Booking ids look like a real system's, not 1, 2, 3.
      INSERT INTO sqlite_sequence (name, seq) VALUES ('bookings', 100000);
      CREATE TABLE payment_intents (
        id TEXT PRIMARY KEY,
        booking_id INTEGER NOT NULL REFERENCES bookings (id),
        client_secret TEXT NOT NULL,
        payment_method_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('requires_action', 'succeeded', 'failed', 'used')),
        created_at TEXT NOT NULL
      );
      CREATE TABLE payments (
        id INTEGER PRIMARY KEY,
        booking_id INTEGER NOT NULL REFERENCES bookings (id),
        kind TEXT NOT NULL CHECK (kind IN ('authorization', 'capture', 'release', 'refund', 'charge')),
        amount_minor INTEGER NOT NULL,
        currency TEXT NOT NULL,
        payment_method_id TEXT,
        payment_intent_id TEXT,
        modification_reference TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE modifications (
        reference TEXT PRIMARY KEY,
        booking_id INTEGER NOT NULL REFERENCES bookings (id),
        changes TEXT NOT NULL,
        new_check_in TEXT NOT NULL,
        new_check_out TEXT NOT NULL,
        new_property_id INTEGER NOT NULL,
        new_items TEXT NOT NULL,
        new_total_minor INTEGER NOT NULL,
        net_diff INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('payment_required', 'completed')),
        created_at TEXT NOT NULL,
        completed_at TEXT
      );
      CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        booking_id INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        at TEXT NOT NULL
      );
    `);
  },
];

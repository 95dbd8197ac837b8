import type { Migration } from '../sqlite/database';

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
  // Statuses become dialect-free states (each dialect names them, dialect.ts); rooms keep every
  // availability id they had; payment intents say how they are confirmed.
  (db) => {
    db.exec(`
      UPDATE bookings SET status = CASE
        WHEN status = 'Pending' AND EXISTS (SELECT 1 FROM payment_intents i WHERE i.booking_id = bookings.id AND i.status IN ('requires_action', 'failed')) THEN 'awaitingAuthentication'
        WHEN status = 'Pending' THEN 'pending'
        WHEN status = 'Confirming' THEN 'confirming'
        WHEN status = 'Paid' AND EXISTS (SELECT 1 FROM modifications m WHERE m.booking_id = bookings.id AND m.status = 'payment_required') THEN 'changePending'
        WHEN status = 'Paid' THEN 'paid'
        WHEN status = 'Failed' THEN 'failed'
        WHEN status = 'Cancelled' THEN 'cancelled'
        ELSE status END;
      DROP INDEX bookings_confirming;
      CREATE INDEX bookings_by_state ON bookings (status, confirm_due_at);
      CREATE TABLE room_ids (
        booking_id INTEGER NOT NULL REFERENCES bookings (id),
        room INTEGER NOT NULL,
        availability_id INTEGER NOT NULL,
        PRIMARY KEY (booking_id, availability_id)
      );
      -- Every id a room had: from its token, each completed change, and now.
      INSERT OR IGNORE INTO room_ids (booking_id, room, availability_id)
        SELECT t.booking_id, CAST(j.key AS INTEGER), json_extract(j.value, '$.availability_id') FROM prebook_tokens t, json_each(t.items) j WHERE t.booking_id IS NOT NULL;
      INSERT OR IGNORE INTO room_ids (booking_id, room, availability_id)
        SELECT m.booking_id, CAST(j.key AS INTEGER), json_extract(j.value, '$.availability_id') FROM modifications m, json_each(m.new_items) j WHERE m.status = 'completed';
      INSERT OR IGNORE INTO room_ids (booking_id, room, availability_id)
        SELECT b.id, CAST(j.key AS INTEGER), json_extract(j.value, '$.availability_id') FROM bookings b, json_each(b.items) j;
      ALTER TABLE payment_intents ADD COLUMN confirmation_method TEXT NOT NULL DEFAULT 'manual';
    `);
  },
  // The service's own log of write requests, kept only while the control logWrites is on (a soak's
  // judge): when each came in and when the service was done with it, so two writes on one booking
  // at the same time can be seen. Times are epoch milliseconds with a fraction.
  (db) => {
    db.exec(`
      CREATE TABLE write_requests (
        id INTEGER PRIMARY KEY,
        operation TEXT NOT NULL,
        booking_id INTEGER,
        received_at REAL NOT NULL,
        done_at REAL NOT NULL,
        outcome TEXT NOT NULL
      );
    `);
  },
];

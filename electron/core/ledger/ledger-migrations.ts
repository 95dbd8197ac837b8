import type { Migration } from '../database';
import { addAgencyOutbox, distrustPeers, orderAgencyChanges, shareAwaitedChanges } from './agency-ledger-schema';
import { holdRestoredWrites } from './held-writes-schema';
import { recordPeople } from './people-schema';
import { keepReportFigures } from './report-schema';
import { keepWords } from './words-schema';

/** What the search index holds of a booking (migration 6 on); `scope` is `p<profile> s<hex of status>`, tokens no one types. */
const SEARCHED = `new.holder_name || ' ' || new.holder_surname, new.holder_email,
  coalesce(new.service_booking_id, '') || ' ' || new.client_reference || ' ' || coalesce(new.booking_reference, '') || ' ' || coalesce(new.pending_modification_reference, ''),
  new.package_title, new.property_name, 'p' || new.profile_id || ' s' || hex(new.status)`;
const SEARCHED_COLUMNS =
  'profile_id, status, holder_name, holder_surname, holder_email, service_booking_id, client_reference, booking_reference, pending_modification_reference, package_title, property_name';

/** Trigger statements adding (+) or taking (-) a booking row in the kept counts. */
function countRow(row: 'new' | 'old', sign: '+' | '-'): string {
  const keys: [string, string][] = [
    ['booking_counts (profile_id, status, n)', `${row}.profile_id, ${row}.status`],
    [
      'booking_day_counts (profile_id, field, day, status, n)',
      `${row}.profile_id, 'created', substr(${row}.created_at, 1, 10), ${row}.status`,
    ],
    ['booking_day_counts (profile_id, field, day, status, n)', `${row}.profile_id, 'check_in', ${row}.check_in, ${row}.status`],
  ];
  return keys
    .map(([table, values]) => `INSERT INTO ${table} VALUES (${values}, ${sign}1) ON CONFLICT DO UPDATE SET n = n ${sign} 1;`)
    .join(' ');
}

/** The counter's own ledger of bookings, one entry per schema version. Append; never edit a shipped entry. */
export const ledgerMigrations: readonly Migration[] = [
  (db) => {
    db.exec(`
      CREATE TABLE bookings (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        profile_id INTEGER NOT NULL,
        profile_kind TEXT NOT NULL CHECK (profile_kind IN ('training', 'test', 'live')),
        service_booking_id INTEGER,
        package_id INTEGER NOT NULL,
        package_title TEXT NOT NULL,
        property_id INTEGER NOT NULL,
        property_name TEXT NOT NULL,
        check_in TEXT NOT NULL,
        check_out TEXT NOT NULL,
        adults INTEGER NOT NULL,
        holder_name TEXT NOT NULL,
        holder_surname TEXT NOT NULL,
        holder_email TEXT NOT NULL,
        paxes TEXT NOT NULL,
        items TEXT NOT NULL,
        total_minor INTEGER NOT NULL,
        currency TEXT NOT NULL,
        client_reference TEXT NOT NULL,
        booking_reference TEXT,
        status TEXT NOT NULL,
        pending_modification_reference TEXT,
        pending_payment_link TEXT,
        attention TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX bookings_service_id ON bookings (profile_id, service_booking_id) WHERE service_booking_id IS NOT NULL;
      CREATE INDEX bookings_newest ON bookings (profile_id, created_at DESC, id DESC);
      CREATE INDEX bookings_status ON bookings (profile_id, status);
      CREATE INDEX bookings_check_in ON bookings (profile_id, check_in);

      CREATE TABLE booking_events (
        id INTEGER PRIMARY KEY,
        booking_id INTEGER NOT NULL REFERENCES bookings (id),
        at TEXT NOT NULL,
        type TEXT NOT NULL,
        summary TEXT NOT NULL,
        detail TEXT
      );
      CREATE INDEX booking_events_booking ON booking_events (booking_id, id);

      -- The journal: a write's intent before the call, its outcome after. No outcome at start-up means the app stopped mid-call.
      CREATE TABLE intents (
        id INTEGER PRIMARY KEY,
        booking_id INTEGER REFERENCES bookings (id),
        operation TEXT NOT NULL,
        detail TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        outcome TEXT
      );
      CREATE INDEX intents_open ON intents (finished_at) WHERE finished_at IS NULL;

      CREATE TABLE counter (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE VIRTUAL TABLE bookings_search USING fts5 (
        holder, email, refs, package, property,
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER bookings_search_insert AFTER INSERT ON bookings BEGIN
        INSERT INTO bookings_search (rowid, holder, email, refs, package, property)
        VALUES (new.id, new.holder_name || ' ' || new.holder_surname, new.holder_email,
          coalesce(new.service_booking_id, '') || ' ' || new.client_reference || ' ' || coalesce(new.booking_reference, '') || ' ' || coalesce(new.pending_modification_reference, ''),
          new.package_title, new.property_name);
      END;
      CREATE TRIGGER bookings_search_update AFTER UPDATE ON bookings BEGIN
        DELETE FROM bookings_search WHERE rowid = old.id;
        INSERT INTO bookings_search (rowid, holder, email, refs, package, property)
        VALUES (new.id, new.holder_name || ' ' || new.holder_surname, new.holder_email,
          coalesce(new.service_booking_id, '') || ' ' || new.client_reference || ' ' || coalesce(new.booking_reference, '') || ' ' || coalesce(new.pending_modification_reference, ''),
          new.package_title, new.property_name);
      END;
    `);
  },
  // The Bookings screen asks for bookings needing attention on every open: a partial index keeps that instant on a ledger of years.
  (db) => {
    db.exec('CREATE INDEX bookings_attention ON bookings (profile_id, id DESC) WHERE attention IS NOT NULL');
  },
  // The tracker's question, asked every tick: which bookings is the service still moving? Answered from this index alone.
  (db) => {
    db.exec(
      `CREATE INDEX bookings_awaiting_service ON bookings (id) WHERE service_booking_id IS NOT NULL AND status NOT IN ('Paid', 'Cancelled', 'Failed', 'Pending', 'Unconfirmed hold')`,
    );
  },
  // One write path: a row's version orders reads against writes; in_flight names a write whose outcome
  // is not known yet; next_check_at is when the reconciler reads the booking again (NULL: settled).
  (db) => {
    db.exec(`
      ALTER TABLE bookings ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE bookings ADD COLUMN in_flight TEXT;
      ALTER TABLE bookings ADD COLUMN next_check_at INTEGER;
      ALTER TABLE bookings ADD COLUMN check_delay_ms INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE intents ADD COLUMN next_check_at INTEGER;
      -- Until when a read that shows no effect may still be overtaken by the write (epoch ms).
      ALTER TABLE intents ADD COLUMN doubt_until INTEGER;
      DROP INDEX bookings_awaiting_service;
      CREATE INDEX bookings_due ON bookings (next_check_at) WHERE next_check_at IS NOT NULL;
      CREATE INDEX intents_due ON intents (next_check_at) WHERE finished_at IS NULL;
      -- Everything the service may still move is checked once after the upgrade.
      UPDATE bookings SET next_check_at = 0 WHERE service_booking_id IS NOT NULL AND status NOT IN ('Paid', 'Cancelled', 'Failed', 'Pending', 'Unconfirmed hold');
      UPDATE intents SET next_check_at = 0 WHERE finished_at IS NULL;
    `);
  },
  // A change waiting for payment keeps what it asked (to see it land), and a payment waiting for 3-D
  // Secure keeps its payment intent's id (never the client secret) so a restart can resume it.
  // 'Booked' was Packdesk's own word for "paid, supplier not yet answered": rows keep the service's
  // status now, and the reference says they are paid for.
  (db) => {
    db.exec(`
      ALTER TABLE bookings ADD COLUMN pending_change TEXT;
      ALTER TABLE bookings ADD COLUMN payment_intent_id TEXT;
      UPDATE bookings SET status = 'Pending', next_check_at = 0 WHERE status = 'Booked';
    `);
  },
  // History search at any size: the search index also holds each row's profile and status (as tokens
  // in `scope`), so a full-text search is answered, counted and paged by FTS5 alone; counts per
  // profile and status (and per day) are kept by triggers, so a total never scans the table. The
  // index is written again only when a searchable column changes, not on every tracker read.
  (db) => {
    db.exec(`
      DROP TRIGGER bookings_search_insert;
      DROP TRIGGER bookings_search_update;
      DROP TABLE bookings_search;
      CREATE VIRTUAL TABLE bookings_search USING fts5 (
        holder, email, refs, package, property, scope,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '3'
      );
      INSERT INTO bookings_search (rowid, holder, email, refs, package, property, scope)
        SELECT id, ${SEARCHED.replaceAll('new.', '')} FROM bookings;
      CREATE TRIGGER bookings_search_insert AFTER INSERT ON bookings BEGIN
        INSERT INTO bookings_search (rowid, holder, email, refs, package, property, scope) VALUES (new.id, ${SEARCHED});
      END;
      CREATE TRIGGER bookings_search_update AFTER UPDATE OF ${SEARCHED_COLUMNS} ON bookings BEGIN
        DELETE FROM bookings_search WHERE rowid = old.id;
        INSERT INTO bookings_search (rowid, holder, email, refs, package, property, scope) VALUES (new.id, ${SEARCHED});
      END;
      CREATE TRIGGER bookings_search_delete AFTER DELETE ON bookings BEGIN
        DELETE FROM bookings_search WHERE rowid = old.id;
      END;

      CREATE INDEX bookings_profile ON bookings (profile_id);
      CREATE TABLE booking_counts (
        profile_id INTEGER NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (profile_id, status)
      ) WITHOUT ROWID;
      -- field: 'created' (the UTC day the booking was made) or 'check_in'.
      CREATE TABLE booking_day_counts (
        profile_id INTEGER NOT NULL, field TEXT NOT NULL, day TEXT NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL,
        PRIMARY KEY (profile_id, field, day, status)
      ) WITHOUT ROWID;
      INSERT INTO booking_counts SELECT profile_id, status, count(*) FROM bookings GROUP BY profile_id, status;
      INSERT INTO booking_day_counts
        SELECT profile_id, 'created', substr(created_at, 1, 10), status, count(*) FROM bookings GROUP BY profile_id, substr(created_at, 1, 10), status;
      INSERT INTO booking_day_counts
        SELECT profile_id, 'check_in', check_in, status, count(*) FROM bookings GROUP BY profile_id, check_in, status;
      CREATE TRIGGER booking_counts_insert AFTER INSERT ON bookings BEGIN ${countRow('new', '+')} END;
      CREATE TRIGGER booking_counts_delete AFTER DELETE ON bookings BEGIN ${countRow('old', '-')} END;
      CREATE TRIGGER booking_counts_update AFTER UPDATE OF profile_id, status, check_in, created_at ON bookings
        WHEN old.profile_id IS NOT new.profile_id OR old.status IS NOT new.status OR old.check_in IS NOT new.check_in OR old.created_at IS NOT new.created_at
        BEGIN ${countRow('old', '-')} ${countRow('new', '+')} END;
    `);
  },
  // One agency, many counters: the outbox of changes for the agency's PostgreSQL ledger .
  addAgencyOutbox,
  // A late change never undoes a newer one: per-booking revisions the agency and every counter order by.
  orderAgencyChanges,
  // Another counter is a peer: what this counter will not take from it is set aside, and a final status it claims is confirmed first.
  distrustPeers,
  // A backup is data, never a database to run: the writes it left open wait for the agent, not the reconciler.
  holdRestoredWrites,
  // A change waiting for the traveler's payment is told to the other counters, so none makes it a second time.
  shareAwaitedChanges,
  // The search index is written again only when what it holds changed: another counter's change or a read that
  // leaves holder, references, package and status as they were (most of them, at a busy agency) rewrites nothing.
  (db) => {
    const changed = SEARCHED_COLUMNS.split(', ').map((column) => `old.${column} IS NOT new.${column}`);
    db.exec(`
      DROP TRIGGER bookings_search_update;
      CREATE TRIGGER bookings_search_update AFTER UPDATE OF ${SEARCHED_COLUMNS} ON bookings WHEN ${changed.join(' OR ')} BEGIN
        DELETE FROM bookings_search WHERE rowid = old.id;
        INSERT INTO bookings_search (rowid, holder, email, refs, package, property, scope) VALUES (new.id, ${SEARCHED});
      END;
    `);
  },
  // Who made each write and timeline line (and who approved it), and a booking's maker and last changer, at which counter.
  recordPeople,
  // The day in numbers (Today, the end-of-day and period reports) kept with every change, never counted from the whole ledger.
  keepReportFigures,
  // Timeline lines and attention texts keep their catalog message and values, so each agent reads them in their own language.
  keepWords,
];

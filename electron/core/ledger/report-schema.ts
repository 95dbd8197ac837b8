import type { DatabaseSync } from 'node:sqlite';

/** Trigger statements adding (+) or taking (-) a booking row in the day's report counts. */
function countForReport(row: 'new' | 'old', sign: '+' | '-'): string {
  return `INSERT INTO report_day_counts (profile_id, day, counter, agent, status, n)
    VALUES (${row}.profile_id, substr(${row}.created_at, 1, 10), coalesce(${row}.origin_counter, ''), coalesce(${row}.made_by, ''), ${row}.status, ${sign}1)
    ON CONFLICT DO UPDATE SET n = n ${sign} 1;`;
}

/**
 * Ledger migration 14: the day in numbers, kept as the ledger changes so a report never scans it.
 * - `report_day_counts`: bookings made per UTC day, counter ('' = this one), agent ('' = nobody named)
 *   and status, kept by triggers in the transaction of every insert, update and delete.
 * - `booking_money`: where each booking's money stands (none, authorized, captured, ended) and how much
 *   the service holds; `money_movements`: every movement that followed (money-movements.ts writes both in
 *   the commit that changed the booking); `money_day_totals`: their sums per day, counter, agent,
 *   currency and kind, kept by a trigger on each movement.
 * Bookings from before start where their status says (what the spec and the training service show);
 * their movements from before are not known, so none are invented.
 */
export function keepReportFigures(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE report_day_counts (
      profile_id INTEGER NOT NULL, day TEXT NOT NULL, counter TEXT NOT NULL, agent TEXT NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL,
      PRIMARY KEY (profile_id, day, counter, agent, status)
    ) WITHOUT ROWID;
    INSERT INTO report_day_counts
      SELECT profile_id, substr(created_at, 1, 10), coalesce(origin_counter, ''), coalesce(made_by, ''), status, count(*) FROM bookings
      GROUP BY 1, 2, 3, 4, 5;
    CREATE TRIGGER report_counts_insert AFTER INSERT ON bookings BEGIN ${countForReport('new', '+')} END;
    CREATE TRIGGER report_counts_delete AFTER DELETE ON bookings BEGIN ${countForReport('old', '-')} END;
    CREATE TRIGGER report_counts_update AFTER UPDATE OF profile_id, status, created_at, origin_counter, made_by ON bookings
      WHEN old.profile_id IS NOT new.profile_id OR old.status IS NOT new.status OR old.created_at IS NOT new.created_at
        OR old.origin_counter IS NOT new.origin_counter OR old.made_by IS NOT new.made_by
      BEGIN ${countForReport('old', '-')} ${countForReport('new', '+')} END;

    CREATE TABLE booking_money (
      booking_id INTEGER PRIMARY KEY,
      stage TEXT NOT NULL CHECK (stage IN ('none', 'authorized', 'captured', 'ended')),
      held_minor INTEGER NOT NULL
    );
    INSERT INTO booking_money
      SELECT id, CASE
          WHEN status IN ('Cancelled', 'Failed') THEN 'ended'
          WHEN status = 'Paid' THEN 'captured'
          WHEN booking_reference IS NOT NULL THEN 'authorized'
          ELSE 'none' END,
        CASE WHEN booking_reference IS NOT NULL AND status NOT IN ('Cancelled', 'Failed') THEN total_minor ELSE 0 END
      FROM bookings;

    CREATE TABLE money_movements (
      id INTEGER PRIMARY KEY,
      booking_id INTEGER NOT NULL,
      profile_id INTEGER NOT NULL,
      at TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('authorized', 'captured', 'released', 'refunded', 'paid_at_link')),
      amount_minor INTEGER NOT NULL,
      currency TEXT NOT NULL,
      counter TEXT NOT NULL,
      agent TEXT NOT NULL
    );
    -- The end-of-day report's lines: one day's movements of a profile, in order.
    CREATE INDEX money_movements_day ON money_movements (profile_id, substr(at, 1, 10), id);
    CREATE INDEX money_movements_booking ON money_movements (booking_id);
    CREATE TABLE money_day_totals (
      profile_id INTEGER NOT NULL, day TEXT NOT NULL, counter TEXT NOT NULL, agent TEXT NOT NULL, currency TEXT NOT NULL, kind TEXT NOT NULL,
      amount_minor INTEGER NOT NULL, n INTEGER NOT NULL,
      PRIMARY KEY (profile_id, day, counter, agent, currency, kind)
    ) WITHOUT ROWID;
    CREATE TRIGGER money_movements_total AFTER INSERT ON money_movements BEGIN
      INSERT INTO money_day_totals VALUES (new.profile_id, substr(new.at, 1, 10), new.counter, new.agent, new.currency, new.kind, new.amount_minor, 1)
        ON CONFLICT DO UPDATE SET amount_minor = amount_minor + excluded.amount_minor, n = n + 1;
    END;
    CREATE TRIGGER money_movements_untotal AFTER DELETE ON money_movements BEGIN
      UPDATE money_day_totals SET amount_minor = amount_minor - old.amount_minor, n = n - 1
        WHERE profile_id = old.profile_id AND day = substr(old.at, 1, 10) AND counter = old.counter AND agent = old.agent
          AND currency = old.currency AND kind = old.kind;
    END;

    CREATE TRIGGER booking_money_delete AFTER DELETE ON bookings BEGIN
      DELETE FROM booking_money WHERE booking_id = old.id;
      DELETE FROM money_movements WHERE booking_id = old.id;
    END;

    -- Today's changes waiting for the traveler's payment, without a scan.
    CREATE INDEX bookings_change_waiting ON bookings (profile_id, id) WHERE pending_modification_reference IS NOT NULL;
  `);
}

import { randomBytes } from 'node:crypto';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ApiItem } from '../../../shared/api';
import type { BookingFilter, BookingRecord, PendingModification, TimelineEvent } from '../../../shared/bookings';
import type { ProfileKind } from '../../../shared/profiles';
import { AppError } from '../app-error';
import { transaction } from '../database';

type Row = {
  id: number;
  profile_id: number;
  profile_kind: ProfileKind;
  service_booking_id: number | null;
  package_id: number;
  package_title: string;
  property_id: number;
  property_name: string;
  check_in: string;
  check_out: string;
  adults: number;
  holder_name: string;
  holder_surname: string;
  holder_email: string;
  paxes: string;
  items: string;
  total_minor: number;
  currency: string;
  client_reference: string;
  booking_reference: string | null;
  status: string;
  pending_modification_reference: string | null;
  pending_payment_link: string | null;
  pending_change: string | null;
  payment_intent_id: string | null;
  attention: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  in_flight: string | null;
  next_check_at: number | null;
  check_delay_ms: number;
};

/** What the ledger keeps of a change waiting for payment beyond its reference and link (absent on rows from before). */
type StoredPendingChange = Omit<PendingChange, 'reference' | 'paymentLink'> &
  Partial<Pick<PendingChange, 'reference' | 'paymentLink' | 'abandonedAt' | 'markedPaidAt'>>;

function storedChangeOf(row: Row): StoredPendingChange | null {
  return row.pending_change ? (JSON.parse(row.pending_change) as StoredPendingChange) : null;
}

function pendingModificationOf(row: Row): PendingModification | null {
  if (!row.pending_modification_reference) return null;
  const stored = storedChangeOf(row);
  return {
    reference: row.pending_modification_reference,
    paymentLink: row.pending_payment_link ?? '',
    amountMinor: stored?.amountMinor ?? null,
    checkIn: stored?.checkIn ?? null,
    checkOut: stored?.checkOut ?? null,
    propertyName: stored?.propertyName ?? null,
    requestedAt: stored?.requestedAt ?? null,
  };
}

const toRecord = (row: Row): BookingRecord => ({
  id: row.id,
  profileId: row.profile_id,
  profileKind: row.profile_kind,
  serviceBookingId: row.service_booking_id === null ? null : row.service_booking_id,
  packageId: row.package_id,
  packageTitle: row.package_title,
  propertyId: row.property_id,
  propertyName: row.property_name,
  checkIn: row.check_in,
  checkOut: row.check_out,
  adults: row.adults,
  holder: { name: row.holder_name, surname: row.holder_surname, email: row.holder_email },
  paxAges: JSON.parse(row.paxes) as number[],
  items: JSON.parse(row.items) as ApiItem[],
  totalMinor: row.total_minor,
  currency: row.currency,
  clientReference: row.client_reference,
  bookingReference: row.booking_reference,
  status: row.status,
  pendingModification: pendingModificationOf(row),
  paymentIntentId: row.payment_intent_id,
  attention: row.attention,
  inFlight: row.in_flight,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A change waiting for payment: what the agent sees, and the request the engine checks it landed with. */
export interface PendingChange extends PendingModification {
  request: Record<string, unknown>;
  /** Set when the agent marked it abandoned: no longer shown, still watched, since its link can still be paid. */
  abandonedAt?: string;
  /** Set when the agent marked it paid where the service could not show it: watched until the service does. */
  markedPaidAt?: string;
}

export type NewBooking = Omit<
  BookingRecord,
  'id' | 'createdAt' | 'updatedAt' | 'pendingModification' | 'paymentIntentId' | 'attention' | 'inFlight' | 'version'
> & {
  attention?: string | null;
  /** When the reconciler should first read it (epoch ms); null or absent: settled. */
  nextCheckAt?: number | null;
};

export type BookingPatch = Partial<{
  serviceBookingId: number;
  status: string;
  bookingReference: string | null;
  checkIn: string;
  checkOut: string;
  propertyId: number;
  propertyName: string;
  items: ApiItem[];
  totalMinor: number;
  currency: string;
  pendingModification: PendingChange | null;
  /** A change kept under watch without being shown (abandoned by the agent, still payable); null ends the watch. */
  watchedChange: PendingChange | null;
  paymentIntentId: string | null;
  attention: string | null;
  nextCheckAt: number | null;
}>;

/** The calls that can change the service, each journaled before and after. */
export type WriteOperation = 'prebook' | 'book' | 'cancel' | 'modification';

const OPERATION_WORDS: Record<WriteOperation, string> = {
  prebook: 'hold',
  book: 'payment',
  cancel: 'cancellation',
  modification: 'change',
};

export interface LedgerEvent {
  type: string;
  summary: string;
  detail?: unknown;
}

type IntentRow = {
  id: number;
  booking_id: number | null;
  operation: WriteOperation;
  detail: string;
  started_at: string;
  doubt_until: number | null;
};

export interface OpenIntent {
  id: number;
  bookingId: number | null;
  operation: WriteOperation;
  detail: Record<string, unknown>;
  startedAt: string;
  /** Until when (epoch ms) a read showing no effect may still be overtaken by this write; null if the app stopped mid-call. */
  doubtUntil: number | null;
}

const toIntent = (row: IntentRow): OpenIntent => ({
  id: row.id,
  bookingId: row.booking_id === null ? null : row.booking_id,
  operation: row.operation,
  detail: JSON.parse(row.detail) as Record<string, unknown>,
  startedAt: row.started_at,
  doubtUntil: row.doubt_until === null ? null : row.doubt_until,
});

/** Words of a search box as an FTS5 query: every word must match the start of a word, in any column. */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}@._-]+/u)
    .map((word) => word.replace(/["]/g, ''))
    .filter(Boolean);
  return words.length ? words.map((word) => `"${word}"*`).join(' AND ') : null;
}

const CSV_COLUMNS: [string, (record: BookingRecord) => string | number | null][] = [
  ['Local id', (r) => r.id],
  ['Service booking id', (r) => r.serviceBookingId],
  ['Booking reference', (r) => r.bookingReference],
  ['Client reference', (r) => r.clientReference],
  ['Status', (r) => r.status],
  ['Package', (r) => r.packageTitle],
  ['Property', (r) => r.propertyName],
  ['Check-in', (r) => r.checkIn],
  ['Check-out', (r) => r.checkOut],
  ['Adults', (r) => r.adults],
  ['Holder', (r) => `${r.holder.name} ${r.holder.surname}`],
  ['E-mail', (r) => r.holder.email],
  ['Total (minor units)', (r) => r.totalMinor],
  ['Currency', (r) => r.currency],
  ['Mode', (r) => r.profileKind],
  ['Created', (r) => r.createdAt],
];

/** A CSV field, quoted when needed, and defused so a spreadsheet never runs it as a formula. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The counter's ledger: every booking made here, its timeline, and the journal of writes. */
export function createLedger(db: DatabaseSync, now: () => Date = () => new Date()) {
  const iso = () => now().toISOString();

  function where(filter: BookingFilter): { sql: string; params: SQLInputValue[] } {
    const clauses = ['b.profile_id = ?'];
    const params: SQLInputValue[] = [filter.profileId];
    const match = filter.query ? ftsQuery(filter.query) : null;
    if (match) {
      clauses.push('b.id IN (SELECT rowid FROM bookings_search WHERE bookings_search MATCH ?)');
      params.push(match);
    }
    if (filter.statuses?.length) {
      clauses.push(`b.status IN (${filter.statuses.map(() => '?').join(', ')})`);
      params.push(...filter.statuses);
    }
    const dateColumn = filter.dateField === 'created' ? 'substr(b.created_at, 1, 10)' : 'b.check_in';
    if (filter.from) {
      clauses.push(`${dateColumn} >= ?`);
      params.push(filter.from);
    }
    if (filter.to) {
      clauses.push(`${dateColumn} <= ?`);
      params.push(filter.to);
    }
    return { sql: clauses.join(' AND '), params };
  }

  let durableCommits = 0;
  const durable = <T>(work: () => T): T => {
    const result = transaction(db, work);
    durableCommits += 1;
    return result;
  };
  // Only for what can be learnt again from the service (reads, schedules): no fsync, still atomic.
  const relaxed = <T>(work: () => T): T => {
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return transaction(db, work);
    } finally {
      db.exec('PRAGMA synchronous = FULL');
    }
  };

  function allocateClientReference(): string {
    let code = (db.prepare("SELECT value FROM counter WHERE key = 'code'").get() as { value: string } | undefined)?.value;
    if (!code) {
      code = Array.from(randomBytes(4), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[byte % 32]).join('');
      db.prepare("INSERT INTO counter (key, value) VALUES ('code', ?)").run(code);
    }
    const next =
      Number((db.prepare("SELECT value FROM counter WHERE key = 'sequence'").get() as { value: string } | undefined)?.value ?? 0) + 1;
    db.prepare("INSERT INTO counter (key, value) VALUES ('sequence', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
      String(next),
    );
    return `PD-${code}-${String(next).padStart(6, '0')}`;
  }

  function insertRow(booking: NewBooking): number {
    const stamp = iso();
    return Number(
      db
        .prepare(
          `INSERT INTO bookings (profile_id, profile_kind, service_booking_id, package_id, package_title, property_id, property_name, check_in, check_out, adults,
            holder_name, holder_surname, holder_email, paxes, items, total_minor, currency, client_reference, booking_reference, status, attention, next_check_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          booking.profileId,
          booking.profileKind,
          booking.serviceBookingId,
          booking.packageId,
          booking.packageTitle,
          booking.propertyId,
          booking.propertyName,
          booking.checkIn,
          booking.checkOut,
          booking.adults,
          booking.holder.name,
          booking.holder.surname,
          booking.holder.email,
          JSON.stringify(booking.paxAges),
          JSON.stringify(booking.items),
          booking.totalMinor,
          booking.currency,
          booking.clientReference,
          booking.bookingReference,
          booking.status,
          booking.attention ?? null,
          booking.nextCheckAt ?? null,
          stamp,
          stamp,
        ).lastInsertRowid,
    );
  }

  /** Writes the patched columns; every change of a row's data moves its version on. */
  function patchRow(id: number, patch: BookingPatch & { inFlight?: string | null }, bumpVersion: boolean): void {
    const columns: [string, SQLInputValue][] = [];
    if (patch.serviceBookingId !== undefined) columns.push(['service_booking_id', patch.serviceBookingId]);
    if (patch.status !== undefined) columns.push(['status', patch.status]);
    if (patch.bookingReference !== undefined) columns.push(['booking_reference', patch.bookingReference]);
    if (patch.checkIn !== undefined) columns.push(['check_in', patch.checkIn]);
    if (patch.checkOut !== undefined) columns.push(['check_out', patch.checkOut]);
    if (patch.propertyId !== undefined) columns.push(['property_id', patch.propertyId]);
    if (patch.propertyName !== undefined) columns.push(['property_name', patch.propertyName]);
    if (patch.items !== undefined) columns.push(['items', JSON.stringify(patch.items)]);
    if (patch.totalMinor !== undefined) columns.push(['total_minor', patch.totalMinor]);
    if (patch.currency !== undefined) columns.push(['currency', patch.currency]);
    if (patch.attention !== undefined) columns.push(['attention', patch.attention]);
    if (patch.inFlight !== undefined) columns.push(['in_flight', patch.inFlight]);
    if (patch.nextCheckAt !== undefined) columns.push(['next_check_at', patch.nextCheckAt]);
    if (patch.paymentIntentId !== undefined) columns.push(['payment_intent_id', patch.paymentIntentId]);
    if (patch.pendingModification !== undefined || patch.watchedChange !== undefined) {
      // The columns say what is shown; the stored change is what is watched (shown, or abandoned and still payable).
      const shown = patch.pendingModification;
      const watched = patch.watchedChange !== undefined ? patch.watchedChange : shown;
      if (shown !== undefined) {
        columns.push(['pending_modification_reference', shown?.reference ?? null]);
        columns.push(['pending_payment_link', shown?.paymentLink ?? null]);
      }
      columns.push(['pending_change', watched ? JSON.stringify(watched) : null]);
    }
    if (!columns.length) return;
    const version = bumpVersion ? ', version = version + 1' : '';
    db.prepare(`UPDATE bookings SET ${columns.map(([column]) => `${column} = ?`).join(', ')}${version}, updated_at = ? WHERE id = ?`).run(
      ...columns.map(([, value]) => value),
      iso(),
      id,
    );
  }

  const ledger = {
    get(id: number): BookingRecord | null {
      const row = db.prepare('SELECT * FROM bookings WHERE id = ?').get(id) as Row | undefined;
      return row ? toRecord(row) : null;
    },

    /** The change under watch on this booking (waiting for payment, or abandoned and still payable), as the engine stored it. */
    watchedChange(id: number): (Omit<PendingChange, 'reference' | 'paymentLink'> & { reference?: string; paymentLink?: string }) | null {
      const row = db.prepare('SELECT * FROM bookings WHERE id = ?').get(id) as Row | undefined;
      const stored = row ? storedChangeOf(row) : null;
      if (!row || !stored?.request) return null;
      return {
        ...stored,
        ...(row.pending_modification_reference
          ? { reference: row.pending_modification_reference, paymentLink: row.pending_payment_link ?? '' }
          : {}),
      };
    },

    findByServiceId(profileId: number, serviceBookingId: number): BookingRecord | null {
      const row = db.prepare('SELECT * FROM bookings WHERE profile_id = ? AND service_booking_id = ?').get(profileId, serviceBookingId) as
        Row | undefined;
      return row ? toRecord(row) : null;
    },

    /** An agent's own change to a booking (no call to the service), and why, in one durable commit. */
    update(id: number, patch: BookingPatch, event?: LedgerEvent): BookingRecord {
      durable(() => {
        patchRow(id, patch, true);
        if (event) ledger.addEvent(id, event.type, event.summary, event.detail);
      });
      return ledger.get(id) as BookingRecord;
    },

    addEvent(bookingId: number, type: string, summary: string, detail?: unknown): void {
      db.prepare('INSERT INTO booking_events (booking_id, at, type, summary, detail) VALUES (?, ?, ?, ?, ?)').run(
        bookingId,
        iso(),
        type,
        summary,
        detail === undefined ? null : JSON.stringify(detail),
      );
    },

    timeline(bookingId: number): TimelineEvent[] {
      return (
        db.prepare('SELECT at, type, summary FROM booking_events WHERE booking_id = ? ORDER BY id').all(bookingId) as {
          at: string;
          type: string;
          summary: string;
        }[]
      ).map((row) => ({ ...row }));
    },

    /**
     * The first half of every write to the service, in ONE durable commit: the intent, the booking's
     * in-flight mark and its timeline entry (and, for a prebook, the client reference it will carry).
     * Refused while another write on the same booking has no known outcome.
     */
    beginWrite(
      operation: WriteOperation,
      bookingId: number | null,
      detail: Record<string, unknown>,
    ): { intentId: number; clientReference: string | null } {
      return durable(() => {
        if (bookingId !== null) {
          const row = db.prepare('SELECT in_flight FROM bookings WHERE id = ?').get(bookingId) as { in_flight: string | null } | undefined;
          if (!row)
            throw new AppError(
              'booking_not_found',
              `There is no booking ${bookingId} in this counter’s history.`,
              'Search for it in Bookings.',
            );
          if (row.in_flight) {
            throw new AppError(
              'write_in_progress',
              `A ${(OPERATION_WORDS as Partial<Record<string, string>>)[row.in_flight] ?? row.in_flight} for this booking was sent and its outcome is not confirmed yet.`,
              'Wait: Packdesk is checking with the service and updates the booking by itself. Do not send it again.',
            );
          }
        }
        const clientReference = operation === 'prebook' ? allocateClientReference() : null;
        const stored = clientReference ? { ...detail, clientReference } : detail;
        const intentId = Number(
          db
            .prepare('INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (?, ?, ?, ?)')
            .run(bookingId, operation, JSON.stringify(stored), iso()).lastInsertRowid,
        );
        if (bookingId !== null) {
          db.prepare('UPDATE bookings SET in_flight = ?, version = version + 1, updated_at = ? WHERE id = ?').run(
            operation,
            iso(),
            bookingId,
          );
          ledger.addEvent(bookingId, `${operation}_intent`, `Sending the ${OPERATION_WORDS[operation]} to the service.`);
        }
        return { intentId, clientReference };
      });
    },

    /**
     * The second half, in ONE durable commit: the intent's outcome, and the ledger change the service's
     * answer calls for (a new row, or a patch of the intent's booking), which clears its in-flight mark.
     */
    finishWrite(
      intentId: number,
      outcome: string,
      change: { insert?: NewBooking; patch?: BookingPatch; event?: LedgerEvent } = {},
    ): BookingRecord | null {
      const id = durable(() => {
        const intent = db.prepare('SELECT booking_id, finished_at FROM intents WHERE id = ?').get(intentId) as
          { booking_id: number | null; finished_at: string | null } | undefined;
        if (!intent || intent.finished_at) throw new AppError('intent_settled', 'This write was already settled.', 'Refresh the booking.');
        let bookingId = intent.booking_id === null ? null : intent.booking_id;
        if (change.insert) bookingId = insertRow(change.insert);
        else if (bookingId !== null) patchRow(bookingId, { ...change.patch, inFlight: null }, true);
        if (bookingId !== null && change.event) ledger.addEvent(bookingId, change.event.type, change.event.summary, change.event.detail);
        db.prepare('UPDATE intents SET finished_at = ?, outcome = ?, booking_id = ?, next_check_at = NULL WHERE id = ?').run(
          iso(),
          outcome,
          bookingId,
          intentId,
        );
        return bookingId;
      });
      return id === null ? null : ledger.get(id);
    },

    /** A write's answer was lost: the intent stays open and is checked from now on; the booking says so. */
    answerLost(intentId: number, doubtUntil: number, attention: string | null): OpenIntent {
      return relaxed(() => {
        db.prepare('UPDATE intents SET doubt_until = ?, next_check_at = ? WHERE id = ?').run(doubtUntil, now().getTime(), intentId);
        const intent = toIntent(db.prepare('SELECT * FROM intents WHERE id = ?').get(intentId) as IntentRow);
        if (intent.bookingId !== null && attention !== null) patchRow(intent.bookingId, { attention }, true);
        return intent;
      });
    },

    /** When the reconciler looks at an open intent again. */
    scheduleIntent(intentId: number, atMs: number): void {
      relaxed(() => db.prepare('UPDATE intents SET next_check_at = ? WHERE id = ? AND finished_at IS NULL').run(atMs, intentId));
    },

    /**
     * What a read of the service showed, applied only if the row has not changed since the read
     * started (`seenVersion`); null when a newer write got there first. Not fsynced: a lost read is read again.
     */
    applyRead(bookingId: number, seenVersion: number, patch: BookingPatch, event?: LedgerEvent): BookingRecord | null {
      const applied = relaxed(() => {
        const current = db.prepare('SELECT version FROM bookings WHERE id = ?').get(bookingId) as { version: number } | undefined;
        if (!current || current.version !== seenVersion) return false;
        patchRow(bookingId, patch, true);
        if (event) ledger.addEvent(bookingId, event.type, event.summary, event.detail);
        return true;
      });
      return applied ? ledger.get(bookingId) : null;
    },

    /**
     * When the reconciler reads this booking again (null: it is settled), and the backoff it is on;
     * only if the row is still at `version`, so a write's own schedule is never overwritten by a read.
     */
    scheduleCheck(bookingId: number, version: number, atMs: number | null, delayMs: number): void {
      relaxed(() =>
        db
          .prepare('UPDATE bookings SET next_check_at = ?, check_delay_ms = ? WHERE id = ? AND version = ?')
          .run(atMs, delayMs, bookingId, version),
      );
    },

    /** At start-up every write left open by the last run is due for a look at once, and its booking says so. */
    recoverOpenIntents(): number {
      return relaxed(() => {
        const stopped = db
          .prepare(
            'SELECT booking_id, operation FROM intents WHERE finished_at IS NULL AND next_check_at IS NULL AND booking_id IS NOT NULL',
          )
          .all() as { booking_id: number; operation: WriteOperation }[];
        for (const { booking_id: bookingId, operation } of stopped) {
          patchRow(
            bookingId,
            {
              attention: `Packdesk stopped while a ${OPERATION_WORDS[operation]} was being sent. Not confirmed yet: checking with the service.`,
            },
            true,
          );
        }
        return Number(db.prepare('UPDATE intents SET next_check_at = 0 WHERE finished_at IS NULL AND next_check_at IS NULL').run().changes);
      });
    },

    openIntents(): OpenIntent[] {
      return (db.prepare('SELECT * FROM intents WHERE finished_at IS NULL ORDER BY id').all() as IntentRow[]).map(toIntent);
    },

    /** Open intents due for a look, oldest due first. */
    dueIntents(nowMs: number, limit: number): OpenIntent[] {
      return (
        db
          .prepare('SELECT * FROM intents WHERE finished_at IS NULL AND next_check_at <= ? ORDER BY next_check_at LIMIT ?')
          .all(nowMs, limit) as IntentRow[]
      ).map(toIntent);
    },

    /** Bookings due for a read (and no write of ours on its way), from the partial index alone. */
    dueBookings(nowMs: number, limit: number): (BookingRecord & { checkDelayMs: number })[] {
      return (
        db
          .prepare('SELECT * FROM bookings WHERE next_check_at <= ? AND in_flight IS NULL ORDER BY next_check_at LIMIT ?')
          .all(nowMs, limit) as Row[]
      ).map((row) => ({ ...toRecord(row), checkDelayMs: row.check_delay_ms }));
    },

    /** Bookings not settled yet: an open write, or a status the service may still move. */
    unsettledCount(): number {
      return (
        db.prepare('SELECT count(*) AS n FROM bookings WHERE next_check_at IS NOT NULL OR in_flight IS NOT NULL').get() as { n: number }
      ).n;
    },

    /** Durable (fsynced) commits since this ledger was opened, for the benchmarks. */
    durableCommits: () => durableCommits,

    needingAttention(profileId: number): BookingRecord[] {
      return (
        db.prepare('SELECT * FROM bookings WHERE profile_id = ? AND attention IS NOT NULL ORDER BY id DESC').all(profileId) as Row[]
      ).map(toRecord);
    },

    list(filter: BookingFilter): { rows: BookingRecord[]; total: number } {
      const { sql, params } = where(filter);
      const total = (db.prepare(`SELECT count(*) AS n FROM bookings b WHERE ${sql}`).get(...params) as { n: number }).n;
      const rows = db
        .prepare(`SELECT b.* FROM bookings b WHERE ${sql} ORDER BY b.created_at DESC, b.id DESC LIMIT ? OFFSET ?`)
        .all(...params, filter.limit ?? 100, filter.offset ?? 0) as Row[];
      return { rows: rows.map(toRecord), total };
    },

    exportCsv(filter: BookingFilter): { csv: string; rows: number } {
      const { sql, params } = where(filter);
      const rows = (
        db.prepare(`SELECT b.* FROM bookings b WHERE ${sql} ORDER BY b.created_at DESC, b.id DESC`).all(...params) as Row[]
      ).map(toRecord);
      const lines = [
        CSV_COLUMNS.map(([name]) => name).join(','),
        ...rows.map((record) => CSV_COLUMNS.map(([, value]) => csvField(value(record))).join(',')),
      ];
      return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length };
    },
  };
  return ledger;
}

export type Ledger = ReturnType<typeof createLedger>;

import type { DatabaseSync } from 'node:sqlite';
import type { BookingRecord } from '../../../shared/bookings';
import type { StoredWords } from '../../../shared/stored-words';
import type { Author } from './ledger-authors';
import type { createRowWriter } from './ledger-rows';
import type { MoneyBook } from './money-movements';

type RowWriter = ReturnType<typeof createRowWriter>;

/** A line of a booking's timeline, written with the change it tells of. */
export interface LedgerEvent {
  type: string;
  /** In English: what exports, logs and older counters read. */
  summary: string;
  /** The same line as a catalog message (ledger-words.ts `eventWords`), shown in each agent's language. */
  words?: StoredWords | null;
  detail?: unknown;
}

/** How the ledger's parts commit: the one database, its two kinds of transaction, and what follows a commit. */
export interface LedgerCommits {
  db: DatabaseSync;
  now: () => Date;
  iso: () => string;
  /** A commit that survives a power cut (fsynced). */
  durable: <T>(work: () => T) => T;
  /** Only for what can be learnt again from the service (reads, schedules): no fsync, still atomic. */
  relaxed: <T>(work: () => T) => T;
  /** The row as committed, told to whoever listens. */
  committed: (id: number) => BookingRecord;
  /** A timeline line, named with its author (and this counter). */
  addEvent: (bookingId: number, event: LedgerEvent, author: Author) => void;
  /** This counter's name as a booking's people are stamped with it; null when it has none. */
  counterName: () => string | null;
  insertRow: RowWriter['insertRow'];
  patchRow: RowWriter['patchRow'];
  /** Tells the reconciler a commit made a booking due for a read at `atMs`. */
  tellDue: (atMs: number | null | undefined) => void;
  /** Records the money a booking's change moved, inside the commit that changed it. */
  money: MoneyBook;
}

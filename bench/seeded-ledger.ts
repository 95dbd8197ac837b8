import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../electron/core/database';
import { ledgerMigrations } from '../electron/core/ledger/ledger-migrations';
import { CATALOG } from '../electron/sandbox/catalog';
import { seededRandom } from './soak/seeded-random';

const FIRST = ['Ana', 'Luca', 'Kenji', 'Maria', 'Oliver', 'Sofia', 'Jan', 'Amira', 'Chen', 'Lea', 'Tomás', 'Ingrid', 'Ravi', 'Chloé'];
const LAST = ['Silva', 'Bianchi', 'Tanaka', 'García', 'Smith', 'Rossi', 'Novak', 'Haddad', 'Wang', 'Müller', 'Ferreira', 'Larsen'];
/** Settled statuses, weighted as a counter's years leave them. */
const SETTLED = ['Paid', 'Paid', 'Paid', 'Paid', 'Paid', 'Cancelled', 'Failed'];

/**
 * A counter that trains, tests and sells live: three profiles, their bookings interleaved, a third each.
 * History search asks for the live one, so the ledger holds twice its rows in other profiles. A
 * ledger of one profile (the training one) holds every row in the profile the Bookings screen shows.
 */
const ALL_PROFILES = [
  { id: 1, kind: 'training' },
  { id: 2, kind: 'test' },
  { id: 3, kind: 'live' },
] as const;
export type ProfileCount = 1 | 3;
const profilesOf = (count: ProfileCount) => ALL_PROFILES.slice(0, count);
/** The profile every search of a three-profile ledger is for (a third of the rows). */
export const SEARCHED_PROFILE = 3;

/** The surname RARE_MATCHES bookings of each profile carry: the "name matching about 20 rows" search (of the searched profile). */
export const RARE_SURNAME = 'Okonkwo';
const RARE_MATCHES = 20;
/** Exactly one booking in ten is unfinished (the service may still move it), as the tracker figure asks… */
const UNFINISHED_EVERY = 10;
/** …and one in a thousand is due for a read now; the others are next read 10 to 60 minutes after the file is copied for a run. */
const DUE_EVERY = 1_000;
const LATER_MS = { from: 600_000, spread: 3_000_000 };

/** Bumped whenever the rows written here change, so an older cached file is not reused. */
const SEEDER_VERSION = 4;

export interface SeededLedger {
  file: string;
  size: number;
  unfinished: number;
  /** How long writing it took; 0 when the cached file was used. */
  seedMs: number;
  /** A search for one booking's e-mail, in the older part of the ledger. */
  oneEmail: string;
  /** A common surname (about one booking in twelve). */
  commonSurname: string;
}

const emailOf = (first: string, last: string, index: number) =>
  `${first}.${last}.${index}@example.com`
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Writes `size` bookings straight into a new ledger file made by the ledger's own migrations, in one
 * transaction without a journal (the ledger's triggers fill the search index and the kept counts).
 * Seeded: the same seed and size give the same rows.
 */
function writeLedger(file: string, size: number, seed: number, profileCount: ProfileCount): void {
  const profiles = profilesOf(profileCount);
  const schema = openDatabase(file, ledgerMigrations);
  schema.close();
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;');
  const random = seededRandom(seed, size);
  // RARE_MATCHES rows of each profile (index % 3 is the profile).
  const rare = new Set<number>();
  const perProfile = Math.floor(size / profiles.length);
  while (rare.size < Math.min(RARE_MATCHES * profiles.length, perProfile)) {
    const index = Math.floor(random() * perProfile) * profiles.length + (rare.size % profiles.length);
    rare.add(index);
  }
  const insert = db.prepare(
    `INSERT INTO bookings (profile_id, profile_kind, service_booking_id, package_id, package_title, property_id, property_name, check_in,
      check_out, adults, holder_name, holder_surname, holder_email, paxes, items, total_minor, currency, client_reference, booking_reference,
      status, next_check_at, check_delay_ms, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 2, ?, ?, ?, '[40,38]', '[]', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = Date.parse('2021-01-01T08:00:00Z');
  // The bookings spread over the five years before the seeding's fixed end, oldest first.
  const step = Math.floor((5 * 365 * 86_400_000) / size);
  db.exec('BEGIN');
  for (let index = 0; index < size; index += 1) {
    const pkg = CATALOG[Math.floor(random() * CATALOG.length)] as (typeof CATALOG)[number];
    const property = pkg.properties[Math.floor(random() * pkg.properties.length)] as (typeof pkg.properties)[number];
    const first = FIRST[Math.floor(random() * FIRST.length)] as string;
    const last = rare.has(index) ? RARE_SURNAME : (LAST[Math.floor(random() * LAST.length)] as string);
    const createdMs = start + index * step + Math.floor(random() * step);
    const created = new Date(createdMs).toISOString();
    const checkInMs = createdMs + Math.floor(7 + random() * 120) * 86_400_000;
    const nights = 2 + Math.floor(random() * 6);
    const isUnfinished = index % UNFINISHED_EVERY === UNFINISHED_EVERY - 1;
    const due = index % DUE_EVERY === DUE_EVERY - 1;
    const status = isUnfinished ? 'Pending' : (SETTLED[Math.floor(random() * SETTLED.length)] as string);
    const profile = profiles[index % profiles.length] as (typeof profiles)[number];
    insert.run(
      profile.id,
      profile.kind,
      500_000 + index,
      pkg.id,
      pkg.title,
      property.id,
      property.name,
      new Date(checkInMs).toISOString().slice(0, 10),
      new Date(checkInMs + nights * 86_400_000).toISOString().slice(0, 10),
      first,
      last,
      emailOf(first, last, index),
      property.baseNightly * nights * 2,
      pkg.currency,
      `PD-BENCH-${String(index + 1).padStart(7, '0')}`,
      status === 'Failed' ? null : `PKDB${String(index).padStart(7, '0')}`,
      status,
      // Not due yet: stored as minus the wait, made a moment when the file is copied for a run (the cache outlives any fixed moment).
      isUnfinished ? (due ? 1_000 + index : -(LATER_MS.from + (index % LATER_MS.spread))) : null,
      isUnfinished ? 60_000 : 0,
      created,
      created,
    );
  }
  db.exec('COMMIT');
  db.exec('PRAGMA journal_mode = WAL');
  db.close();
}

/** What the searches look for, read from the copy: one booking's e-mail, and how many bookings are unfinished. */
function probesOf(file: string, size: number, searched: number): { oneEmail: string; unfinished: number } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const near = Math.max(1, Math.floor(size * 0.37));
    const row = db
      .prepare('SELECT holder_email AS email FROM bookings WHERE id >= ? AND profile_id = ? ORDER BY id LIMIT 1')
      .get(near, searched) as { email: string };
    const unfinished = (db.prepare('SELECT count(*) AS n FROM bookings WHERE next_check_at IS NOT NULL').get() as { n: number }).n;
    return { oneEmail: row.email, unfinished };
  } finally {
    db.close();
  }
}

const cacheDir = () => join(process.cwd(), 'out', 'bench-cache');
const fileNameOf = (size: number, seed: number, profiles: ProfileCount) =>
  `ledger-seed${seed}-${size}-profiles${profiles}-schema${ledgerMigrations.length}-v${SEEDER_VERSION}.db`;

/**
 * A ledger of `size` seeded bookings in `profiles` profiles, copied into `dataDir` as its ledger.db.
 * The seeded file is kept under out/bench-cache, keyed by seed, size, profiles, schema version and
 * seeder version, so a second run copies it instead of writing a million rows again.
 */
export function seededLedger(dataDir: string, size: number, seed = 1, profiles: ProfileCount = 3): SeededLedger {
  const cached = join(cacheDir(), fileNameOf(size, seed, profiles));
  let seedMs = 0;
  if (!existsSync(cached)) {
    mkdirSync(cacheDir(), { recursive: true });
    const partial = `${cached}.partial`;
    rmSync(partial, { force: true });
    const started = performance.now();
    writeLedger(partial, size, seed, profiles);
    seedMs = performance.now() - started;
    renameSync(partial, cached);
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'ledger.db');
  copyFileSync(cached, file);
  const copy = new DatabaseSync(file);
  copy.prepare('UPDATE bookings SET next_check_at = ? - next_check_at WHERE next_check_at < 0').run(Date.now());
  copy.close();
  const { oneEmail, unfinished } = probesOf(file, size, profiles === 3 ? SEARCHED_PROFILE : 1);
  return { file, size, unfinished, seedMs, oneEmail, commonSurname: 'Tanaka' };
}

/**
 * Upgrades: every database Packdesk keeps, written by every earlier schema version (the files in
 * test/fixtures/migrations, made by scripts/make-migration-fixtures.mjs), is opened with today's
 * migrations through the paths the app uses, and every row must still be there with its values,
 * changed only as the migrations say.
 */
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../electron/core/database';
import type { Migration } from '../../electron/core/database';
import { createLedger } from '../../electron/core/ledger/ledger';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import { createPreferences } from '../../electron/core/preferences';
import { createProfileService } from '../../electron/core/profiles';
import type { SecretStore } from '../../electron/core/secrets';
import { settingsMigrations } from '../../electron/core/settings-migrations';
import { sandboxMigrations } from '../../electron/sandbox/migrations';
import { startSandbox } from '../../electron/sandbox/sandbox';
import type { Sandbox } from '../../electron/sandbox/sandbox';
import type { BookingRecord } from '../../shared/bookings';
import { SPEC_STATUS_RULES, TRAINING_STATUS_RULES } from '../../shared/status-rules';
import { callApi } from '../support/sandbox-helpers';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir('packdesk-upgrade-');
const FIXTURES = fileURLToPath(new URL('../fixtures/migrations/', import.meta.url));
const REGENERATE = 'node_modules/.bin/node scripts/make-migration-fixtures.mjs';

const DATABASES: { name: string; migrations: readonly Migration[] }[] = [
  { name: 'ledger', migrations: ledgerMigrations },
  { name: 'settings', migrations: settingsMigrations },
  { name: 'sandbox', migrations: sandboxMigrations },
];

/** Every schema version a file on an agent's disk may still be at: 1 to the current one, exclusive. */
const olderVersions = (migrations: readonly Migration[]) => Array.from({ length: migrations.length - 1 }, (_, index) => index + 1);
const fixtureName = (database: string, version: number) => `${database}-v${version}.db`;
const EXPECTED_FIXTURES = DATABASES.flatMap(({ name, migrations }) =>
  olderVersions(migrations).map((version) => ({ name, migrations, version, file: fixtureName(name, version) })),
);

type Row = Record<string, unknown>;

/** A copy of a fixture in a fresh folder: the file in the repository is never opened for writing. */
function copyFixture(name: string): string {
  const source = join(FIXTURES, name);
  if (!existsSync(source)) throw new Error(`test/fixtures/migrations/${name} is missing: run ${REGENERATE} and commit what it writes.`);
  const copy = join(tempDir(), name);
  copyFileSync(source, copy);
  return copy;
}

const rowsOf = (db: DatabaseSync, table: string, order = 'rowid'): Row[] =>
  db
    .prepare(`SELECT * FROM ${table} ORDER BY ${order}`)
    .all()
    .map((row) => ({ ...row }));

/** Every row of these tables as the old version left them, read with plain SQL before any upgrade. */
function snapshot(file: string, tables: Record<string, string>): Record<string, Row[]> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Object.fromEntries(Object.entries(tables).map(([table, order]) => [table, rowsOf(db, table, order)]));
  } finally {
    db.close();
  }
}

const userVersion = (db: DatabaseSync) => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

function expectSound(db: DatabaseSync): void {
  expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
  expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
}

const schemaOf = (db: DatabaseSync) =>
  db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex_%' ORDER BY type, name")
    .all()
    .map((row) => ({ ...row }));

describe('the upgrade fixtures', () => {
  test('cover every earlier schema version of every database', () => {
    const present = readdirSync(FIXTURES).sort();
    const expected = EXPECTED_FIXTURES.map(({ file }) => file).sort();
    const missing = expected.filter((file) => !present.includes(file));
    expect(
      missing,
      `No upgrade fixture for ${missing.join(', ')}: a migration was added without one. Run ${REGENERATE} and commit test/fixtures/migrations.`,
    ).toEqual([]);
    const unknown = present.filter((file) => !expected.includes(file));
    expect(
      unknown,
      `test/fixtures/migrations holds files no database version calls for (a fixture at the current version, a -wal or -shm file?): ${unknown.join(', ')}`,
    ).toEqual([]);
  });

  test.each(EXPECTED_FIXTURES.map((fixture) => [fixture.file, fixture] as const))(
    '%s is at its version, self-contained, and shaped by the first migrations as they are today',
    (file, { migrations, version }) => {
      const copy = copyFixture(file);
      const old = new DatabaseSync(copy, { readOnly: true });
      const fresh = openDatabase(join(tempDir(), 'fresh.db'), migrations.slice(0, version));
      try {
        expect(userVersion(old)).toBe(version);
        expect(old.prepare('PRAGMA journal_mode').get(), 'a fixture must not need a -wal file').toEqual({ journal_mode: 'delete' });
        expect(
          schemaOf(old),
          `${file} was written by migrations 1-${version} as they were then, and today's differ: a shipped migration was edited. Append a new migration instead (or, if the fixture is wrong, rewrite it with ${REGENERATE} --all).`,
        ).toEqual(schemaOf(fresh));
        expectSound(old);
      } finally {
        old.close();
        fresh.close();
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The ledger (ledger-migrations.ts).

const LEDGER_TABLES = { bookings: 'id', booking_events: 'id', intents: 'id', counter: 'key' };
const EPOCH = Date.parse('2025-03-03T09:00:00.000Z');
const at = (minutes: number) => new Date(EPOCH + minutes * 60_000).toISOString();

/** Statuses migration 4 leaves unscheduled: final, or waiting for the agent. */
const NOT_MOVED_BY_SERVICE = ['Paid', 'Cancelled', 'Failed', 'Pending', 'Unconfirmed hold'];

/** What the ledger's migrations after `from` do to a booking row: new columns at their defaults, 'Booked' renamed. */
function upgradedBooking(row: Row, from: number): Row {
  const next: Row = { ...row };
  if (from < 4) {
    // Migration 4: a version, no write in flight, no backoff; what the service may still move is due at once.
    Object.assign(next, {
      version: 1,
      in_flight: null,
      check_delay_ms: 0,
      next_check_at: row.service_booking_id !== null && !NOT_MOVED_BY_SERVICE.includes(row.status as string) ? 0 : null,
    });
  }
  if (from < 5) {
    // Migration 5: no stored change, no payment intent; 'Booked' keeps the service's word and is read again at once.
    Object.assign(next, { pending_change: null, payment_intent_id: null });
    if (row.status === 'Booked') Object.assign(next, { status: 'Pending', next_check_at: 0 });
  }
  return next;
}

/** Migration 4 on the journal: an open write is due for a look at once; no doubt window is known. */
const upgradedIntent = (row: Row, from: number): Row =>
  from < 4 ? { ...row, next_check_at: row.finished_at === null ? 0 : null, doubt_until: null } : { ...row };

type Expected = Pick<
  BookingRecord,
  | 'id'
  | 'profileId'
  | 'profileKind'
  | 'serviceBookingId'
  | 'packageTitle'
  | 'propertyName'
  | 'checkIn'
  | 'checkOut'
  | 'totalMinor'
  | 'currency'
  | 'clientReference'
  | 'bookingReference'
  | 'status'
> & {
  holder: string;
};

/** The fixture's bookings as the ledger must show them after the upgrade, whatever version wrote them. */
// prettier-ignore
const LEDGER_BOOKINGS: Expected[] = [
  [1, 1, 100001, 'Ana Silva', 'Lisbon City Break', 'Hotel Alfama Palace', '2025-06-10', '2025-06-13', 57000, 'EUR', null, 'Pending'],
  [2, 1, 100002, 'Luca Bianchi', 'Rome Eternal City Tour', 'Trastevere Courtyard Hotel', '2025-07-01', '2025-07-05', 100800, 'EUR', 'PKDPAID002', 'Paid'],
  [3, 1, 100003, 'Kenji Tanaka', 'Kyoto Temples & Gardens', 'Gion Ryokan', '2025-04-02', '2025-04-05', 228000, 'JPY', 'PKDCANC003', 'Cancelled'],
  [4, 1, 100004, 'María García', 'Barcelona Gaudí Weekend', 'Eixample Modernista Hotel', '2025-09-12', '2025-09-14', 44800, 'EUR', 'PKDCHNG004', 'Paid'],
  // Written as 'Booked' (before schema 5): the service's status now, the reference says it is paid for.
  [5, 1, 100005, 'Chloé Dubois', 'Paris Romantic Getaway', 'Hôtel Saint-Germain', '2025-10-03', '2025-10-06', 99000, 'EUR', 'PKDBOOK005', 'Pending'],
  [6, 1, 100006, 'Oliver Smith', 'London Theatre Weekend', 'Covent Garden Hotel', '2025-11-20', '2025-11-23', 107400, 'GBP', 'PKDCONF006', 'Confirming'],
  [7, 1, null, 'Sofia Rossi', 'Amalfi Coast Escape', 'Amalfi Harbour Rooms', '2025-08-08', '2025-08-10', 52800, 'EUR', null, 'Unconfirmed hold'],
  [8, 1, 100008, 'Jan Novak', 'Tuscany Vineyard Retreat', 'Siena Medieval Inn', '2025-05-15', '2025-05-18', 70200, 'EUR', 'PKDFAIL008', 'Failed'],
  [9, 2, 100002, 'Ingrid Larsen', 'New York City Lights', 'Midtown Skyline Hotel', '2025-12-28', '2026-01-02', 144500, 'USD', 'LIVEREF009', 'Paid'],
].map(([id, profileId, serviceBookingId, holder, packageTitle, propertyName, checkIn, checkOut, totalMinor, currency, bookingReference, status]) => ({
  id: id as number,
  profileId: profileId as number,
  profileKind: profileId === 1 ? 'training' : 'live',
  serviceBookingId: serviceBookingId as number | null,
  holder: holder as string,
  packageTitle: packageTitle as string,
  propertyName: propertyName as string,
  checkIn: checkIn as string,
  checkOut: checkOut as string,
  totalMinor: totalMinor as number,
  currency: currency as string,
  clientReference: id === 9 ? 'AGENCY-2025-0042' : `PD-FXTR-00000${id as number}`,
  bookingReference: bookingReference as string | null,
  status: status as string,
}));

/** A ledger file written by schema `version`, upgraded by openDatabase as the app opens it, and its rows from before. */
function upgradeLedger(version: number) {
  const file = copyFixture(fixtureName('ledger', version));
  const before = snapshot(file, LEDGER_TABLES);
  const db = openDatabase(file, ledgerMigrations);
  return { db, before, ledger: createLedger(db, () => new Date(EPOCH + 86_400_000)) };
}

describe.each(olderVersions(ledgerMigrations))('a ledger written by schema %i', (version) => {
  test('is brought to the current schema with every booking, timeline entry and journal entry, each as the upgrade defines it', () => {
    const { db, before } = upgradeLedger(version);
    try {
      expect(userVersion(db)).toBe(ledgerMigrations.length);
      expect(before.bookings).toHaveLength(LEDGER_BOOKINGS.length);
      expect(before.booking_events?.length).toBeGreaterThan(LEDGER_BOOKINGS.length);
      const after = Object.fromEntries(Object.entries(LEDGER_TABLES).map(([table, order]) => [table, rowsOf(db, table, order)]));
      const why =
        'a migration changed rows in a way this test does not describe: say what it does to old rows in upgradedBooking/upgradedIntent';
      expect(after.bookings, why).toEqual(before.bookings?.map((row) => upgradedBooking(row, version)));
      expect(after.intents, why).toEqual(before.intents?.map((row) => upgradedIntent(row, version)));
      expect(after.booking_events).toEqual(before.booking_events);
      expect(after.counter).toEqual([
        { key: 'code', value: 'FXTR' },
        { key: 'sequence', value: '10' },
      ]);
      expectSound(db);
      // The search index still matches the table it indexes.
      expect(() => db.exec("INSERT INTO bookings_search (bookings_search) VALUES ('integrity-check')")).not.toThrow();
    } finally {
      db.close();
    }
  });

  test('the ledger shows every old booking with its values, its timeline, and finds it by holder and reference', () => {
    const { db, ledger, before } = upgradeLedger(version);
    try {
      for (const expected of LEDGER_BOOKINGS) {
        const { holder, ...fields } = expected;
        const [name, surname] = holder.split(' ');
        const record = ledger.get(expected.id);
        expect(record).toMatchObject({
          ...fields,
          holder: { name, surname },
          createdAt: at(expected.id * 60),
          updatedAt: at(expected.id * 60 + 30),
        });
        // Migration 4 adds in_flight empty, even on booking 2 whose cancellation is still open in the
        // journal: before schema 4 the journal alone said so (a gap of the upgrade, not a choice).
        expect(record?.inFlight).toBe(version >= 4 && expected.id === 2 ? 'cancel' : null);
        expect(record?.paymentIntentId).toBeNull();
        expect(ledger.timeline(expected.id)).toEqual(
          before.booking_events
            ?.filter((event) => event.booking_id === expected.id)
            .map(({ at: when, type, summary }) => ({ at: when, type, summary })),
        );
      }
      expect(ledger.get(2)?.adults).toBe(2);
      expect(ledger.get(9)).toMatchObject({ adults: 1, paxAges: [48], items: [{ availability_id: 19, paxes: [{ age: 48 }] }] });
      expect(ledger.get(1)).toMatchObject({ paxAges: [34, 32], items: [{ availability_id: 11, paxes: [{ age: 34 }, { age: 32 }] }] });
      // A change waiting for payment from before schema 5: its reference and link, nothing it did not keep.
      expect(ledger.get(4)?.pendingModification).toEqual({
        reference: 'MODWAIT004',
        paymentLink: 'http://127.0.0.1:47100/sandbox/pay/modification/MODWAIT004',
        amountMinor: null,
        checkIn: null,
        checkOut: null,
        propertyName: null,
        requestedAt: null,
      });
      expect(ledger.watchedChange(4)).toBeNull();
      expect(ledger.timeline(3).map((event) => event.summary)).toContain('Cancelled: The traveler fell ill.');
      expect(ledger.needingAttention(1).map((booking) => booking.id)).toEqual([7, 2]);

      const found = (profileId: number, query: string) => ledger.list({ profileId, query }).rows.map((booking) => booking.id);
      expect(ledger.list({ profileId: 1 })).toMatchObject({ total: 8, rows: expect.any(Array) });
      expect(ledger.list({ profileId: 1 }).rows.map((booking) => booking.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
      expect(ledger.list({ profileId: 2 }).rows.map((booking) => booking.id)).toEqual([9]);
      for (const expected of LEDGER_BOOKINGS) expect(found(expected.profileId, expected.holder), expected.holder).toEqual([expected.id]);
      expect(found(1, 'garcia')).toEqual([4]);
      expect(found(1, 'chloe')).toEqual([5]);
      expect(found(1, 'kenji.tanaka@example.com')).toEqual([3]);
      expect(found(1, 'PKDPAID002')).toEqual([2]);
      expect(found(1, 'MODWAIT004')).toEqual([4]);
      expect(found(1, '100006')).toEqual([6]);
      expect(found(1, 'PD-FXTR-000007')).toEqual([7]);
      expect(found(1, 'Ryokan')).toEqual([3]);
      expect(found(1, 'Larsen')).toEqual([]);
      expect(ledger.list({ profileId: 1, statuses: ['Pending'] }).rows.map((booking) => booking.id)).toEqual([5, 1]);
      expect(ledger.list({ profileId: 1, statuses: ['Booked'] }).total).toBe(0);
      expect(ledger.exportCsv({ profileId: 1 }).rows).toBe(8);
    } finally {
      db.close();
    }
  });

  test('the reconciler finds what the service may still move, and the writes left open are still open', () => {
    const { db, ledger } = upgradeLedger(version);
    try {
      const now = Date.now();
      // The booking once 'Booked' and the one the supplier is confirming are read again; settled ones are not.
      const due = ledger.dueBookings(now, 100).sort((a, b) => a.id - b.id);
      expect(due.map((booking) => [booking.id, booking.status])).toEqual([
        [5, 'Pending'],
        [6, 'Confirming'],
      ]);
      expect(due.map((booking) => booking.checkDelayMs)).toEqual(version < 4 ? [0, 0] : [2000, 4000]);
      expect(ledger.unsettledCount()).toBe(version < 4 ? 2 : 3);

      const open = ledger.openIntents();
      expect(open.map(({ id, bookingId, operation }) => ({ id, bookingId, operation }))).toEqual([
        { id: 3, bookingId: 2, operation: 'cancel' },
        { id: 4, bookingId: null, operation: 'prebook' },
      ]);
      expect(open[0]?.detail).toEqual({ reason: 'Plans changed.' });
      expect(open[0]?.startedAt).toBe(at(150));
      expect(open[0]?.doubtUntil).toBe(version < 4 ? null : EPOCH + 151 * 60_000);
      expect(open[1]?.detail).toMatchObject({
        profileId: 1,
        clientReference: 'PD-FXTR-000010',
        paxAges: [34, 32],
        quote: expect.objectContaining({ totalMinor: 57000 }),
      });
      // Before schema 4 every open write is due at once; from 4 on, one the app stopped in is found at start-up.
      expect(ledger.dueIntents(now, 10).map((intent) => intent.id)).toEqual(version < 4 ? [3, 4] : [3]);
      expect(ledger.recoverOpenIntents()).toBe(version < 4 ? 0 : 1);
      expect(
        ledger
          .dueIntents(now, 10)
          .map((intent) => intent.id)
          .sort(),
      ).toEqual([3, 4]);
    } finally {
      db.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The settings (settings-migrations.ts), read through the profile service.

/** A keychain that holds nothing: enough to list profiles. */
const emptyKeychain: SecretStore = {
  read: async () => null,
  write: async () => {
    throw new Error('no keychain in this test');
  },
  remove: async () => undefined,
  check: async () => undefined,
};

const FIXTURE_RULES = {
  final: ['Paid', 'Cancelled', 'Voided'],
  confirmed: ['Paid'],
  awaitingSupplier: ['OnRequest'],
  notCancellable: ['Cancelled', 'Voided'],
  modifiable: ['Paid'],
};

describe.each(olderVersions(settingsMigrations))('a settings file written by schema %i', (version) => {
  test('keeps every profile and preference; profiles without status rules get the defaults', async () => {
    const file = copyFixture(fixtureName('settings', version));
    const before = snapshot(file, { profiles: 'id', preferences: 'key' });
    const db = openDatabase(file, settingsMigrations);
    try {
      expect(userVersion(db)).toBe(settingsMigrations.length);
      expect(before.profiles).toHaveLength(4);
      // Migration 2: a status_rules column, NULL (the defaults) on every profile that had none.
      expect(rowsOf(db, 'profiles', 'id')).toEqual(before.profiles?.map((row) => (version < 2 ? { ...row, status_rules: null } : row)));
      expect(rowsOf(db, 'preferences', 'key')).toEqual(before.preferences);
      expectSound(db);

      const preferences = createPreferences(db);
      const profiles = createProfileService(db, preferences, emptyKeychain);
      const missing = { state: 'missing' };
      const listed = await profiles.list();
      expect(listed.activeProfileId).toBe(2);
      expect(listed.profiles).toEqual([
        {
          id: 1,
          name: 'Training',
          kind: 'training',
          baseUrl: '',
          builtIn: true,
          statusRules: TRAINING_STATUS_RULES,
          keys: {
            test: expect.objectContaining({ state: 'provided' }),
            live: expect.objectContaining({ state: 'provided' }),
            publishable: expect.objectContaining({ state: 'provided' }),
          },
        },
        {
          id: 2,
          name: 'Agency Live',
          kind: 'live',
          baseUrl: 'https://api.agency.example',
          builtIn: false,
          statusRules: version < 2 ? SPEC_STATUS_RULES : FIXTURE_RULES,
          keys: { test: missing, live: missing, publishable: missing },
        },
        {
          id: 3,
          name: 'Agency Test',
          kind: 'test',
          baseUrl: 'https://sandbox.agency.example/v2',
          builtIn: false,
          statusRules: SPEC_STATUS_RULES,
          keys: { test: missing, live: missing, publishable: missing },
        },
        {
          id: 4,
          name: 'Reisebüro Zürich',
          kind: 'live',
          baseUrl: 'https://partner.reisen.example',
          builtIn: false,
          statusRules: SPEC_STATUS_RULES,
          keys: { test: missing, live: missing, publishable: missing },
        },
      ]);
      expect(profiles.active().name).toBe('Agency Live');
      expect(preferences.get('window_bounds')).toBe(JSON.stringify({ x: 80, y: 60, width: 1280, height: 820 }));
      // The upgraded file takes new rules as a current one does.
      expect(profiles.learnStatus(3, 'final', 'Voided', true)).toBe(true);
      expect(profiles.find(3).statusRules.final).toContain('Voided');
    } finally {
      db.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The built-in service (electron/sandbox/migrations.ts), read through its API.

const SANDBOX_TABLES = {
  organizations: 'id',
  api_keys: 'key',
  service_settings: 'key',
  offers: 'id',
  prebook_tokens: 'token',
  bookings: 'id',
  payment_intents: 'id',
  payments: 'id',
  modifications: 'reference',
  events: 'id',
};

/** Each booking's state after the upgrade (before the service settles anything), and what each dialect calls it. */
const SANDBOX_BOOKINGS: Record<number, { state: string; standard: string; alternate: string; reference: string | null }> = {
  100001: { state: 'pending', standard: 'Pending', alternate: 'Pending', reference: null },
  100002: { state: 'awaitingAuthentication', standard: 'Pending', alternate: 'AwaitingAuthentication', reference: null },
  100003: { state: 'awaitingAuthentication', standard: 'Pending', alternate: 'AwaitingAuthentication', reference: null },
  // 3-D Secure approved, the booking not sent again: stored as plain 'Pending' before schema 2, read as a hold now.
  100004: { state: 'pending', standard: 'Pending', alternate: 'Pending', reference: null },
  100005: { state: 'confirming', standard: 'Confirming', alternate: 'Pending', reference: 'PKDFIXT005' },
  100006: { state: 'paid', standard: 'Paid', alternate: 'Paid', reference: 'PKDFIXT006' },
  100007: { state: 'changePending', standard: 'Paid', alternate: 'ChangePending', reference: 'PKDFIXT007' },
  100008: { state: 'paid', standard: 'Paid', alternate: 'Paid', reference: 'PKDFIXT008' },
  100009: { state: 'failed', standard: 'Failed', alternate: 'Rejected', reference: 'PKDFIXT009' },
  100010: { state: 'cancelled', standard: 'Cancelled', alternate: 'Cancelled', reference: 'PKDFIXT010' },
  100011: { state: 'paid', standard: 'Paid', alternate: 'Paid', reference: 'PKDFIXT011' },
  100012: { state: 'paid', standard: 'Paid', alternate: 'Paid', reference: 'PKDFIXT012' },
};

type Items = { availability_id: number }[];
const roomIds = (bookingId: number, itemsJson: unknown) =>
  (JSON.parse(itemsJson as string) as Items).map((item, room) => ({ booking_id: bookingId, room, availability_id: item.availability_id }));

/** Migration 2's room_ids: every id a room had, from its token, each completed change, and now. */
function expectedRoomIds(before: Record<string, Row[]>): Row[] {
  const all = [
    ...(before.prebook_tokens ?? [])
      .filter((token) => token.booking_id !== null)
      .flatMap((token) => roomIds(token.booking_id as number, token.items)),
    ...(before.modifications ?? [])
      .filter((change) => change.status === 'completed')
      .flatMap((change) => roomIds(change.booking_id as number, change.new_items)),
    ...(before.bookings ?? []).flatMap((booking) => roomIds(booking.id as number, booking.items)),
  ];
  const unique = new Map(all.map((row) => [`${row.booking_id}:${row.availability_id}`, row]));
  return [...unique.values()].sort((a, b) => a.booking_id - b.booking_id || a.availability_id - b.availability_id);
}

describe.each(olderVersions(sandboxMigrations))('a built-in service file written by schema %i', (version) => {
  test('keeps every organization, key, offer, token, booking, payment, change and event; statuses become states', () => {
    const file = copyFixture(fixtureName('sandbox', version));
    const before = snapshot(file, SANDBOX_TABLES);
    const db = openDatabase(file, sandboxMigrations);
    try {
      expect(userVersion(db)).toBe(sandboxMigrations.length);
      expect(before.bookings).toHaveLength(Object.keys(SANDBOX_BOOKINGS).length);
      for (const [table, order] of Object.entries(SANDBOX_TABLES)) {
        const after = rowsOf(db, table, order);
        const rows = before[table] ?? [];
        if (table === 'bookings') expect(after).toEqual(rows.map((row) => ({ ...row, status: SANDBOX_BOOKINGS[row.id as number]?.state })));
        // Migration 2: every payment intent from before was confirmed by hand ('manual').
        else if (table === 'payment_intents') expect(after).toEqual(rows.map((row) => ({ confirmation_method: 'manual', ...row })));
        else expect(after, table).toEqual(rows);
      }
      expect(rowsOf(db, 'room_ids', 'booking_id, availability_id')).toEqual(expectedRoomIds(before));
      // The room changed to cheaper dates is known by the id it was booked with and by its new one.
      expect(db.prepare('SELECT room, availability_id FROM room_ids WHERE booking_id = 100008 ORDER BY availability_id').all()).toEqual([
        { room: 0, availability_id: 9 },
        { room: 0, availability_id: 10 },
      ]);
      expect(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'bookings'").get()).toEqual({ seq: 100012 });
      expectSound(db);
    } finally {
      db.close();
    }
  });

  test('serves each old booking through its API with the old keys, in today’s status names of either dialect', async () => {
    const file = copyFixture(fixtureName('sandbox', version));
    const before = snapshot(file, SANDBOX_TABLES);
    const training = JSON.parse(before.service_settings?.find((row) => row.key === 'training_org')?.value as string) as {
      organizationId: number;
      testKey: string;
      liveKey: string;
    };
    const secondLive = before.api_keys?.find((row) => row.organization_id === 2 && row.kind === 'live')?.key as string;
    const bookingsOf = (organization: number) => (before.bookings ?? []).filter((row) => row.organization_id === organization);

    let sandbox: Sandbox = await startSandbox({ dataFile: file, controls: { supplierDelayMs: 50 } });
    try {
      // The service keeps the training organization it had instead of making a new one.
      expect(sandbox.keys).toEqual(training);
      expect(sandbox.adminKey).toBe(before.service_settings?.find((row) => row.key === 'admin_key')?.value);
      for (const row of bookingsOf(1)) {
        const id = row.id as number;
        const expected = SANDBOX_BOOKINGS[id];
        // A booking the supplier was confirming when the service stopped is settled when it starts.
        const standard = id === 100005 ? 'Paid' : expected?.standard;
        const answer = await callApi<{ data: Record<string, unknown> }>(sandbox, 'GET', `/bookings/${id}`, training.liveKey);
        expect(answer.status, `GET /bookings/${id}`).toBe(200);
        expect(answer.body.data).toEqual({
          id,
          status: standard,
          booking_reference: expected?.reference,
          check_in: row.check_in,
          check_out: row.check_out,
          total_price_cents: row.total_minor,
          currency: row.currency,
          items: JSON.parse(row.items as string),
        });
      }
      expect(sandbox.service.ledger(100005)).toMatchObject({
        booking: { state: 'paid', confirm_due_at: null },
        payments: [
          expect.objectContaining({ kind: 'authorization', amount_minor: 44800 }),
          expect.objectContaining({ kind: 'capture', amount_minor: 44800 }),
        ],
        events: [expect.objectContaining({ type: 'authorized' }), expect.objectContaining({ type: 'supplier_confirmed' })],
      });
      expect(sandbox.service.ledger(100010).payments.map((payment) => (payment as { kind: string }).kind)).toEqual([
        'authorization',
        'capture',
        'refund',
      ]);
      expect(sandbox.service.challenge('pi_fixture000000000000000002', 'pi_fixture000000000000000002_secret_fixture')).toMatchObject({
        status: 'requires_action',
        confirmation_method: 'manual',
        amountMinor: 43200,
        currency: 'EUR',
      });
      // Still one organization's booking only.
      expect((await callApi(sandbox, 'GET', '/bookings/100012', training.liveKey)).status).toBe(404);
      expect(await callApi(sandbox, 'GET', '/bookings/100012', secondLive)).toMatchObject({
        status: 200,
        body: { data: { id: 100012, status: 'Paid', booking_reference: 'PKDFIXT012', currency: 'USD' } },
      });
      expect((await callApi(sandbox, 'GET', '/bookings/100006', training.testKey)).status).toBe(403);
      // The change waiting for payment can still be paid at its old link, and lands.
      const link = await fetch(`${sandbox.url}/sandbox/pay/modification/MODFIXT007`, { method: 'POST' });
      expect(link.status).toBe(200);
      expect(await callApi(sandbox, 'GET', '/bookings/100007', training.liveKey)).toMatchObject({
        body: { data: { status: 'Paid', total_price_cents: 110200 } },
      });
    } finally {
      await sandbox.close();
    }

    sandbox = await startSandbox({ dataFile: file, dialect: 'alternate' });
    try {
      for (const row of bookingsOf(1)) {
        const id = row.id as number;
        const alternate = id === 100005 ? 'Paid' : id === 100007 ? 'Paid' : SANDBOX_BOOKINGS[id]?.alternate;
        const answer = await callApi<{ data: { id: number; status: string } }>(sandbox, 'GET', `/bookings/${id}`, training.liveKey);
        expect([answer.status, answer.body.data.status], `GET /bookings/${id} (alternate)`).toEqual([200, alternate]);
      }
    } finally {
      await sandbox.close();
    }
  });
});

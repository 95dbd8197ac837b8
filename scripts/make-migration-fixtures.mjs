// Writes the upgrade fixtures: for each database and each schema version k before the current one,
// test/fixtures/migrations/<db>-v<k>.db, made by the first k migrations (through the real openDatabase)
// and filled with plain SQL with the rows a counter or a service of that version could hold.
// test/integration/migrations.test.ts opens every one with today's migrations and checks each row.
//
//   node_modules/.bin/node scripts/make-migration-fixtures.mjs         writes the fixtures that are missing
//   node_modules/.bin/node scripts/make-migration-fixtures.mjs --all   rewrites every fixture
//
// Run it after appending a migration: it adds the fixture of the version that just became "older".
// Existing fixtures are kept by default, as they stand for files already on agents' disks (and a
// newer SQLite would rewrite their bytes for nothing). Node 24 is needed for node:sqlite.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'test', 'fixtures', 'migrations');
const rewriteAll = process.argv.includes('--all');

if (!process.versions.node || Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Node ${process.versions.node} has no node:sqlite; run node_modules/.bin/node scripts/make-migration-fixtures.mjs`);
  process.exit(1);
}

/** The migrations and openDatabase, from the TypeScript sources, bundled in memory. */
async function loadSources() {
  const entry = [
    "export { openDatabase } from './electron/core/database';",
    "export { ledgerMigrations } from './electron/core/ledger/ledger-migrations';",
    "export { settingsMigrations } from './electron/core/settings-migrations';",
    "export { sandboxMigrations } from './electron/sandbox/migrations';",
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'migration-fixtures-entry.ts' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

// ---------------------------------------------------------------------------------------------
// Fixed values: no clock, no randomness, so the same generator always writes the same rows.

const EPOCH = Date.parse('2025-03-03T09:00:00.000Z');
/** An ISO timestamp `minutes` after the fixtures' epoch. */
const at = (minutes) => new Date(EPOCH + minutes * 60_000).toISOString();
/** The same instant in epoch milliseconds, as next_check_at and doubt_until hold it. */
const ms = (minutes) => EPOCH + minutes * 60_000;
const json = (value) => JSON.stringify(value);

/** Inserts `row` into `table`, keeping only the columns this schema version has. */
function insert(db, table, row) {
  const columns = new Set(
    db
      .prepare(`PRAGMA table_info(${table})`)
      .all()
      .map((column) => column.name),
  );
  const names = Object.keys(row).filter((name) => columns.has(name));
  db.prepare(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(
    ...names.map((name) => row[name]),
  );
}

const hasTable = (db, name) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

// ---------------------------------------------------------------------------------------------
// The ledger: one booking in each status a counter could hold, their timelines, and the journal.

const rooms = (availabilityId, ages) => json([{ availability_id: availabilityId, paxes: ages.map((age) => ({ age })) }]);

/** Bookings as the ledger of schema `version` stores them; columns it does not have yet are dropped by insert(). */
function ledgerBookings(version) {
  const common = (id, fields) => ({
    id,
    profile_id: 1,
    profile_kind: 'training',
    adults: 2,
    client_reference: `PD-FXTR-${String(id).padStart(6, '0')}`,
    pending_modification_reference: null,
    pending_payment_link: null,
    attention: null,
    created_at: at(id * 60),
    updated_at: at(id * 60 + 30),
    // From version 4 on (ignored before): a row's version, a write in flight, the reconciler's schedule.
    version: 2,
    in_flight: null,
    next_check_at: null,
    check_delay_ms: 0,
    // From version 5 on.
    pending_change: null,
    payment_intent_id: null,
    ...fields,
  });
  const bookings = [
    // A hold: made at the service, not paid.
    common(1, {
      service_booking_id: 100001,
      package_id: 1,
      package_title: 'Lisbon City Break',
      property_id: 101,
      property_name: 'Hotel Alfama Palace',
      check_in: '2025-06-10',
      check_out: '2025-06-13',
      holder_name: 'Ana',
      holder_surname: 'Silva',
      holder_email: 'ana.silva@example.com',
      paxes: json([34, 32]),
      items: rooms(11, [34, 32]),
      total_minor: 57000,
      currency: 'EUR',
      booking_reference: null,
      status: 'Pending',
      version: 1,
    }),
    // Paid, with a reference; a cancellation of it was sent and its answer lost (the open intent).
    common(2, {
      service_booking_id: 100002,
      package_id: 10,
      package_title: 'Rome Eternal City Tour',
      property_id: 1001,
      property_name: 'Trastevere Courtyard Hotel',
      check_in: '2025-07-01',
      check_out: '2025-07-05',
      holder_name: 'Luca',
      holder_surname: 'Bianchi',
      holder_email: 'luca.bianchi@example.com',
      paxes: json([41, 39]),
      items: rooms(12, [41, 39]),
      total_minor: 100800,
      currency: 'EUR',
      booking_reference: 'PKDPAID002',
      status: 'Paid',
      attention: 'A cancellation was sent but its answer was lost; Packdesk is checking whether it went through.',
      version: 4,
      in_flight: 'cancel',
    }),
    // Paid, then cancelled.
    common(3, {
      service_booking_id: 100003,
      package_id: 35,
      package_title: 'Kyoto Temples & Gardens',
      property_id: 3501,
      property_name: 'Gion Ryokan',
      check_in: '2025-04-02',
      check_out: '2025-04-05',
      holder_name: 'Kenji',
      holder_surname: 'Tanaka',
      holder_email: 'kenji.tanaka@example.com',
      paxes: json([52, 50]),
      items: rooms(13, [52, 50]),
      total_minor: 228000,
      currency: 'JPY',
      booking_reference: 'PKDCANC003',
      status: 'Cancelled',
      version: 3,
    }),
    // Paid, with a change that costs more waiting for the traveler to pay it.
    common(4, {
      service_booking_id: 100004,
      package_id: 3,
      package_title: 'Barcelona Gaudí Weekend',
      property_id: 301,
      property_name: 'Eixample Modernista Hotel',
      check_in: '2025-09-12',
      check_out: '2025-09-14',
      holder_name: 'María',
      holder_surname: 'García',
      holder_email: 'maria.garcia@example.com',
      paxes: json([29, 31]),
      items: rooms(14, [29, 31]),
      total_minor: 44800,
      currency: 'EUR',
      booking_reference: 'PKDCHNG004',
      status: 'Paid',
      pending_modification_reference: 'MODWAIT004',
      pending_payment_link: 'http://127.0.0.1:47100/sandbox/pay/modification/MODWAIT004',
      version: 3,
    }),
    // Paid at the service, the supplier not answered yet: 'Booked' was Packdesk's own word for it until schema 5.
    common(5, {
      service_booking_id: 100005,
      package_id: 6,
      package_title: 'Paris Romantic Getaway',
      property_id: 601,
      property_name: 'Hôtel Saint-Germain',
      check_in: '2025-10-03',
      check_out: '2025-10-06',
      holder_name: 'Chloé',
      holder_surname: 'Dubois',
      holder_email: 'chloe.dubois@example.com',
      paxes: json([36, 35]),
      items: rooms(15, [36, 35]),
      total_minor: 99000,
      currency: 'EUR',
      booking_reference: 'PKDBOOK005',
      status: version < 5 ? 'Booked' : 'Pending',
      next_check_at: ms(330),
      check_delay_ms: 2000,
    }),
    // The supplier is still confirming (the training service's own status).
    common(6, {
      service_booking_id: 100006,
      package_id: 25,
      package_title: 'London Theatre Weekend',
      property_id: 2501,
      property_name: 'Covent Garden Hotel',
      check_in: '2025-11-20',
      check_out: '2025-11-23',
      holder_name: 'Oliver',
      holder_surname: 'Smith',
      holder_email: 'oliver.smith@example.com',
      paxes: json([45, 44]),
      items: rooms(16, [45, 44]),
      total_minor: 107400,
      currency: 'GBP',
      booking_reference: 'PKDCONF006',
      status: 'Confirming',
      next_check_at: ms(400),
      check_delay_ms: 4000,
    }),
    // A hold whose answer was lost and whose booking id is unknown.
    common(7, {
      service_booking_id: null,
      package_id: 9,
      package_title: 'Amalfi Coast Escape',
      property_id: 903,
      property_name: 'Amalfi Harbour Rooms',
      check_in: '2025-08-08',
      check_out: '2025-08-10',
      holder_name: 'Sofia',
      holder_surname: 'Rossi',
      holder_email: 'sofia.rossi@example.com',
      paxes: json([27, 28]),
      items: rooms(17, [27, 28]),
      total_minor: 52800,
      currency: 'EUR',
      booking_reference: null,
      status: 'Unconfirmed hold',
      attention:
        'The service made this hold but its answer was lost, so its booking number is unknown. Contact the service’s support with the client reference before holding again.',
      version: 1,
    }),
    // Paid, then rejected by the supplier.
    common(8, {
      service_booking_id: 100008,
      package_id: 13,
      package_title: 'Tuscany Vineyard Retreat',
      property_id: 1302,
      property_name: 'Siena Medieval Inn',
      check_in: '2025-05-15',
      check_out: '2025-05-18',
      holder_name: 'Jan',
      holder_surname: 'Novak',
      holder_email: 'jan.novak@example.com',
      paxes: json([60, 58]),
      items: rooms(18, [60, 58]),
      total_minor: 70200,
      currency: 'EUR',
      booking_reference: 'PKDFAIL008',
      status: 'Failed',
      version: 3,
    }),
    // Another profile (live) whose service reuses a booking id of the Training profile's.
    common(9, {
      profile_id: 2,
      profile_kind: 'live',
      service_booking_id: 100002,
      package_id: 29,
      package_title: 'New York City Lights',
      property_id: 2901,
      property_name: 'Midtown Skyline Hotel',
      check_in: '2025-12-28',
      check_out: '2026-01-02',
      adults: 1,
      holder_name: 'Ingrid',
      holder_surname: 'Larsen',
      holder_email: 'ingrid.larsen@example.com',
      paxes: json([48]),
      items: rooms(19, [48]),
      total_minor: 144500,
      currency: 'USD',
      client_reference: 'AGENCY-2025-0042',
      booking_reference: 'LIVEREF009',
      status: 'Paid',
      version: 3,
    }),
  ];
  return bookings;
}

/** Each booking's timeline, in the words the counter used. */
function ledgerEvents() {
  const events = [];
  const add = (bookingId, minutes, type, summary, detail = null) =>
    events.push({ booking_id: bookingId, at: at(bookingId * 60 + minutes), type, summary, detail });
  add(1, 0, 'prebooked', 'Held as booking 100001 (Pending).');
  add(2, 0, 'prebooked', 'Held as booking 100002 (Pending).');
  add(2, 5, 'book_intent', 'Sending the payment to the service.');
  add(2, 6, 'booked', 'Payment authorized; supplier reference PKDPAID002. Waiting for the supplier to confirm.');
  add(2, 9, 'status', 'Status is now Paid.');
  add(2, 30, 'cancel_intent', 'Sending the cancellation to the service.');
  add(3, 0, 'prebooked', 'Held as booking 100003 (Pending).');
  add(3, 8, 'booked', 'Payment authorized; supplier reference PKDCANC003. Waiting for the supplier to confirm.');
  add(3, 20, 'cancelled', 'Cancelled: The traveler fell ill.', json({ reason: 'The traveler fell ill.' }));
  add(4, 0, 'prebooked', 'Held as booking 100004 (Pending).');
  add(4, 7, 'booked', 'Payment authorized; supplier reference PKDCHNG004. Waiting for the supplier to confirm.');
  add(
    4,
    25,
    'modification_payment_required',
    'Change MODWAIT004 costs 11200 more (minor units); waiting for it to be paid at its payment link.',
    json({ reference: 'MODWAIT004', amountMinor: 11200 }),
  );
  add(5, 0, 'prebooked', 'Held as booking 100005 (Pending).');
  add(5, 10, 'booked', 'Payment authorized; supplier reference PKDBOOK005. Waiting for the supplier to confirm.');
  add(6, 0, 'prebooked', 'Held as booking 100006 (Pending).');
  add(6, 4, 'booked', 'Payment authorized; supplier reference PKDCONF006. Waiting for the supplier to confirm.');
  add(6, 6, 'status', 'Status is now Confirming.');
  add(
    7,
    0,
    'hold_id_lost',
    'The answer to the hold was lost; the service refused it again (token_used, HTTP 409). Whether the hold exists is unknown.',
  );
  add(8, 0, 'prebooked', 'Held as booking 100008 (Pending).');
  add(8, 3, 'booked', 'Payment authorized; supplier reference PKDFAIL008. Waiting for the supplier to confirm.');
  add(8, 9, 'status', 'Status is now Failed.');
  add(9, 0, 'prebooked', 'Held as booking 100002 (Pending).');
  add(9, 2, 'status', 'Status is now Paid, reference LIVEREF009.');
  return events;
}

/** The journal: finished writes, and two left open (an answer lost, and a stop in the middle of a hold). */
function ledgerIntents(version) {
  const quote = {
    available: true,
    packageId: 1,
    packageTitle: 'Lisbon City Break',
    propertyId: 101,
    propertyName: 'Hotel Alfama Palace',
    checkIn: '2025-06-10',
    checkOut: '2025-06-13',
    adults: 2,
    availabilityId: 11,
    totalMinor: 57000,
    currency: 'EUR',
    nights: 3,
    perNightMinor: 19000,
  };
  const holder = { name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' };
  // Until schema 4 the journal kept the hold's token and holder; from 4 on, the request sent.
  const request = (token) => ({
    package_id: 1,
    inventory_item_id: 101,
    prebook_token: token,
    check_in: '2025-06-10',
    check_out: '2025-06-13',
    holder,
    items: JSON.parse(rooms(11, [34, 32])),
  });
  const prebookDetail = (token, clientReference) =>
    version < 4
      ? { profileId: 1, holdId: 'hold-fixture-1', token, clientReference, quote, paxAges: [34, 32], holder }
      : { profileId: 1, request: request(token), quote, paxAges: [34, 32], clientReference };
  return [
    {
      id: 1,
      booking_id: 1,
      operation: 'prebook',
      detail: json(prebookDetail('pbt_fixture0001', 'PD-FXTR-000001')),
      started_at: at(59),
      finished_at: at(60),
      outcome: 'ok',
      next_check_at: null,
      doubt_until: null,
    },
    {
      id: 2,
      booking_id: 2,
      operation: 'book',
      detail: json(
        version < 4
          ? { serviceBookingId: 100002, method: 'card', client_reference: 'PD-FXTR-000002' }
          : { method: 'card', clientReference: 'PD-FXTR-000002', paymentIntentId: null },
      ),
      started_at: at(125),
      finished_at: at(126),
      outcome: 'booked',
      next_check_at: null,
      doubt_until: null,
    },
    // The cancellation's answer was lost: open, being checked.
    {
      id: 3,
      booking_id: 2,
      operation: 'cancel',
      detail: json({ reason: 'Plans changed.' }),
      started_at: at(150),
      finished_at: null,
      outcome: null,
      next_check_at: ms(152),
      doubt_until: ms(151),
    },
    // The app stopped while a hold was being sent: open, not yet looked at.
    {
      id: 4,
      booking_id: null,
      operation: 'prebook',
      detail: json(prebookDetail('pbt_fixture0010', 'PD-FXTR-000010')),
      started_at: at(600),
      finished_at: null,
      outcome: null,
      next_check_at: null,
      doubt_until: null,
    },
  ];
}

function fillLedger(db, version) {
  for (const booking of ledgerBookings(version)) insert(db, 'bookings', booking);
  for (const event of ledgerEvents()) insert(db, 'booking_events', event);
  for (const intent of ledgerIntents(version)) insert(db, 'intents', intent);
  insert(db, 'counter', { key: 'code', value: 'FXTR' });
  insert(db, 'counter', { key: 'sequence', value: '10' });
}

// ---------------------------------------------------------------------------------------------
// The settings: the built-in Training profile and the agency's own, with and without status rules.

function fillSettings(db, version) {
  // Migration 1 made the Training profile with the clock's time; a fixture keeps a fixed one.
  db.prepare('UPDATE profiles SET created_at = ? WHERE id = 1').run(at(0));
  const rules = {
    final: ['Paid', 'Cancelled', 'Voided'],
    confirmed: ['Paid'],
    awaitingSupplier: ['OnRequest'],
    notCancellable: ['Cancelled', 'Voided'],
    modifiable: ['Paid'],
  };
  insert(db, 'profiles', {
    id: 2,
    name: 'Agency Live',
    kind: 'live',
    base_url: 'https://api.agency.example',
    built_in: 0,
    created_at: at(10),
    status_rules: version >= 2 ? json(rules) : null,
  });
  insert(db, 'profiles', {
    id: 3,
    name: 'Agency Test',
    kind: 'test',
    base_url: 'https://sandbox.agency.example/v2',
    built_in: 0,
    created_at: at(11),
    status_rules: null,
  });
  insert(db, 'profiles', {
    id: 4,
    name: 'Reisebüro Zürich',
    kind: 'live',
    base_url: 'https://partner.reisen.example',
    built_in: 0,
    created_at: at(12),
    status_rules: null,
  });
  db.prepare("UPDATE preferences SET value = '2' WHERE key = 'active_profile_id'").run();
  insert(db, 'preferences', { key: 'window_bounds', value: json({ x: 80, y: 60, width: 1280, height: 820 }) });
}

// ---------------------------------------------------------------------------------------------
// The built-in service: two organizations, and a booking in every state its schema could store.

const ORG1 = { organizationId: 1, testKey: 'sk_test_FixtureTrainingTestKey0001', liveKey: 'sk_live_FixtureTrainingLiveKey0001' };
const ORG2 = { testKey: 'sk_test_FixtureSecondAgencyKey0002', liveKey: 'sk_live_FixtureSecondAgencyKey0002' };

function fillSandbox(db, version) {
  const states = (legacy, state) => (version < 2 ? legacy : state);
  insert(db, 'organizations', { id: 1, name: 'Training Agency' });
  insert(db, 'organizations', { id: 2, name: 'Second Agency' });
  for (const [key, organization, kind] of [
    [ORG1.testKey, 1, 'test'],
    [ORG1.liveKey, 1, 'live'],
    [ORG2.testKey, 2, 'test'],
    [ORG2.liveKey, 2, 'live'],
  ]) {
    insert(db, 'api_keys', { key, organization_id: organization, kind });
  }
  insert(db, 'service_settings', { key: 'training_org', value: json(ORG1) });
  insert(db, 'service_settings', { key: 'admin_key', value: 'sandbox_admin_FixtureAdminKey0001' });

  const paxes = (ages) => ages.map((age) => ({ age }));
  const items = (offer, ages = [30, 31]) => json([{ availability_id: offer, paxes: paxes(ages) }]);
  let offerId = 0;
  const offer = (organization, propertyId, checkIn, checkOut, total, currency = 'EUR', adults = 2) => {
    offerId += 1;
    const packageId = Math.floor(propertyId / 100);
    insert(db, 'offers', {
      id: offerId,
      organization_id: organization,
      package_id: packageId,
      property_id: propertyId,
      check_in: checkIn,
      check_out: checkOut,
      adults,
      total_minor: total,
      currency,
      created_at: at(offerId),
    });
    return offerId;
  };
  const booking = (id, fields) => {
    const row = {
      id,
      organization_id: 1,
      holder: json({ name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' }),
      booking_reference: null,
      client_reference: null,
      cancellation_reason: null,
      supplier_outcome: null,
      confirm_due_at: null,
      created_at: at(id - 100000),
      updated_at: at(id - 100000 + 20),
      ...fields,
    };
    const offerRow = db.prepare('SELECT * FROM offers WHERE id = ?').get(JSON.parse(row.items)[0].availability_id);
    insert(db, 'bookings', {
      package_id: offerRow.package_id,
      property_id: offerRow.property_id,
      check_in: offerRow.check_in,
      check_out: offerRow.check_out,
      total_minor: offerRow.total_minor,
      currency: offerRow.currency,
      ...row,
    });
    return row;
  };
  const token = (name, bookingId, itemsJson, offerRow, used) =>
    insert(db, 'prebook_tokens', {
      token: name,
      organization_id: 1,
      package_id: Math.floor(offerRow.property / 100),
      property_id: offerRow.property,
      check_in: offerRow.checkIn,
      check_out: offerRow.checkOut,
      items: itemsJson,
      expires_at: at(200),
      used_at: used ? at(150) : null,
      booking_id: bookingId,
    });
  const payment = (bookingId, kind, amount, currency, extra = {}) =>
    insert(db, 'payments', {
      booking_id: bookingId,
      kind,
      amount_minor: amount,
      currency,
      payment_method_id: extra.pm ?? null,
      payment_intent_id: extra.pi ?? null,
      modification_reference: extra.mod ?? null,
      created_at: at(bookingId - 100000 + 10),
    });
  const event = (bookingId, type, data = {}) =>
    insert(db, 'events', { booking_id: bookingId, type, data: json(data), at: at(bookingId - 100000 + 5) });
  const intent = (id, bookingId, status, pm = 'pm_card_threeDSecureRequired') =>
    insert(db, 'payment_intents', {
      id,
      booking_id: bookingId,
      client_secret: `${id}_secret_fixture`,
      payment_method_id: pm,
      status,
      confirmation_method: 'manual',
      created_at: at(bookingId - 100000 + 3),
    });

  // 100001: a hold, not paid.
  const o1 = offer(1, 101, '2031-06-10', '2031-06-13', 57000);
  token('pbt_fixture00000000000000000000000001', 100001, items(o1), { property: 101, checkIn: '2031-06-10', checkOut: '2031-06-13' }, true);
  booking(100001, { items: items(o1), status: states('Pending', 'pending'), client_reference: null });
  event(100001, 'prebooked', { total_minor: 57000, currency: 'EUR' });

  // 100002: waiting for 3-D Secure.
  const o2 = offer(1, 102, '2031-07-01', '2031-07-04', 43200);
  booking(100002, { items: items(o2), status: states('Pending', 'awaitingAuthentication') });
  intent('pi_fixture000000000000000002', 100002, 'requires_action');
  event(100002, 'payment_requires_action', { payment_intent_id: 'pi_fixture000000000000000002' });

  // 100003: 3-D Secure failed; the hold can still be paid with another card.
  const o3 = offer(1, 103, '2031-07-10', '2031-07-12', 49600);
  booking(100003, { items: items(o3), status: states('Pending', 'awaitingAuthentication') });
  intent('pi_fixture000000000000000003', 100003, 'failed');
  event(100003, 'authentication_failed', { payment_intent_id: 'pi_fixture000000000000000003' });

  // 100004: 3-D Secure approved, the booking not yet sent again with the intent.
  const o4 = offer(1, 201, '2031-08-01', '2031-08-03', 35200);
  booking(100004, { items: items(o4), status: states('Pending', 'awaitingAuthentication') });
  intent('pi_fixture000000000000000004', 100004, 'succeeded');
  event(100004, 'authentication_succeeded', { payment_intent_id: 'pi_fixture000000000000000004' });

  // 100005: paid, the supplier due to answer (long ago: the service settles it when it starts).
  const o5 = offer(1, 301, '2031-09-12', '2031-09-14', 44800);
  booking(100005, {
    items: items(o5),
    status: states('Confirming', 'confirming'),
    booking_reference: 'PKDFIXT005',
    client_reference: 'PD-FXTR-000005',
    supplier_outcome: 'confirm',
    confirm_due_at: at(100),
  });
  payment(100005, 'authorization', 44800, 'EUR', { pm: 'pm_card_visa' });
  event(100005, 'authorized', { amount_minor: 44800, currency: 'EUR' });

  // 100006: paid and confirmed.
  const o6 = offer(1, 2501, '2031-11-20', '2031-11-23', 107400, 'GBP');
  booking(100006, {
    items: items(o6),
    status: states('Paid', 'paid'),
    booking_reference: 'PKDFIXT006',
    client_reference: 'PD-FXTR-000006',
    supplier_outcome: 'confirm',
  });
  payment(100006, 'authorization', 107400, 'GBP', { pm: 'pm_card_visa' });
  payment(100006, 'capture', 107400, 'GBP');
  event(100006, 'supplier_confirmed');

  // 100007: paid, a dearer change waiting for payment.
  const o7 = offer(1, 601, '2031-10-03', '2031-10-06', 99000);
  const o7b = offer(1, 602, '2031-10-03', '2031-10-06', 110200);
  booking(100007, {
    items: items(o7),
    status: states('Paid', 'changePending'),
    booking_reference: 'PKDFIXT007',
    supplier_outcome: 'confirm',
  });
  payment(100007, 'authorization', 99000, 'EUR', { pm: 'pm_card_visa' });
  payment(100007, 'capture', 99000, 'EUR');
  insert(db, 'modifications', {
    reference: 'MODFIXT007',
    booking_id: 100007,
    changes: json({ rooms: [{ action: 'update', availability_id: o7, selected_availability_id: o7b }] }),
    new_check_in: '2031-10-03',
    new_check_out: '2031-10-06',
    new_property_id: 602,
    new_items: items(o7b),
    new_total_minor: 110200,
    net_diff: 11200,
    status: 'payment_required',
    created_at: at(30),
    completed_at: null,
  });
  event(100007, 'modification_payment_required', { reference: 'MODFIXT007', amount_minor: 11200 });

  // 100008: paid, then changed to cheaper dates (refunded): its room had three availability ids.
  const o8 = offer(1, 1001, '2031-05-01', '2031-05-05', 100800);
  const o8b = offer(1, 1001, '2031-05-02', '2031-05-05', 75600);
  token(
    'pbt_fixture00000000000000000000000008',
    100008,
    items(o8),
    { property: 1001, checkIn: '2031-05-01', checkOut: '2031-05-05' },
    true,
  );
  booking(100008, { items: items(o8b), status: states('Paid', 'paid'), booking_reference: 'PKDFIXT008', supplier_outcome: 'confirm' });
  payment(100008, 'authorization', 100800, 'EUR', { pm: 'pm_card_visa' });
  payment(100008, 'capture', 100800, 'EUR');
  payment(100008, 'refund', 25200, 'EUR', { mod: 'MODFIXT008' });
  insert(db, 'modifications', {
    reference: 'MODFIXT008',
    booking_id: 100008,
    changes: json({ booking: { dates: { check_in: '2031-05-02', check_out: '2031-05-05' } } }),
    new_check_in: '2031-05-02',
    new_check_out: '2031-05-05',
    new_property_id: 1001,
    new_items: items(o8b),
    new_total_minor: 75600,
    net_diff: -25200,
    status: 'completed',
    created_at: at(40),
    completed_at: at(40),
  });
  event(100008, 'modified', { reference: 'MODFIXT008', net_price_diff: -25200 });

  // 100009: the supplier rejected it; the authorization was released.
  const o9 = offer(1, 1302, '2031-05-15', '2031-05-18', 70200);
  booking(100009, { items: items(o9), status: states('Failed', 'failed'), booking_reference: 'PKDFIXT009', supplier_outcome: 'reject' });
  payment(100009, 'authorization', 70200, 'EUR', { pm: 'pm_card_visa' });
  payment(100009, 'release', 70200, 'EUR');
  event(100009, 'supplier_rejected');

  // 100010: paid, then cancelled and refunded.
  const o10 = offer(1, 3501, '2031-04-02', '2031-04-05', 228000, 'JPY');
  booking(100010, {
    items: items(o10),
    status: states('Cancelled', 'cancelled'),
    booking_reference: 'PKDFIXT010',
    supplier_outcome: 'confirm',
    cancellation_reason: 'The traveler fell ill.',
  });
  payment(100010, 'authorization', 228000, 'JPY', { pm: 'pm_card_visa' });
  payment(100010, 'capture', 228000, 'JPY');
  payment(100010, 'refund', 228000, 'JPY');
  event(100010, 'cancelled', { reason: 'The traveler fell ill.', previous_status: 'Paid' });

  // 100011: paid after 3-D Secure (its intent used).
  const o11 = offer(1, 901, '2031-08-08', '2031-08-10', 88000);
  booking(100011, { items: items(o11), status: states('Paid', 'paid'), booking_reference: 'PKDFIXT011', supplier_outcome: 'confirm' });
  intent('pi_fixture000000000000000011', 100011, 'used');
  payment(100011, 'authorization', 88000, 'EUR', { pm: 'pm_card_threeDSecureRequired', pi: 'pi_fixture000000000000000011' });
  payment(100011, 'capture', 88000, 'EUR');

  // 100012: the second organization's, out of the first one's sight.
  const o12 = offer(2, 2901, '2031-12-28', '2032-01-02', 144500, 'USD', 1);
  booking(100012, {
    organization_id: 2,
    items: items(o12, [48]),
    status: states('Paid', 'paid'),
    booking_reference: 'PKDFIXT012',
    supplier_outcome: 'confirm',
    holder: json({ name: 'Ingrid', surname: 'Larsen', email: 'ingrid.larsen@example.com' }),
  });
  payment(100012, 'authorization', 144500, 'USD', { pm: 'pm_card_visa' });
  payment(100012, 'capture', 144500, 'USD');

  // An unused token and one that expired.
  insert(db, 'prebook_tokens', {
    token: 'pbt_fixture00000000000000000000000099',
    organization_id: 1,
    package_id: 1,
    property_id: 101,
    check_in: '2031-06-20',
    check_out: '2031-06-22',
    items: items(o1),
    expires_at: at(500),
    used_at: null,
    booking_id: null,
  });
  if (hasTable(db, 'room_ids')) {
    for (const row of db.prepare('SELECT id, items FROM bookings').all()) {
      for (const [room, item] of JSON.parse(row.items).entries())
        db.prepare('INSERT OR IGNORE INTO room_ids (booking_id, room, availability_id) VALUES (?, ?, ?)').run(
          row.id,
          room,
          item.availability_id,
        );
    }
  }
}

// ---------------------------------------------------------------------------------------------

const sources = await loadSources();
const databases = [
  { name: 'ledger', migrations: sources.ledgerMigrations, fill: fillLedger },
  { name: 'settings', migrations: sources.settingsMigrations, fill: fillSettings },
  { name: 'sandbox', migrations: sources.sandboxMigrations, fill: fillSandbox },
];

mkdirSync(outDir, { recursive: true });
for (const { name, migrations, fill } of databases) {
  for (let version = 1; version < migrations.length; version += 1) {
    const file = join(outDir, `${name}-v${version}.db`);
    const shown = relative(root, file);
    if (existsSync(file) && !rewriteAll) {
      console.log(`kept    ${shown}`);
      continue;
    }
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    const db = sources.openDatabase(file, migrations.slice(0, version));
    db.exec('BEGIN');
    fill(db, version);
    db.exec('COMMIT');
    const problems = db.prepare('PRAGMA foreign_key_check').all();
    if (problems.length) throw new Error(`${shown}: rows break a foreign key: ${json(problems)}`);
    // One self-contained file: the WAL folded in and switched off, small pages, no free ones.
    db.exec('PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE; PRAGMA page_size = 1024; VACUUM;');
    db.close();
    for (const suffix of ['-wal', '-shm', '-journal'])
      if (existsSync(`${file}${suffix}`)) throw new Error(`${shown}${suffix} was left behind`);
    console.log(`wrote   ${shown} (schema ${version}, ${statSync(file).size} bytes)`);
  }
}

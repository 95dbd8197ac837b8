import { at, ms, json, insert } from './common.mjs';

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

export function fillLedger(db, version) {
  for (const booking of ledgerBookings(version)) insert(db, 'bookings', booking);
  for (const event of ledgerEvents()) insert(db, 'booking_events', event);
  for (const intent of ledgerIntents(version)) insert(db, 'intents', intent);
  insert(db, 'counter', { key: 'code', value: 'FXTR' });
  insert(db, 'counter', { key: 'sequence', value: '10' });
}

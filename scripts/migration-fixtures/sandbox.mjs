import { at, json, insert, hasTable } from './common.mjs';

// The built-in service: two organizations, and a booking in every state its schema could store.

const ORG1 = { organizationId: 1, testKey: 'sk_test_FixtureTrainingTestKey0001', liveKey: 'sk_live_FixtureTrainingLiveKey0001' };
const ORG2 = { testKey: 'sk_test_FixtureSecondAgencyKey0002', liveKey: 'sk_live_FixtureSecondAgencyKey0002' };

export function fillSandbox(db, version) {
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

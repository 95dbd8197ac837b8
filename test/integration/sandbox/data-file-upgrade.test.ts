import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../../electron/sqlite/database';
import { findPackage } from '../../../electron/sandbox/catalog';
import { sandboxMigrations } from '../../../electron/sandbox/migrations';
import { quoteStay } from '../../../electron/sandbox/pricing';
import { startSandbox } from '../../../electron/sandbox/sandbox';
import { callApi, daysFromNow } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const tempDir = useTempDir();
const LIVE = 'sk_live_oldfile';

/** A data file as the service wrote it before dialects: statuses stored by their standard names. */
function oldDataFile(dataFile: string): void {
  const db = openDatabase(dataFile, sandboxMigrations.slice(0, 1));
  const at = new Date().toISOString();
  const pkg = findPackage(1);
  const property = pkg?.properties[0];
  if (!pkg || !property) throw new Error('no package 1');
  let offset = 90;
  while (!quoteStay(pkg, property, daysFromNow(offset), daysFromNow(offset + 3), 2).available) offset += 1;
  const [checkIn, checkOut] = [daysFromNow(offset), daysFromNow(offset + 3)];
  db.exec(`
    INSERT INTO organizations (id, name) VALUES (1, 'Training Agency');
    INSERT INTO api_keys (key, organization_id, kind) VALUES ('sk_test_oldfile', 1, 'test'), ('${LIVE}', 1, 'live');
    INSERT INTO service_settings (key, value) VALUES ('training_org', '{"organizationId":1,"testKey":"sk_test_oldfile","liveKey":"${LIVE}"}'), ('admin_key', 'sandbox_admin_old');
    INSERT INTO offers (id, organization_id, package_id, property_id, check_in, check_out, adults, total_minor, currency, created_at)
      VALUES (1, 1, 1, 101, '${checkIn}', '${checkOut}', 2, 50000, 'EUR', '${at}'), (2, 1, 1, 101, '${checkIn}', '${checkOut}', 2, 50000, 'EUR', '${at}');
  `);
  const booking = db.prepare(
    `INSERT INTO bookings (id, organization_id, package_id, property_id, check_in, check_out, holder, items, total_minor, currency, status, booking_reference, confirm_due_at, created_at, updated_at)
     VALUES (?, 1, 1, 101, '${checkIn}', '${checkOut}', '{}', ?, 50000, 'EUR', ?, ?, ?, '${at}', '${at}')`,
  );
  const items = (id: number) => JSON.stringify([{ availability_id: id, paxes: [{ age: 30 }, { age: 31 }] }]);
  // Booked with offer 1, then a change gave its room offer 2.
  booking.run(100001, items(2), 'Paid', 'PKDAAAAAA1', null);
  db.prepare(
    `INSERT INTO prebook_tokens (token, organization_id, package_id, property_id, check_in, check_out, items, expires_at, used_at, booking_id) VALUES ('pbt_old', 1, 1, 101, ?, ?, ?, ?, ?, 100001)`,
  ).run(checkIn, checkOut, items(1), at, at);
  booking.run(100002, items(1), 'Confirming', 'PKDAAAAAA2', new Date(Date.now() - 1000).toISOString());
  booking.run(100003, items(1), 'Pending', null, null);
  db.prepare(
    `INSERT INTO payment_intents (id, booking_id, client_secret, payment_method_id, status, created_at) VALUES ('pi_0ld', 100003, 'pi_0ld_secret_x', 'pm_card_threeDSecureRequired', 'requires_action', ?)`,
  ).run(at);
  booking.run(100004, items(1), 'Paid', 'PKDAAAAAA4', null);
  db.prepare(
    `INSERT INTO modifications (reference, booking_id, changes, new_check_in, new_check_out, new_property_id, new_items, new_total_minor, net_diff, status, created_at) VALUES ('MODOLD', 100004, '{}', ?, ?, 101, ?, 60000, 10000, 'payment_required', ?)`,
  ).run(checkIn, checkOut, items(1), at);
  db.close();
}

describe('a data file written before dialects', () => {
  test('is upgraded: each booking keeps its status, its rooms their old ids; either dialect can then start on it', async () => {
    const dataFile = join(tempDir(), 'service.db');
    oldDataFile(dataFile);
    const standard = await startSandbox({ dataFile });
    try {
      const statuses = [100001, 100002, 100003, 100004].map((id) => standard.service.ledger(id).booking?.status);
      expect(statuses).toEqual(['Paid', 'Paid', 'Pending', 'Paid']);
      expect([100001, 100003, 100004].map((id) => standard.service.ledger(id).booking?.state)).toEqual([
        'paid',
        'awaitingAuthentication',
        'changePending',
      ]);
      expect(standard.service.challenge('pi_0ld', 'pi_0ld_secret_x').confirmation_method).toBe('manual');
      // The room is still known by the offer it was booked with.
      const booking = standard.service.ledger(100001).booking;
      const room = await callApi<{ data: { availability_id: number } }>(standard, 'POST', '/packages/1/availability', LIVE, {
        check_in: booking?.check_in,
        check_out: booking?.check_out,
        adults: 2,
        property_id: 101,
      });
      const rooms = [{ action: 'update', availability_id: 1, selected_availability_id: room.body.data.availability_id }];
      expect(await callApi(standard, 'POST', '/bookings/100001/modification/preview', LIVE, { changes: { rooms } })).toMatchObject({
        status: 200,
        body: { data: { price_summary: { net_price_diff: expect.any(Number) } } },
      });
    } finally {
      await standard.close();
    }
    const alternate = await startSandbox({ dataFile, dialect: 'alternate' });
    try {
      expect([100002, 100003, 100004].map((id) => alternate.service.ledger(id).booking?.status)).toEqual([
        'Paid',
        'AwaitingAuthentication',
        'ChangePending',
      ]);
    } finally {
      await alternate.close();
    }
  });
});

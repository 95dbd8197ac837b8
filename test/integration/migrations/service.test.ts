/** Upgrades of the built-in service's own database, from every earlier schema. */

import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../../electron/sqlite/database';
import { sandboxMigrations } from '../../../electron/sandbox/migrations';
import { startSandbox } from '../../../electron/sandbox/sandbox';
import type { Sandbox } from '../../../electron/sandbox/sandbox';
import { callApi } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';
import { copyFixture, expectSound, fixtureName, olderVersions, rowsOf, snapshot, userVersion } from '../../support/migration-fixtures';
import type { Row } from '../../support/migration-fixtures';

const tempDir = useTempDir('packdesk-upgrade-');

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

/** Each booking as a file of this schema holds it after the upgrade: from schema 2 on, 100004 was stored as a state already (still waiting for its book). */
const bookingsAt = (version: number): typeof SANDBOX_BOOKINGS =>
  version < 2
    ? SANDBOX_BOOKINGS
    : {
        ...SANDBOX_BOOKINGS,
        100004: { state: 'awaitingAuthentication', standard: 'Pending', alternate: 'AwaitingAuthentication', reference: null },
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
    const file = copyFixture(tempDir(), fixtureName('sandbox', version));
    const before = snapshot(file, SANDBOX_TABLES);
    const roomsBefore = version < 2 ? [] : (snapshot(file, { room_ids: 'booking_id, availability_id' }).room_ids ?? []);
    const db = openDatabase(file, sandboxMigrations);
    try {
      expect(userVersion(db)).toBe(sandboxMigrations.length);
      expect(before.bookings).toHaveLength(Object.keys(SANDBOX_BOOKINGS).length);
      for (const [table, order] of Object.entries(SANDBOX_TABLES)) {
        const after = rowsOf(db, table, order);
        const rows = before[table] ?? [];
        if (table === 'bookings')
          expect(after).toEqual(rows.map((row) => ({ ...row, status: bookingsAt(version)[row.id as number]?.state })));
        // Migration 2: every payment intent from before was confirmed by hand ('manual').
        else if (table === 'payment_intents') expect(after).toEqual(rows.map((row) => ({ confirmation_method: 'manual', ...row })));
        else expect(after, table).toEqual(rows);
      }
      // Migration 2 made them; a file of schema 2 on keeps the ones it has.
      expect(rowsOf(db, 'room_ids', 'booking_id, availability_id')).toEqual(version < 2 ? expectedRoomIds(before) : roomsBefore);
      // Migration 2: the room changed to cheaper dates is known by the id it was booked with and by its new one.
      if (version < 2)
        expect(db.prepare('SELECT room, availability_id FROM room_ids WHERE booking_id = 100008 ORDER BY availability_id').all()).toEqual([
          { room: 0, availability_id: 9 },
          { room: 0, availability_id: 10 },
        ]);
      expect(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'bookings'").get()).toEqual({ seq: 100012 });
      // Migration 3: the log of write requests starts empty (it is kept only while the control logWrites is on).
      expect(rowsOf(db, 'write_requests')).toEqual([]);
      expectSound(db);
    } finally {
      db.close();
    }
  });

  test('serves each old booking through its API with the old keys, in today’s status names of either dialect', async () => {
    const file = copyFixture(tempDir(), fixtureName('sandbox', version));
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
        const expected = bookingsAt(version)[id];
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
      // The change waiting for payment can still be paid, at the link the service gives it now (signed
      // with a key the upgraded file got); its reference alone no longer opens the page.
      expect((await fetch(`${sandbox.url}/sandbox/pay/modification/MODFIXT007`, { method: 'POST' })).status).toBe(404);
      const link = await fetch(sandbox.service.modificationPaymentLink('MODFIXT007'), { method: 'POST' });
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
        const alternate = id === 100005 ? 'Paid' : id === 100007 ? 'Paid' : bookingsAt(version)[id]?.alternate;
        const answer = await callApi<{ data: { id: number; status: string } }>(sandbox, 'GET', `/bookings/${id}`, training.liveKey);
        expect([answer.status, answer.body.data.status], `GET /bookings/${id} (alternate)`).toEqual([200, alternate]);
      }
    } finally {
      await sandbox.close();
    }
  });
});

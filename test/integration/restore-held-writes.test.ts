/**
 * What a restored backup left open waits for the agent: a backup of any earlier schema restores
 * through the app's own migrations with its open writes held, and each is checked with the service
 * (a read, never the write again) or discarded, one by one.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../electron/core/database';
import { createDispatcher } from '../../electron/core/dispatch';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import { asBuiltInService } from '../../electron/main/built-in-service';
import { heldBooking, useCore } from '../support/engine-helpers';
import { copyFixture, fixtureName, olderVersions, schemaOf } from '../support/migration-fixtures';
import { callApi, useSandbox } from '../support/sandbox-helpers';
import { useTempDir } from '../support/temp-dir';

const sandbox = useSandbox();
const startCore = useCore();
const tempDir = useTempDir();

const schemaOfFile = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return schemaOf(db);
  } finally {
    db.close();
  }
};

describe('restoring a backup of an earlier Packdesk', () => {
  const fresh = () => {
    const db = openDatabase(join(tempDir(), 'fresh.db'), ledgerMigrations);
    try {
      return schemaOf(db);
    } finally {
      db.close();
    }
  };

  test.each(olderVersions(ledgerMigrations))(
    'schema %i: every booking, timeline line and finished write is restored through the app’s migrations, its open writes held',
    async (version) => {
      const backup = copyFixture(tempDir(), fixtureName('ledger', version));
      const { core: desk, dataDir } = await startCore(null, { start: false });
      const facts = desk.backups.stageRestore(backup);
      desk.close();

      const { core: restored } = await startCore(null, { dataDir, start: false });
      // The reconciler has nothing to look at; the cancellation's booking waits for the agent's word.
      expect(restored.ledger.openIntents()).toEqual([]);
      expect(restored.ledger.get(2)).toMatchObject({ inFlight: 'cancel', attention: expect.stringMatching(/^Restored from a backup/) });
      expect(restored.ledger.timeline(2).at(-1)).toMatchObject({ type: 'held_after_restore' });
      expect(schemaOfFile(join(dataDir, 'ledger.db'))).toEqual(fresh());
      expect(restored.ledger.list({ profileId: 1, limit: 20 }).total).toBe(8);
      expect(restored.ledger.list({ profileId: 2, limit: 20 }).rows.map((row) => row.clientReference)).toEqual(['AGENCY-2025-0042']);
      // The search index is rebuilt from the rows.
      expect(restored.ledger.list({ profileId: 1, query: 'Bianchi', limit: 20 }).total).toBe(1);
      expect(restored.ledger.timeline(3).map((line) => line.type)).toEqual(['prebooked', 'booked', 'cancelled']);
      // The agent was told before the restore, and is shown after it.
      expect(facts).toMatchObject({ schema: version, bookings: 9, unsentAgencyChanges: 0, madeElsewhere: null, leftOut: [] });
      expect(facts.heldWrites).toEqual([
        'A cancellation of booking PD-FXTR-000002 (Luca Bianchi)',
        'A hold for Ana Silva at Hotel Alfama Palace, Tue, 10 Jun 2025 to Fri, 13 Jun 2025',
      ]);
      const notice = await createDispatcher(restored.handlers)('restore:notice', {});
      expect(notice).toMatchObject({
        ok: true,
        value: {
          madeAt: null,
          agencyWaits: false,
          heldWrites: [
            { what: 'A cancellation of booking PD-FXTR-000002 (Luca Bianchi)', checkable: true, bookingId: 2 },
            { what: expect.stringMatching(/^A hold for Ana Silva/), checkable: false, bookingId: null },
          ],
        },
      });
    },
  );
});

describe('the writes a restored backup left open', () => {
  test('Check with the service reads the booking and never sends the cancellation again; Discard closes a payment without asking; no write goes meanwhile', async () => {
    const service = await sandbox();
    const { core: desk, dataDir } = await startCore(service);
    const { booking: paid } = await heldBooking(desk, 1, 60);
    await desk.payments.payWith(paid.id, 'pm_card_visa');
    const { booking: held } = await heldBooking(desk, 2, 61);
    const backup = join(tempDir(), 'desk.db');
    desk.backups.backUpTo(backup);
    // A cancellation of the paid booking and a payment of the held one, journaled an hour ago and never answered.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const db = new DatabaseSync(backup);
    db.prepare("INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (?, 'cancel', ?, ?)").run(
      paid.id,
      JSON.stringify({ reason: 'Plans changed.' }),
      hourAgo,
    );
    db.prepare("INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (?, 'book', ?, ?)").run(
      held.id,
      JSON.stringify({ method: 'pm_card_visa', clientReference: null, paymentIntentId: null }),
      hourAgo,
    );
    db.prepare("UPDATE bookings SET in_flight = CASE id WHEN ? THEN 'cancel' ELSE 'book' END WHERE id IN (?, ?)").run(
      paid.id,
      paid.id,
      held.id,
    );
    db.close();

    desk.backups.stageRestore(backup);
    desk.close();
    const { core: restored } = await startCore(service, { dataDir });
    const dispatch = createDispatcher(restored.handlers);
    const key = asBuiltInService(service).liveKey;
    const atService = async (id: number) =>
      (await callApi<{ data: { status: string } }>(service, 'GET', `/bookings/${id}`, key)).body.data.status;

    // Held: no write goes by itself, and none can be made on these bookings until the agent decides.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await atService(paid.serviceBookingId as number)).toBe('Paid');
    await expect(restored.engine.cancel(paid.id, 'Again')).rejects.toMatchObject({ code: 'write_held_after_restore' });
    const notice = await dispatch('restore:notice', {});
    const writes = (notice as { value: { heldWrites: { id: number; what: string; checkable: boolean }[] } }).value.heldWrites;
    expect(writes.map(({ what, checkable }) => ({ what, checkable }))).toEqual([
      { what: `A cancellation of booking ${paid.clientReference} (Ana Silva)`, checkable: true },
      { what: `A payment for booking ${held.clientReference} (Ana Silva)`, checkable: true },
    ]);
    const cancellation = writes[0] as { id: number };
    const payment = writes[1] as { id: number };

    const checked = await dispatch('restore:check-write', { id: cancellation.id });
    expect(checked).toMatchObject({
      ok: true,
      value: { outcome: expect.stringMatching(/did not go through/), notice: { heldWrites: [{ id: payment.id }] } },
    });
    expect(await atService(paid.serviceBookingId as number)).toBe('Paid');
    expect(restored.ledger.get(paid.id)).toMatchObject({ inFlight: null, attention: expect.stringMatching(/did not go through/) });

    expect(await dispatch('restore:discard-write', { id: payment.id })).toEqual({ ok: true, value: null });
    expect(restored.ledger.get(held.id)).toMatchObject({
      inFlight: null,
      status: 'Pending',
      attention: expect.stringMatching(/discarded after the restore without asking the service/),
    });
    expect(restored.ledger.timeline(held.id).at(-1)).toMatchObject({ type: 'held_write_discarded' });
    expect(await atService(held.serviceBookingId as number)).toBe('Pending');
    expect(await dispatch('restore:discard-write', { id: payment.id })).toMatchObject({
      ok: false,
      error: { code: 'held_write_not_found' },
    });
    expect(restored.ledger.openIntents()).toEqual([]);
  });
});

import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../electron/core/database';
import { checkBackup, dailyBackup } from '../../electron/core/ledger/ledger-backup';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import { heldBooking, useCore } from '../support/engine-helpers';
import { useSandbox } from '../support/sandbox-helpers';
import { useTempDir } from '../support/temp-dir';

const sandbox = useSandbox();
const core = useCore();
const tempDir = useTempDir();

describe('backing up and restoring the ledger', () => {
  test('a backup taken while bookings are being made restores to a sound ledger holding every booking acknowledged before it', async () => {
    const service = await sandbox({ controls: { latencyMs: 15 } });
    const { core: counter, dataDir } = await core(service);
    const acknowledged = new Map<number, string>();
    let backup: ReturnType<typeof counter.backups.backUpTo> | null = null;
    let seenAtBackup = new Map<number, string>();
    const target = join(tempDir(), 'ledger-backup.db');

    // Four counters' worth of flows at once; the backup is taken in the middle of them.
    const flow = async (lane: number) => {
      for (let round = 0; round < 5; round += 1) {
        const { booking } = await heldBooking(counter, 1 + ((lane + round) % 4), 60 + lane * 7 + round);
        acknowledged.set(booking.id, booking.clientReference);
        await counter.payments.payWith(booking.id, 'pm_card_visa');
        if (lane === 0 && round === 2) {
          seenAtBackup = new Map(acknowledged);
          backup = counter.backups.backUpTo(target);
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(flow));
    expect(backup).not.toBeNull();
    expect(acknowledged.size).toBe(20);

    const facts = checkBackup(target);
    expect(facts.bookings).toBeGreaterThanOrEqual(seenAtBackup.size);
    const copy = new DatabaseSync(target, { readOnly: true });
    try {
      expect(copy.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      const inCopy = new Map(
        (copy.prepare('SELECT id, client_reference FROM bookings').all() as { id: number; client_reference: string }[]).map((row) => [
          row.id,
          row.client_reference,
        ]),
      );
      for (const [id, reference] of seenAtBackup) expect(inCopy.get(id)).toBe(reference);
    } finally {
      copy.close();
    }

    // Restored: the next start puts the backup in place, and keeps the ledger it replaced.
    // A backup Packdesk made holds nothing to leave out.
    expect(counter.backups.stageRestore(target)).toMatchObject({ bookings: facts.bookings, leftOut: [] });
    counter.close();
    const { core: restored } = await core(service, { dataDir, start: false });
    expect(restored.backups.replacedByRestore).toMatch(/ledger-before-restore-.*\.db$/);
    expect(restored.ledger.list({ profileId: 1, limit: 100 }).total).toBe(facts.bookings);
    for (const [id, reference] of seenAtBackup) expect(restored.ledger.get(id)?.clientReference).toBe(reference);
    const replaced = new DatabaseSync(restored.backups.replacedByRestore as string, { readOnly: true });
    expect(replaced.prepare('SELECT count(*) AS n FROM bookings').get()).toEqual({ n: 20 });
    replaced.close();
  });

  test('a damaged file, a database that is not a ledger, or one from a newer Packdesk is refused in words; the ledger in use is untouched', async () => {
    const { core: counter, dataDir } = await core(null, { start: false });
    const dir = tempDir();
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'this is not a database, it is a note');
    const foreign = join(dir, 'foreign.db');
    const other = new DatabaseSync(foreign);
    other.exec('CREATE TABLE recipes (name TEXT); PRAGMA user_version = 3;');
    other.close();
    const newer = join(dir, 'newer.db');
    const future = openDatabase(newer, ledgerMigrations);
    future.exec('PRAGMA user_version = 99');
    future.close();

    for (const [file, why] of [
      [garbage, /not a database file|damaged/],
      [foreign, /not a Packdesk ledger/],
      [newer, /written by a newer Packdesk \(schema 99\)/],
    ] as const) {
      expect(() => counter.backups.stageRestore(file)).toThrow(why);
    }
    expect(() => counter.backups.stageRestore(garbage)).toThrow(
      expect.objectContaining({ code: 'backup_unusable', hint: expect.stringContaining('unchanged') }),
    );
    expect(existsSync(join(dataDir, 'ledger.db.restore'))).toBe(false);
  });

  test('a restored ledger goes on with this counter’s client references, never back: not after an older backup of its own, nor after another counter’s', async () => {
    const service = await sandbox();
    const { core: desk, dataDir } = await core(service);
    const { booking: first } = await heldBooking(desk, 1, 60);
    const older = join(tempDir(), 'older.db');
    desk.backups.backUpTo(older);
    const { booking: second } = await heldBooking(desk, 1, 64);
    const code = first.clientReference.slice(0, -6);
    expect(second.clientReference).toBe(`${code}000002`);
    const { core: elsewhere } = await core(service);
    await heldBooking(elsewhere, 2, 66);
    const otherCounters = join(tempDir(), 'other-counter.db');
    elsewhere.backups.backUpTo(otherCounters);
    elsewhere.close();

    desk.backups.stageRestore(older);
    desk.close();
    const { core: restored } = await core(service, { dataDir });
    const { booking: third } = await heldBooking(restored, 1, 68);
    expect(third.clientReference).toBe(`${code}000003`);

    restored.backups.stageRestore(otherCounters);
    restored.close();
    const { core: again } = await core(service, { dataDir });
    const { booking: fourth } = await heldBooking(again, 1, 72);
    expect(fourth.clientReference).toBe(`${code}000004`);
  });

  test('a copy a day in backups/, taken once per day, the last seven kept', async () => {
    const { core: counter, dataDir } = await core(null, { start: false });
    const db = openDatabase(join(dataDir, 'ledger.db'), ledgerMigrations);
    try {
      for (let day = 1; day <= 9; day += 1) {
        const now = new Date(Date.UTC(2026, 10, day, 9));
        expect(dailyBackup(db, dataDir, now)).toMatch(new RegExp(`ledger-2026-11-0${day}\\.db$`));
        expect(dailyBackup(db, dataDir, new Date(Date.UTC(2026, 10, day, 17)))).toBeNull();
      }
    } finally {
      db.close();
    }
    expect(readdirSync(join(dataDir, 'backups')).sort()).toEqual([3, 4, 5, 6, 7, 8, 9].map((day) => `ledger-2026-11-0${day}.db`));
    expect(checkBackup(join(dataDir, 'backups/ledger-2026-11-09.db')).schema).toBe(ledgerMigrations.length);
    counter.close();
  });
});

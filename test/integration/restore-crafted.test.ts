/**
 * A backup is data to copy into a clean ledger, never a database to run. Each crafted backup here is
 * refused or cleaned, and no request leaves the counter for it.
 */
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../electron/core/database';
import { createDispatcher } from '../../electron/core/dispatch';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import type { Core } from '../../electron/core/core';
import type { SecretStore } from '../../electron/core/secrets';
import type { Sandbox } from '../../electron/sandbox/sandbox';
import { useCapturingService } from '../support/capturing-service';
import { heldBooking, useCore } from '../support/engine-helpers';
import { useTestKeychain } from '../support/keychain';
import { schemaOf } from '../support/migration-fixtures';
import { useSandbox } from '../support/sandbox-helpers';
import { useTempDir } from '../support/temp-dir';

const sandbox = useSandbox();
const startCore = useCore();
const capturing = useCapturingService();
const keychain = useTestKeychain();
const tempDir = useTempDir();

const LIVE_KEY_AT_DESK_B = 'sk_live_deskBsOwnKeyNeverToBeUsed42';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The schema of a ledger made by today's migrations alone: what a restored ledger must be, object for object. */
function freshLedgerSchema(): ReturnType<typeof schemaOf> {
  const fresh = openDatabase(join(tempDir(), 'fresh-ledger.db'), ledgerMigrations);
  try {
    return schemaOf(fresh);
  } finally {
    fresh.close();
  }
}

function schemaOfFile(file: string): ReturnType<typeof schemaOf> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return schemaOf(db);
  } finally {
    db.close();
  }
}

/** Changes a backup file with plain SQL, as someone crafting it outside Packdesk would. */
function craft(file: string, sql: string): void {
  const db = new DatabaseSync(file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

/** Desk A: an "Agency live" profile (id 2) on the built-in service, in use, and a hold made on it; then backed up. */
async function backupWithAHold(service: Sandbox): Promise<{ backup: string; clientReference: string }> {
  const { core: deskA } = await startCore(service);
  const dispatch = createDispatcher(deskA.handlers);
  const created = await dispatch('profiles:create', {
    name: 'Agency live',
    kind: 'live',
    baseUrl: service.url,
    keys: { live: service.keys.liveKey },
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  await dispatch('profiles:activate', { id: 2 });
  const { booking } = await heldBooking(deskA, 1, 70);
  expect(booking.profileId).toBe(2);
  const backup = join(tempDir(), 'desk-a.db');
  deskA.backups.backUpTo(backup);
  deskA.close();
  return { backup, clientReference: booking.clientReference };
}

/** Desk B: its own "Agency live" profile (id 2) pointed at `serviceUrl` with a live key in the real keyring; Training in use. */
async function deskWithLiveProfile(serviceUrl: string) {
  const secrets = keychain().store;
  const { core, dataDir } = await startCore(null, { secrets });
  const created = await createDispatcher(core.handlers)('profiles:create', {
    name: 'Agency live',
    kind: 'live',
    baseUrl: serviceUrl,
    keys: { live: LIVE_KEY_AT_DESK_B },
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  return { core, dataDir, secrets };
}

/** Restores `backup` at a desk as File → Restore Ledger… does (checked, staged, confirmed), and starts the desk again. */
async function restoreAndRestart(desk: { core: Core; dataDir: string; secrets: SecretStore }, backup: string) {
  const facts = desk.core.backups.stageRestore(backup);
  desk.core.close();
  const { core } = await startCore(null, { dataDir: desk.dataDir, secrets: desk.secrets });
  return { facts, core };
}

describe('a restored backup is copied into a clean ledger, never run', () => {
  test('the measured case: a hold’s journal entry reopened, a trigger, a view and a table added; restored at another desk, nothing is sent with its live key and none of them is kept', async () => {
    const service = await sandbox();
    const { backup, clientReference } = await backupWithAHold(service);
    craft(
      backup,
      `UPDATE intents SET finished_at = NULL, outcome = NULL WHERE operation = 'prebook';
       CREATE TABLE loot (what TEXT);
       CREATE TRIGGER copy_holders AFTER INSERT ON bookings BEGIN INSERT INTO loot VALUES (new.holder_email); END;
       CREATE VIEW everything AS SELECT holder_name, holder_email FROM bookings;`,
    );
    const capture = await capturing();
    const deskB = await deskWithLiveProfile(capture.url);

    const { facts, core } = await restoreAndRestart(deskB, backup);
    // Long enough for the start-up look and several of the reconciler's passes (it ticks every 20 ms here).
    await sleep(1_500);
    expect(capture.requests).toEqual([]);

    expect(schemaOfFile(join(deskB.dataDir, 'ledger.db'))).toEqual(freshLedgerSchema());
    expect(core.ledger.list({ profileId: 2, limit: 10 }).rows.map((booking) => booking.clientReference)).toEqual([clientReference]);

    // The open hold is held for the agent, said before the restore and shown after it.
    expect(facts.heldWrites).toEqual([expect.stringMatching(/^A hold for Ana Silva at .+/)]);
    expect(facts.leftOut).toEqual(['table loot', 'trigger copy_holders', 'view everything']);
    const dispatch = createDispatcher(core.handlers);
    const notice = await dispatch('restore:notice', {});
    expect(notice).toMatchObject({
      ok: true,
      value: { heldWrites: [{ what: expect.stringMatching(/^A hold for Ana Silva/), checkable: false }] },
    });
    const held = (notice as { value: { heldWrites: { id: number }[] } }).value.heldWrites[0] as { id: number };
    expect(await dispatch('restore:check-write', { id: held.id })).toMatchObject({ ok: false, error: { code: 'write_not_checkable' } });
    expect(await dispatch('restore:discard-write', { id: held.id })).toEqual({ ok: true, value: null });
    await sleep(300);
    expect(capture.requests).toEqual([]);
  });

  test('a file with extra triggers, views, tables and columns restores to a ledger whose schema is a fresh one’s, with every booking', async () => {
    const service = await sandbox();
    const { backup, clientReference } = await backupWithAHold(service);
    craft(
      backup,
      `CREATE TABLE notes (body TEXT);
       CREATE TRIGGER stamp_events AFTER INSERT ON booking_events BEGIN INSERT INTO notes VALUES (new.summary); END;
       CREATE TRIGGER reopen_intents AFTER UPDATE ON intents BEGIN UPDATE intents SET finished_at = NULL; END;
       CREATE VIEW holders AS SELECT holder_email FROM bookings;
       ALTER TABLE bookings ADD COLUMN shadow TEXT;
       UPDATE bookings SET shadow = 'not Packdesk''s';
       CREATE INDEX bookings_shadow ON bookings (shadow);`,
    );
    const { core: desk, dataDir } = await startCore(null);
    const facts = desk.backups.stageRestore(backup);
    desk.close();
    const { core: restored } = await startCore(null, { dataDir, start: false });
    expect(schemaOfFile(join(dataDir, 'ledger.db'))).toEqual(freshLedgerSchema());
    // The agent was told what was left out.
    expect(facts.leftOut).toEqual([
      'index bookings_shadow',
      'table bookings (column shadow)',
      'table notes',
      'trigger reopen_intents',
      'trigger stamp_events',
      'view holders',
    ]);
    const [row] = restored.ledger.list({ profileId: 2, limit: 10 }).rows;
    expect(row?.clientReference).toBe(clientReference);
    // The search index and the counts are rebuilt from the rows: the booking is found by its holder and counted.
    expect(restored.ledger.list({ profileId: 2, query: 'Silva', limit: 10 }).total).toBe(1);
    expect(restored.ledger.timeline(row?.id ?? -1).length).toBeGreaterThan(0);
  });

  test('a SQLite file that is not a ledger, a file that is not SQLite, and a ledger whose bookings is a view are refused in words; the ledger in use is untouched', async () => {
    const service = await sandbox();
    const { backup } = await backupWithAHold(service);
    const dir = tempDir();
    const recipes = join(dir, 'recipes.db');
    craft(recipes, 'CREATE TABLE recipes (name TEXT); PRAGMA user_version = 3;');
    const note = join(dir, 'note.db');
    writeFileSync(note, 'SQLite format 3\u0000 but only a note after that');
    const viewed = join(dir, 'viewed.db');
    copyFileSync(backup, viewed);
    craft(viewed, 'ALTER TABLE bookings RENAME TO real_bookings; CREATE VIEW bookings AS SELECT * FROM real_bookings;');
    const carded = join(dir, 'carded.db');
    copyFileSync(backup, carded);
    craft(carded, "UPDATE bookings SET attention = 'card 4242 4242 4242 4242 taken'");
    const newer = join(dir, 'newer.db');
    copyFileSync(backup, newer);
    craft(newer, `PRAGMA user_version = ${ledgerMigrations.length + 1}`);

    const { core: desk, dataDir } = await startCore(service);
    await heldBooking(desk, 2, 90);
    const before = desk.ledger.list({ profileId: 1, limit: 10 });
    for (const [file, why] of [
      [recipes, /recipes\.db cannot be restored: it is not a Packdesk ledger/],
      [note, /note\.db cannot be restored: it is not a database file/],
      [viewed, /viewed\.db cannot be restored: it is not a Packdesk ledger \(its bookings are not a table\)/],
      [carded, /carded\.db cannot be restored: booking \d+’s attention looks like it holds a card number/],
      [newer, /newer\.db cannot be restored: it was written by a newer Packdesk/],
    ] as const) {
      expect(() => desk.backups.stageRestore(file)).toThrow(why);
      expect(() => desk.backups.stageRestore(file)).toThrow(
        expect.objectContaining({ code: 'backup_unusable', hint: expect.stringContaining('the ledger in use is unchanged') }),
      );
    }
    expect(existsSync(join(dataDir, 'ledger.db.restore'))).toBe(false);
    expect(desk.ledger.list({ profileId: 1, limit: 10 })).toEqual(before);
    expect(before.total).toBe(1);
  });
});

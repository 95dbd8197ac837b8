import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuditLog } from '../../electron/core/audit/audit-log';
import { ledgerMigrations } from '../../electron/core/ledger/ledger-migrations';
import { settingsMigrations } from '../../electron/core/settings-migrations';
import { FIXTURES, snapshot, userVersion } from '../support/migration-fixtures';
import { app, BrowserWindow, dialog, resetElectron } from './electron-stand-in';

vi.mock('electron', () => import('./electron-stand-in'));
vi.mock('electron-updater', async () => (await import('../support/updater-stand-in')).standInElectronUpdaterModule());

const { boot } = await import('../../electron/main/boot');

// The stand-in Electron runs Packdesk 0.1.0; the folder was last run by 0.0.9, at the fixtures' older schemas.
const PREVIOUS = '0.0.9';
const RUNNING = app.getVersion();
const LEDGER_FIXTURE = `ledger-v${ledgerMigrations.length - 1}.db`;
const SETTINGS_FIXTURE = `settings-v${settingsMigrations.length - 1}.db`;

let dataDir = '';
beforeEach(() => {
  resetElectron();
  dataDir = mkdtempSync(join(tmpdir(), 'packdesk-upgrade-'));
  vi.stubEnv('PACKDESK_DATA_DIR', dataDir);
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  copyFileSync(join(FIXTURES, LEDGER_FIXTURE), join(dataDir, 'ledger.db'));
  copyFileSync(join(FIXTURES, SETTINGS_FIXTURE), join(dataDir, 'settings.db'));
  // In WAL mode, as Packdesk leaves its files (even a read-only open of such a file writes -wal and -shm beside it).
  for (const file of ['ledger.db', 'settings.db']) new DatabaseSync(join(dataDir, file)).exec('PRAGMA journal_mode = WAL');
  writeFileSync(join(dataDir, 'last-version'), PREVIOUS);
});
afterEach(async () => {
  if (!app.quitted && BrowserWindow.getAllWindows().length) {
    app.quit();
    await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 });
  }
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<void> {
  const booting = boot();
  app.becomeReady();
  await booting;
}

/** Every file of the data folder with the SHA-256 of its bytes. */
function folderHashes(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dataDir)
      .sort()
      .map((name) => [
        name,
        createHash('sha256')
          .update(readFileSync(join(dataDir, name)))
          .digest('hex'),
      ]),
  );
}

const schemaOf = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return userVersion(db);
  } finally {
    db.close();
  }
};

/** A write still in ledger.db-wal, not yet in the file, as when the previous version was cut off. */
function leaveInWal(sql: string): void {
  const ledger = join(dataDir, 'ledger.db');
  const held = mkdtempSync(join(tmpdir(), 'packdesk-wal-'));
  const db = new DatabaseSync(ledger);
  db.exec(`PRAGMA wal_autocheckpoint = 0; ${sql}`);
  copyFileSync(ledger, join(held, 'ledger.db'));
  copyFileSync(`${ledger}-wal`, join(held, 'ledger.db-wal'));
  db.close();
  copyFileSync(join(held, 'ledger.db'), ledger);
  copyFileSync(join(held, 'ledger.db-wal'), `${ledger}-wal`);
  rmSync(held, { recursive: true, force: true });
}

/** The failure the agent reads: no window opened, the app quit, and every file exactly as it was. */
async function expectRefusedUnchanged(): Promise<string> {
  const before = folderHashes();
  await start();
  expect(BrowserWindow.created).toHaveLength(0);
  expect(app.quitCalls).toBe(1);
  expect(folderHashes()).toEqual(before);
  expect(dialog.errors).toHaveLength(1);
  expect(dialog.errors[0]?.title).toBe('Packdesk cannot start');
  return dialog.errors[0]?.content ?? '';
}

describe('the first start of an update on a data folder', () => {
  test('an older ledger and settings: checked, copied aside as they were, then migrated; the window opens', async () => {
    const bookingsBefore = snapshot(join(dataDir, 'ledger.db'), { bookings: 'id' });
    leaveInWal('CREATE TABLE last_write_before_the_update (x); INSERT INTO last_write_before_the_update VALUES (42);');
    await start();

    expect(dialog.errors).toEqual([]);
    expect(BrowserWindow.created).toHaveLength(1);
    expect(schemaOf(join(dataDir, 'ledger.db'))).toBe(ledgerMigrations.length);
    expect(schemaOf(join(dataDir, 'settings.db'))).toBe(settingsMigrations.length);
    // The copies are the files this start found, at their old schema, with every row.
    const ledgerCopy = join(dataDir, `ledger.db.before-${RUNNING}`);
    expect(schemaOf(ledgerCopy)).toBe(ledgerMigrations.length - 1);
    expect(snapshot(ledgerCopy, { bookings: 'id', last_write_before_the_update: 'x' })).toEqual({
      bookings: bookingsBefore.bookings,
      last_write_before_the_update: [{ x: 42 }],
    });
    expect(existsSync(`${ledgerCopy}-wal`)).toBe(false);
    expect(schemaOf(join(dataDir, `settings.db.before-${RUNNING}`))).toBe(settingsMigrations.length - 1);
    expect(readFileSync(join(dataDir, 'last-version'), 'utf8')).toBe(RUNNING);
  });

  test('a damaged ledger: the check fails, the agent reads what failed and what to do, and no file is touched', async () => {
    const ledger = readFileSync(join(dataDir, 'ledger.db'));
    const pageSize = ledger.readUInt16BE(16);
    // A few bytes of a table page overwritten, as a disk fault would.
    ledger.fill(0xff, 3 * pageSize + 1, 3 * pageSize + 5);
    writeFileSync(join(dataDir, 'ledger.db'), ledger);

    const words = await expectRefusedUnchanged();
    expect(words).toContain(`Packdesk ${RUNNING} did not pass its start-up check: the ledger of bookings (ledger.db) is damaged`);
    expect(words).toContain(
      `Reinstall Packdesk ${PREVIOUS} and start it: this version left every file in the data folder exactly as it was.`,
    );
    expect(words).toContain('Nothing was changed; no booking was lost.');
    expect(existsSync(join(dataDir, `ledger.db.before-${RUNNING}`))).toBe(false);
  });

  test('on a German system: the box in German, with no English sentence in it', async () => {
    app.systemLanguages = ['de-AT', 'en-US'];
    const ledger = readFileSync(join(dataDir, 'ledger.db'));
    ledger.fill(0xff, 3 * ledger.readUInt16BE(16) + 1, 3 * ledger.readUInt16BE(16) + 5);
    writeFileSync(join(dataDir, 'ledger.db'), ledger);

    await start();
    expect(BrowserWindow.created).toHaveLength(0);
    expect(dialog.errors[0]?.title).toBe('Packdesk kann nicht starten');
    const words = dialog.errors[0]?.content ?? '';
    expect(words).toContain(`Packdesk ${RUNNING} hat seine Startprüfung nicht bestanden: Das Buchungsjournal (ledger.db) ist beschädigt`);
    expect(words).toContain(`Installieren Sie Packdesk ${PREVIOUS} wieder und starten Sie es`);
    expect(words).toContain('Nichts wurde verändert; keine Buchung ging verloren.');
    expect(words).not.toMatch(/\b(the|pass|Reinstall|Nothing|every|start-up)\b/);
  });

  test('settings from a newer Packdesk: refused before the ledger is migrated, in words', async () => {
    const settings = new DatabaseSync(join(dataDir, 'settings.db'));
    settings.exec(`PRAGMA user_version = ${settingsMigrations.length + 3}`);
    settings.close();

    const words = await expectRefusedUnchanged();
    expect(words).toContain(
      `the settings (profiles, agents, preferences) (settings.db) was written by a newer Packdesk (schema ${settingsMigrations.length + 3}; this version knows up to ${settingsMigrations.length}).`,
    );
    expect(schemaOf(join(dataDir, 'ledger.db'))).toBe(ledgerMigrations.length - 1);
  });

  test('an audit whose chain was altered: refused, the audit and the rest left as they were', async () => {
    const log = createAuditLog({
      file: join(dataDir, 'audit.db'),
      counter: () => 'Counter A',
      anchor: { get: () => null, set: () => undefined },
    });
    log.append({ action: 'profile.create', what: 'Created the profile Lisbon' });
    log.append({ action: 'profile.update', what: 'Renamed the profile Lisbon' });
    log.close();
    const audit = new DatabaseSync(join(dataDir, 'audit.db'));
    audit.exec("DROP TRIGGER audit_entries_no_update; UPDATE audit_entries SET what = 'Created the profile Porto' WHERE sequence = 1");
    audit.close();

    const words = await expectRefusedUnchanged();
    expect(words).toContain('the audit of settings actions (audit.db) does not hold together: Audit entry 1 was altered');
  });

  test('the same version again: no check and no copy; the start goes on as before', async () => {
    writeFileSync(join(dataDir, 'last-version'), RUNNING);
    await start();
    expect(BrowserWindow.created).toHaveLength(1);
    expect(readdirSync(dataDir).filter((name) => name.includes('.before-'))).toEqual([]);
  });
});

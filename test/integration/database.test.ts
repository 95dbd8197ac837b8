import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../electron/core/database';
import { settingsMigrations } from '../../electron/core/settings-migrations';
import { sandboxMigrations } from '../../electron/sandbox/migrations';
import { startSandbox } from '../../electron/sandbox/sandbox';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir();

describe('the settings database', () => {
  test('a fresh file holds the Training profile, active, in WAL mode with full sync', () => {
    const db = openDatabase(join(tempDir(), 'settings.db'), settingsMigrations);
    expect(db.prepare('SELECT name, kind, built_in FROM profiles').all()).toEqual([{ name: 'Training', kind: 'training', built_in: 1 }]);
    expect(db.prepare("SELECT value FROM preferences WHERE key = 'active_profile_id'").get()).toEqual({ value: '1' });
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    db.close();
  });

  test('opening it again keeps what was saved and does not migrate twice', () => {
    const file = join(tempDir(), 'settings.db');
    const first = openDatabase(file, settingsMigrations);
    first.prepare("INSERT INTO profiles (name, kind, base_url, created_at) VALUES ('Agency', 'live', 'https://x.example', 'now')").run();
    first.close();
    const second = openDatabase(file, settingsMigrations);
    expect(second.prepare('SELECT count(*) AS n FROM profiles').get()).toEqual({ n: 2 });
    second.close();
  });

  test('a file written by a newer Packdesk is refused and left untouched', () => {
    const file = join(tempDir(), 'settings.db');
    const newer = new DatabaseSync(file);
    newer.exec('CREATE TABLE future (x); PRAGMA user_version = 99;');
    newer.close();
    expect(() => openDatabase(file, settingsMigrations)).toThrow(/written by a newer version of Packdesk \(schema 99/);
    const after = new DatabaseSync(file);
    expect(after.prepare('PRAGMA user_version').get()).toEqual({ user_version: 99 });
    after.close();
  });

  test('opening a file another connection holds locked waits for it, from the first statement on (a restart meeting a backup that is recovering the WAL after a kill)', async () => {
    const file = join(tempDir(), 'settings.db');
    // Another thread takes the file for 300 ms; with the busy timeout set only after the first pragma, the open failed at once: "database is locked".
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const holder = new Worker(
      `const { DatabaseSync } = require('node:sqlite');
       const { workerData } = require('node:worker_threads');
       const db = new DatabaseSync(workerData.file);
       db.exec('BEGIN EXCLUSIVE; CREATE TABLE held (x);');
       Atomics.store(workerData.flag, 0, 1);
       Atomics.notify(workerData.flag, 0);
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
       db.exec('COMMIT');
       db.close();`,
      { eval: true, workerData: { file, flag } },
    );
    const done = new Promise((resolve, reject) => holder.once('exit', resolve).once('error', reject));
    Atomics.wait(flag, 0, 0, 5_000);
    const db = openDatabase(file, settingsMigrations);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
    await done;
  });

  test('a migration that fails leaves the file at its previous version', () => {
    const file = join(tempDir(), 'settings.db');
    const broken = [
      ...settingsMigrations,
      (db: DatabaseSync) => {
        db.exec('CREATE TABLE half_done (x)');
        throw new Error('disk full');
      },
    ];
    expect(() => openDatabase(file, broken)).toThrow('disk full');
    const db = new DatabaseSync(file);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: settingsMigrations.length });
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half_done'").get()).toEqual({ n: 0 });
    db.close();
  });
});

describe('a data file from a newer Packdesk', () => {
  function newerFile(name: string): string {
    const file = join(tempDir(), name);
    const newer = new DatabaseSync(file);
    newer.exec('CREATE TABLE future (x); PRAGMA user_version = 99;');
    newer.close();
    return file;
  }

  test('the counter refuses it with an error the agent can act on', () => {
    expect(() => openDatabase(newerFile('settings.db'), settingsMigrations)).toThrow(
      expect.objectContaining({
        name: 'AppError',
        code: 'database_too_new',
        message: expect.stringMatching(/written by a newer version of Packdesk \(schema 99, this version knows \d+\)/),
        hint: 'Install the newer Packdesk again; this version will not change a file it does not understand.',
      }),
    );
  });

  test('the built-in service refuses to start on it, and leaves it as it was', async () => {
    const file = newerFile('training-service.db');
    await expect(startSandbox({ dataFile: file })).rejects.toThrow(
      `written by a newer version of Packdesk (schema 99, this version knows ${sandboxMigrations.length})`,
    );
    const after = new DatabaseSync(file);
    expect(after.prepare('PRAGMA user_version').get()).toEqual({ user_version: 99 });
    after.close();
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { useCore, waitUntil } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { useAgencyDatabase } from './agency-test-server';

const agency = useAgencyDatabase();
const startSandbox = useSandbox();
const startCore = useCore();

async function counter() {
  const started = await startCore(await startSandbox(), { agencyTimings: { retryDelayMs: { first: 50, max: 500 } } });
  const { host, port, database, user, tlsMode } = agency.settings();
  const form = { profileId: 1, host, port, database, user, tlsMode, counterName: 'Desk 1' };
  return { ...started, form };
}

test('a database or user the server does not have is refused in words, and nothing is saved', async () => {
  const { core, form } = await counter();
  await expect(core.agency.connect({ ...form, database: 'no_such_agency' })).rejects.toMatchObject({
    code: 'agency_login_refused',
    message: expect.stringContaining('There is no database “no_such_agency”'),
    hint: expect.stringMatching(/Nothing was saved\.$/),
  });
  await expect(core.agency.connect({ ...form, user: 'no_such_user', password: 'typed-in-the-form' })).rejects.toMatchObject({
    code: 'agency_login_refused',
    message: expect.stringContaining('user “no_such_user”'),
  });
  expect(await core.agency.settingsOf(1)).toBeNull();
  expect(core.agency.status().link).toEqual({ kind: 'off' });
});

test('the password goes to the keychain, never to the settings file; a failed edit keeps the connection that works', async () => {
  const { core, form, dataDir } = await counter();
  await core.agency.connect({ ...form, password: 'Pässword-for-the-agency' });
  await waitUntil(
    () => core.agency.status().link.kind,
    (kind) => kind === 'live',
  );
  expect(await core.agency.settingsOf(1)).toMatchObject({ database: form.database, hasPassword: true, counterName: 'Desk 1' });
  // The settings file and its write-ahead log, where a fresh write sits until a checkpoint.
  const settingsBytes = ['settings.db', 'settings.db-wal']
    .filter((name) => existsSync(join(dataDir, name)))
    .map((name) => readFileSync(join(dataDir, name)).toString('utf8'))
    .join('');
  expect(settingsBytes).toContain(form.database);
  expect(settingsBytes).not.toContain('Pässword');

  await expect(core.agency.connect({ ...form, database: 'no_such_agency', counterName: 'Desk 9' })).rejects.toMatchObject({
    hint: expect.stringMatching(/The connection saved before is kept\.$/),
  });
  expect(await core.agency.settingsOf(1)).toMatchObject({ database: form.database, counterName: 'Desk 1' });
  expect(core.agency.status()).toMatchObject({ counterName: 'Desk 1', link: { kind: 'live' } });
  await core.shutdown();
});

test('the saved password is for its server, database and user only: pointing the connection elsewhere drops it instead of sending it there', async () => {
  const { core, form } = await counter();
  await core.agency.connect({ ...form, password: 'for-this-server-only' });
  expect(await core.agency.settingsOf(1)).toMatchObject({ hasPassword: true });
  // The same server by another name, no password typed: the saved one is not offered to it, and is gone.
  await core.agency.connect({ ...form, host: 'localhost' });
  expect(await core.agency.settingsOf(1)).toMatchObject({ host: 'localhost', hasPassword: false });
  await core.agency.connect({ ...form, password: 'again' });
  // The same server and user with only the counter's name changed keeps it.
  await core.agency.connect({ ...form, counterName: 'Desk 1 (front)' });
  expect(await core.agency.settingsOf(1)).toMatchObject({ hasPassword: true, counterName: 'Desk 1 (front)' });
  await core.shutdown();
});

test('an unencrypted connection is only for a server on this computer', async () => {
  const { core, form } = await counter();
  await expect(core.agency.connect({ ...form, host: 'agency.example.com', tlsMode: 'disable' })).rejects.toMatchObject({
    message: expect.stringContaining('Not encrypted is only for a server on this computer'),
  });
  expect(await core.agency.settingsOf(1)).toBeNull();
  await core.shutdown();
});

import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Envelope } from '../../shared/errors';
import { EVENT_CHANNEL } from '../../shared/ipc';
import { app, BrowserWindow, dialog, ipcMain, Menu, powerMonitor, protocol, resetElectron, shell } from './electron-stand-in';

vi.mock('electron', () => import('./electron-stand-in'));
// An installed app makes electron-updater's updater, which needs a real Electron: the stand-in one instead.
vi.mock('electron-updater', async () => (await import('../support/updater-stand-in')).standInElectronUpdaterModule());

const { boot } = await import('../../electron/main/boot');
const { rendererPage } = await import('../../electron/main/packdesk-app');

let dataDir = '';
beforeEach(() => {
  resetElectron();
  dataDir = mkdtempSync(join(tmpdir(), 'packdesk-life-'));
  vi.stubEnv('PACKDESK_DATA_DIR', dataDir);
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
});
afterEach(async () => {
  // Whatever a test left running is quit, as the agent would, before its folder goes.
  if (!app.quitted && BrowserWindow.getAllWindows().length) {
    app.quit();
    await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 });
  }
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts Packdesk in the stand-in Electron and waits for its main window. */
async function started(): Promise<BrowserWindow> {
  const booting = boot();
  app.becomeReady();
  await booting;
  const window = BrowserWindow.getAllWindows()[0];
  if (!window) throw new Error('no main window');
  return window;
}

/** A call from a page, as Electron hands it to the handler: the sender and the frame it came from. */
function callFrom(
  window: BrowserWindow,
  channel: string,
  input: unknown,
  frameUrl = window.webContents.loadedUrl,
): Promise<Envelope<unknown>> {
  const event = { sender: { id: window.webContents.id }, senderFrame: { url: frameUrl, parent: null } };
  return ipcMain.invoke(channel, event, input) as Promise<Envelope<unknown>>;
}

describe('starting', () => {
  test('a second Packdesk on the same data folder quits at once, and the first one comes to the front', async () => {
    const first = await started();
    app.emit('second-instance');
    expect(first.focused).toBe(1);

    app.lockAvailable = false;
    const windowsBefore = BrowserWindow.created.length;
    await boot();
    expect(app.quitCalls).toBe(1);
    expect(BrowserWindow.created.length).toBe(windowsBefore);
  });

  test('a data folder it cannot write: the agent reads what is wrong and what to do, and no window opens blank', async () => {
    const notAFolder = join(dataDir, 'ledger-here');
    writeFileSync(notAFolder, 'a file where the folder should be');
    vi.stubEnv('PACKDESK_DATA_DIR', join(notAFolder, 'Packdesk'));
    const booting = boot();
    app.becomeReady();
    await booting;
    expect(dialog.errors).toHaveLength(1);
    expect(dialog.errors[0]?.title).toBe('Packdesk cannot start');
    expect(dialog.errors[0]?.content).toMatch(/cannot write to its data folder .*ledger-here\/Packdesk/);
    expect(dialog.errors[0]?.content).toContain('Give your user account write access');
    expect(BrowserWindow.created).toHaveLength(0);
    expect(app.quitCalls).toBe(1);
  });

  test('an installed Packdesk keeps its data where the system says, whatever PACKDESK_DATA_DIR says', async () => {
    const systemFolder = join(dataDir, 'system-user-data');
    const elsewhere = join(dataDir, 'planted-by-environment');
    app.isPackaged = true;
    app.setPath('userData', systemFolder);
    vi.stubEnv('PACKDESK_DATA_DIR', elsewhere);
    await started();
    expect(app.getPath('userData')).toBe(systemFolder);
    expect(readdirSync(systemFolder)).toContain('ledger.db');
    // Installed, it updates itself: electron-updater's settings are written beside the data.
    expect(readdirSync(systemFolder)).toContain('app-update.yml');
    expect(existsSync(elsewhere)).toBe(false);
  });

  test('only the main window’s own page may call in; another page, or another frame, is refused before any work', async () => {
    const window = await started();
    expect(await callFrom(window, 'profiles:list', {})).toMatchObject({ ok: true });
    expect(await callFrom(window, 'profiles:list', {}, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'untrusted_sender' },
    });
    const stranger = new BrowserWindow({});
    await stranger.loadURL(window.webContents.loadedUrl as string);
    expect(await callFrom(stranger, 'profiles:list', {})).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
  });

  test('under npm start the main window and the card window come from the dev server; packaged, from the app’s own files', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173');
    const window = await started();
    expect(window.webContents.loadedUrl).toBe('http://localhost:5173/index.html');
    expect(rendererPage('payment.html', 'http://localhost:5173')).toBe('http://localhost:5173/payment.html');
    expect(rendererPage('payment.html', null)).toMatch(/^file:\/\/.*\/renderer\/payment\.html$/);
  });

  test('run from its own files, the main window’s page comes from app://packdesk, served by main; a file:// page is not it', async () => {
    const window = await started();
    expect(window.webContents.loadedUrl).toBe('app://packdesk/index.html');
    expect(rendererPage('index.html', null)).toBe('app://packdesk/index.html');
    // The scheme was made standard and secure before the app was ready, and its handler serves the bundle.
    expect(protocol.privileged.map((scheme) => scheme.scheme)).toEqual(['app']);
    expect(protocol.isProtocolHandled('app')).toBe(true);
    expect(await callFrom(window, 'profiles:list', {})).toMatchObject({ ok: true });
    for (const other of ['file:///opt/packdesk/out/renderer/index.html', 'app://evil/index.html', 'evil://packdesk/index.html']) {
      expect(await callFrom(window, 'profiles:list', {}, other)).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
    }
  });
});

describe('quitting', () => {
  test('a hold being sent when the agent quits is finished and recorded; the window’s place is saved; then the databases close', async () => {
    const window = await started();
    const call = async (channel: string, input: unknown) => {
      const answer = await callFrom(window, channel, input);
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
      return answer.value as Record<string, unknown>;
    };
    const [pkg] = (await call('packages:search', { title: 'Lisbon' })) as unknown as {
      id: number;
      title: string;
      properties: { id: number; name: string }[];
    }[];
    if (!pkg?.properties[0]) throw new Error('no package');
    let quote: Record<string, unknown> | null = null;
    for (let offset = 60; offset < 120 && !quote?.available; offset += 1) {
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      quote = await call('bookings:price', {
        packageId: pkg.id,
        packageTitle: pkg.title,
        propertyId: pkg.properties[0].id,
        propertyName: pkg.properties[0].name,
        checkIn: day(offset),
        checkOut: day(offset + 2),
        adults: 1,
      });
    }
    const hold = await call('bookings:hold', { quote, paxAges: [30] });

    const prebook = callFrom(window, 'bookings:prebook', {
      holdId: hold.holdId,
      holder: { name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' },
    });
    app.quit();
    // The quit waits; a call that comes now is refused in words, not half-done.
    expect(app.quitted).toBe(false);
    expect(await prebook).toMatchObject({ ok: true, value: { status: expect.any(String) } });
    await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 });
    expect(window.isDestroyed()).toBe(true);

    // What the next start finds: the hold recorded with nothing left open, and the window's place.
    const ledger = new DatabaseSync(join(dataDir, 'ledger.db'), { readOnly: true });
    const settings = new DatabaseSync(join(dataDir, 'settings.db'), { readOnly: true });
    try {
      expect(ledger.prepare('SELECT count(*) AS n FROM bookings').get()).toEqual({ n: 1 });
      expect(ledger.prepare('SELECT count(*) AS n FROM intents WHERE finished_at IS NULL').get()).toEqual({ n: 0 });
      expect(settings.prepare("SELECT value FROM preferences WHERE key = 'window_state'").get()).toEqual({
        value: JSON.stringify({ x: 10, y: 20, width: 1300, height: 840, maximized: false }),
      });
    } finally {
      ledger.close();
      settings.close();
    }
  });

  test('a call that arrives once the quit has begun is refused in words and changes nothing', async () => {
    const window = await started();
    app.quit();
    await expect(callFrom(window, 'profiles:list', {})).rejects.toThrow(/No handler registered/);
    await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 });
  });
});

describe('the ledger and help menus', () => {
  test('Back Up Ledger… writes a sound copy where the agent chose; Restore Ledger… checks it, asks, and restarts into it', async () => {
    await started();
    const target = join(dataDir, 'counter-backup.db');
    dialog.next = { canceled: false, filePath: target };
    Menu.click('Back Up Ledger…');
    await vi.waitFor(() => expect(dialog.messages.at(-1)).toMatchObject({ type: 'info', message: 'The ledger is backed up.' }));
    expect(dialog.messages.at(-1)?.detail).toContain(`0 bookings copied to ${target}`);

    // A file that is not a ledger: refused in words, and nothing is staged.
    const note = join(dataDir, 'note.db');
    writeFileSync(note, 'not a ledger');
    dialog.nextOpen = { canceled: false, filePaths: [note] };
    Menu.click('Restore Ledger…');
    await vi.waitFor(() =>
      expect(dialog.messages.at(-1)).toMatchObject({ type: 'error', message: expect.stringContaining('cannot be restored') }),
    );
    expect(app.relaunched).toBe(0);

    // The backup: asked first, then the app restarts, and the next start uses it.
    dialog.nextOpen = { canceled: false, filePaths: [target] };
    dialog.nextResponse = 0;
    Menu.click('Restore Ledger…');
    await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 });
    expect(dialog.messages.at(-1)?.message).toBe('Restore 0 bookings from this backup?');
    expect(app.relaunched).toBe(1);
    expect(readdirSync(dataDir)).toContain('ledger.db.restore');
  });

  test('Restore Ledger… says what the backup holds before it restarts: the counter it came from, the write it left open, the agency change it did not send, what is left out', async () => {
    await started();
    const target = join(dataDir, 'desk-3.db');
    dialog.next = { canceled: false, filePath: target };
    Menu.click('Back Up Ledger…');
    await vi.waitFor(() => expect(dialog.messages.at(-1)).toMatchObject({ message: 'The ledger is backed up.' }));
    const quote = {
      available: true,
      packageId: 1,
      packageTitle: 'Lisbon City Break',
      propertyId: 101,
      propertyName: 'Hotel Alfama Palace',
      checkIn: '2027-06-10',
      checkOut: '2027-06-13',
      adults: 2,
      availabilityId: 11,
      totalMinor: 57000,
      currency: 'EUR',
      nights: 3,
      perNightMinor: 19000,
    };
    const holder = { name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' };
    const request = {
      package_id: 1,
      inventory_item_id: 101,
      prebook_token: 'pbt_crafted',
      check_in: '2027-06-10',
      check_out: '2027-06-13',
      holder,
      items: [{ availability_id: 11, paxes: [{ age: 34 }, { age: 32 }] }],
    };
    const crafted = new DatabaseSync(target);
    crafted
      .prepare("INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (NULL, 'prebook', ?, '2027-05-01T09:00:00.000Z')")
      .run(JSON.stringify({ profileId: 1, request, quote, paxAges: [34, 32], clientReference: 'PD-DSK3-000041' }));
    crafted.exec(`
      INSERT INTO agency_state (key, value) VALUES ('counter_id', '0b1c2d3e-0000-4000-8000-000000000003'), ('counter_name', 'Desk 3');
      INSERT INTO agency_outbox (body) VALUES ('{"kind":"event"}');
      CREATE TRIGGER keep_me AFTER INSERT ON bookings BEGIN SELECT 1; END;`);
    crafted.close();

    dialog.nextOpen = { canceled: false, filePaths: [target] };
    dialog.nextResponse = 1;
    Menu.click('Restore Ledger…');
    await vi.waitFor(() => expect(dialog.messages.at(-1)?.message).toBe('Restore 0 bookings from this backup?'));
    const detail = dialog.messages.at(-1)?.detail ?? '';
    expect(detail).toContain('This backup was made at Desk 3.');
    expect(detail).toContain(
      'One write was being sent when it was made, and its outcome is not known:\n• A hold for Ana Silva at Hotel Alfama Palace, Thu, 10 Jun 2027 to Sun, 13 Jun 2027\nNone is sent again.',
    );
    expect(detail).toContain('1 change for the agency had not been sent when it was made: it is not sent.');
    expect(detail).toContain('(trigger keep_me): it is left out.');
    // Cancelled: nothing waits for the next start.
    await vi.waitFor(() => expect(readdirSync(dataDir)).not.toContain('ledger.db.restore'));
    expect(app.relaunched).toBe(0);
  });

  test('Help shows the versions and opens the logs folder', async () => {
    await started();
    Menu.click('About Packdesk');
    await vi.waitFor(() =>
      expect(dialog.messages.at(-1)).toMatchObject({ message: 'Packdesk 0.1.0', detail: expect.stringContaining('Node ') }),
    );
    Menu.click('Open Logs Folder');
    expect(shell.openedPaths).toEqual([app.getPath('logs')]);
  });
});

describe('questions only main can ask', () => {
  test('moving a profile to another address is asked in a message box over the main window, keeping it by default; declined, nothing moves', async () => {
    const window = await started();
    const created = (await callFrom(window, 'profiles:create', {
      name: 'Agency',
      kind: 'live',
      baseUrl: 'https://api.agency.example',
    })) as Envelope<{ id: number }>;
    if (!created.ok) throw new Error('the profile was not made');
    const move = { id: created.value.id, name: 'Agency', baseUrl: 'https://api.moved.example' };

    dialog.nextResponse = 1;
    expect(await callFrom(window, 'profiles:update', move)).toMatchObject({ ok: false, error: { code: 'address_change_declined' } });
    expect(dialog.messages.at(-1)).toMatchObject({
      type: 'warning',
      message: 'Move “Agency” from api.agency.example to api.moved.example?',
      buttons: ['Move to api.moved.example', 'Keep api.agency.example'],
      defaultId: 1,
      cancelId: 1,
    });
    expect(await callFrom(window, 'profiles:list', {})).toMatchObject({
      value: { profiles: expect.arrayContaining([expect.objectContaining({ baseUrl: 'https://api.agency.example' })]) },
    });

    dialog.nextResponse = 0;
    expect(await callFrom(window, 'profiles:update', move)).toMatchObject({ ok: true, value: { baseUrl: 'https://api.moved.example' } });
  });
});

describe('the computer locked or asleep', () => {
  test('locks the counter too: nobody acts until the PIN, and the window is told at once', async () => {
    const window = await started();
    expect(await callFrom(window, 'people:add', { name: 'Rita', role: 'administrator', pin: '2468' })).toMatchObject({ ok: true });
    for (const event of ['lock-screen', 'suspend'] as const) {
      window.webContents.sent.length = 0;
      powerMonitor.emit(event);
      expect(await callFrom(window, 'people:session', {})).toMatchObject({ ok: true, value: { agent: { name: 'Rita' }, locked: true } });
      expect(window.webContents.sent).toContainEqual({
        channel: EVENT_CHANNEL,
        payload: expect.objectContaining({ name: 'event:people-change', payload: expect.objectContaining({ locked: true }) }),
      });
      expect(await callFrom(window, 'people:sign-in', { agentId: 1, pin: '2468' })).toMatchObject({ ok: true, value: { locked: false } });
    }
  });
});

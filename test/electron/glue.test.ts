import { beforeEach, describe, expect, test, vi } from 'vitest';
import { channelNames } from '../../shared/ipc';
import { createDispatcher } from '../../electron/core/dispatch';
import type { Handlers } from '../../electron/core/dispatch';
import { createPreferences } from '../../electron/core/preferences';
import { openDatabase } from '../../electron/core/database';
import { settingsMigrations } from '../../electron/core/settings-migrations';
import { ipcMain, shell, StandInSession } from './electron-stand-in';
import type { BrowserWindow } from './electron-stand-in';

vi.mock('electron', () => import('./electron-stand-in'));

const { registerIpc } = await import('../../electron/main/ipc');
const { createMainWindow } = await import('../../electron/main/window');
const { denyAllPermissions } = await import('../../electron/main/hardening');
const { menuTemplate } = await import('../../electron/main/menu');

const APP_URL = 'app://packdesk/index.html';
const BUILT_IN = 'http://127.0.0.1:43110';
const SERVICE = 'https://api.partner.example';

function openWindow() {
  const preferences = createPreferences(openDatabase(':memory:', settingsMigrations));
  const window = createMainWindow({
    preload: '/opt/packdesk/out/preload/index.cjs',
    appUrl: APP_URL,
    preferences,
    serviceOrigins: () => [SERVICE, BUILT_IN],
  });
  return { window: window as unknown as BrowserWindow, preferences };
}

beforeEach(() => {
  ipcMain.handlers.clear();
  shell.opened.length = 0;
});

describe('IPC registration', () => {
  const handlers = Object.fromEntries(channelNames.map((channel) => [channel, async () => ({ channel })])) as unknown as Handlers;

  test('registers exactly the declared channels, and unregisters them', () => {
    const unregister = registerIpc(ipcMain as never, createDispatcher(handlers), () => true);
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...channelNames].sort());
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });

  test('a call from a sender other than our window is refused before any work', async () => {
    const called = vi.fn(async () => ({ profiles: [], activeProfileId: 1 }));
    registerIpc(
      ipcMain as never,
      createDispatcher({ ...handlers, 'profiles:list': called }),
      (event) => (event as unknown as { trusted: boolean }).trusted,
    );
    const handler = ipcMain.handlers.get('profiles:list');
    expect(await handler?.({ trusted: false }, {})).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
    expect(called).not.toHaveBeenCalled();
    expect(await handler?.({ trusted: true }, {})).toEqual({ ok: true, value: { profiles: [], activeProfileId: 1 } });
  });

  test('input is validated before the handler runs', async () => {
    const called = vi.fn(async () => ({}) as never);
    registerIpc(ipcMain as never, createDispatcher({ ...handlers, 'profiles:activate': called }), () => true);
    expect(await ipcMain.handlers.get('profiles:activate')?.({}, { id: -3 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(called).not.toHaveBeenCalled();
  });
});

describe('the main window', () => {
  test('gets the secure preferences and loads only our page', () => {
    const { window } = openWindow();
    expect(window.options.webPreferences).toMatchObject({
      preload: '/opt/packdesk/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(window.webContents.loadedUrl).toBe(APP_URL);
  });

  test('navigation away from the app is refused; only a link on the service’s own origin goes to the system browser', () => {
    const { window } = openWindow();
    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn() };
      window.webContents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('https://evil.example/phish')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    // The bundle's file itself is not the page, nor its path on another machine, nor another host or scheme.
    expect(navigate('file:///opt/packdesk/out/renderer/index.html')).toBe(true);
    expect(navigate('file://attacker.example/opt/packdesk/out/renderer/index.html')).toBe(true);
    expect(navigate('app://evil/index.html')).toBe(true);
    expect(navigate('evil://packdesk/index.html')).toBe(true);
    expect(navigate(`${SERVICE}/help`)).toBe(true);
    expect(navigate(`${APP_URL}#settings`)).toBe(false);
    expect(shell.opened).toEqual([`${SERVICE}/help`]);
  });

  test('new windows are always denied; only the service’s own links open outside', () => {
    const { window } = openWindow();
    const open = (url: string) => window.webContents.windowOpenHandler?.({ url });
    expect(open('https://pay.example.com/link/1')).toEqual({ action: 'deny' });
    expect(open(`${BUILT_IN}/sandbox/pay/modification/1`)).toEqual({ action: 'deny' });
    expect(open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('file:///C:/Windows/calc.exe')).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual([`${BUILT_IN}/sandbox/pay/modification/1`]);
  });

  test('webviews cannot be attached', () => {
    const { window } = openWindow();
    const event = { preventDefault: vi.fn() };
    window.webContents.emit('will-attach-webview', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  test('remembers where it was when closed, and opens there next time', () => {
    const { window, preferences } = openWindow();
    window.emit('close');
    expect(JSON.parse(preferences.get('window_state') as string)).toEqual({ x: 10, y: 20, width: 1300, height: 840, maximized: false });
    const next = createMainWindow({ preload: 'p', appUrl: APP_URL, preferences, serviceOrigins: () => [] }) as unknown as BrowserWindow;
    expect(next.options).toMatchObject({ x: 10, y: 20, width: 1300, height: 840 });
  });
});

describe('permissions and menu', () => {
  test('every permission request and check is denied', () => {
    const session = new StandInSession();
    denyAllPermissions(session as never);
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      session.permissionRequestHandler?.(null, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, false]);
    expect(session.permissionCheckHandler?.()).toBe(false);
  });

  test('the menu carries the counter’s shortcuts and navigates with them', () => {
    const navigate = vi.fn();
    const template = menuTemplate(navigate, false, false, {
      backUpLedger: vi.fn(),
      restoreLedger: vi.fn(),
      openLogsFolder: vi.fn(),
      checkForUpdates: vi.fn(),
      about: vi.fn(),
    });
    const file = template.find((item) => item.label === 'File');
    const items = (file?.submenu as { label?: string; accelerator?: string; click?: () => void }[]).filter((item) => item.accelerator);
    expect(items.map((item) => [item.label, item.accelerator])).toEqual([
      ['New Booking', 'CmdOrCtrl+N'],
      ['Bookings', 'CmdOrCtrl+B'],
      ['Settings', 'CmdOrCtrl+,'],
    ]);
    items[0]?.click?.();
    expect(navigate).toHaveBeenCalledWith('new-booking');
    expect(JSON.stringify(template)).not.toContain('toggleDevTools');
  });
});

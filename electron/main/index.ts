import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, ipcMain, Menu, session, shell } from 'electron';
import type { BrowserWindow } from 'electron';
import { EVENT_CHANNEL } from '../../shared/ipc';
import { createCore } from '../core/core';
import type { Core } from '../core/core';
import { createDispatcher } from '../core/dispatch';
import { isTrustedSender } from '../core/link-policy';
import { createKeychainStore } from '../core/secrets';
import { startSandbox } from '../sandbox/sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { denyAllPermissions } from './hardening';
import { registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { electronPaymentWindows } from './payment-windows';
import { electronVoucherPrinter } from './voucher-printer';
import { createMainWindow } from './window';

const isDev = !app.isPackaged && Boolean(process.env.ELECTRON_RENDERER_URL);
const appUrl = isDev
  ? (process.env.ELECTRON_RENDERER_URL as string)
  : pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;

// Tests and a second, separate counter on one machine can point the app at another data folder.
if (process.env.PACKDESK_DATA_DIR) app.setPath('userData', process.env.PACKDESK_DATA_DIR);

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;
let trainingService: Sandbox | null = null;

// A second Packdesk would open the same ledger twice: focus the first one instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  void app.whenReady().then(start);
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    core?.close();
    void trainingService?.close();
  });
}

/** The built-in training service, on a free loopback port, with its data beside the app's. */
async function startTrainingService(): Promise<Sandbox | null> {
  try {
    return await startSandbox({ dataFile: join(app.getPath('userData'), 'training-service.db') });
  } catch (error) {
    // Training then shows as offline; the agent's own profiles still work.
    console.error('[training] the built-in service did not start', error);
    return null;
  }
}

async function start(): Promise<void> {
  denyAllPermissions(session.defaultSession);
  trainingService = await startTrainingService();
  const builtInService = () =>
    trainingService ? { url: trainingService.url, testKey: trainingService.keys.testKey, liveKey: trainingService.keys.liveKey } : null;
  core = createCore({
    dataDir: app.getPath('userData'),
    secrets: createKeychainStore('Packdesk'),
    version: app.getVersion(),
    builtInService,
    paymentWindows: electronPaymentWindows(() => mainWindow, join(import.meta.dirname, '../renderer')),
    voucherPrinter: electronVoucherPrinter(() => mainWindow),
    openExternal: (url) => shell.openExternal(url),
  });
  const activeCore = core;

  const trustedIds = new Set<number>();
  const dispatch = createDispatcher(activeCore.handlers, (channel, error) => console.error(`[ipc] ${channel} failed`, error));
  registerIpc(ipcMain, dispatch, (event) =>
    isTrustedSender(
      { webContentsId: event.sender.id, frameUrl: event.senderFrame?.url ?? null, isMainFrame: event.senderFrame?.parent === null },
      trustedIds,
      appUrl,
    ),
  );

  const window = createMainWindow({
    preload: join(import.meta.dirname, '../preload/index.cjs'),
    appUrl,
    preferences: activeCore.preferences,
    serviceOrigins: () => activeCore.serviceOrigins(),
  });
  mainWindow = window;
  trustedIds.add(window.webContents.id);
  const unsubscribe = activeCore.events.subscribe((event) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
  });
  window.on('closed', () => {
    unsubscribe();
    trustedIds.delete(window.webContents.id);
    mainWindow = null;
  });

  const navigate = (screen: 'new-booking' | 'bookings' | 'settings') => activeCore.events.emit('event:navigate', { screen });
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(navigate, process.platform === 'darwin', isDev)));
  void activeCore.start();
}

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, ipcMain, Menu, powerMonitor, session, shell } from 'electron';
import type { BrowserWindow } from 'electron';
import { EVENT_CHANNEL } from '../../shared/ipc';
import { APP_PAGE_URL } from '../core/app-protocol';
import { createCore } from '../core/core';
import { createDispatcher, logUnexpectedFailure } from '../core/dispatch';
import type { Handlers } from '../core/dispatch';
import { englishText } from '../core/i18n/main-words';
import type { MainWords } from '../core/i18n/main-words';
import { isTrustedSender } from '../core/link-policy';
import { createKeychainStore } from '../core/secrets';
import { startSandbox } from '../sandbox/sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { nativeAgentQuestions } from './agent-questions';
import { serveRendererBundle } from './app-protocol';
import { asBuiltInService } from './built-in-service';
import { denyAllPermissions } from './hardening';
import { registerIpc } from './ipc';
import { ledgerMenuActions } from './ledger-menu';
import { menuTemplate } from './menu';
import { electronPaymentWindows } from './payment-windows';
import { electronFileSaver } from './file-saver';
import { electronPdfPrinter } from './pdf-printer';
import { installedUpdater, prepareFeedUpdater } from './updates/feed-updater';
import { createMainWindow, saveWindowState } from './window';

/** How long a quit waits for calls and reconciler reads already under way. */
const QUIT_GRACE_MS = 5_000;

/** Where electron-vite puts the renderer bundle, beside main's own bundle (inside app.asar once packaged). */
const RENDERER_BUNDLE = join(import.meta.dirname, '../renderer');

/**
 * A page of the renderer: from the dev server under `npm start`; else the main window's from
 * app://packdesk (served from the bundle), and the payment windows' from the packaged file, as live
 * Stripe.js accepts only https and file:// pages.
 */
export function rendererPage(page: 'index.html' | 'payment.html', devServerUrl: string | null): string {
  if (devServerUrl) return new URL(page, devServerUrl.endsWith('/') ? devServerUrl : `${devServerUrl}/`).href;
  return page === 'index.html' ? APP_PAGE_URL : pathToFileURL(join(RENDERER_BUNDLE, page)).href;
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

/**
 * The running app: the core, its IPC, the main window and the built-in service, and an orderly
 * quit (calls under way finish, the window's place is saved, then the databases close).
 */
export async function startPackdesk(): Promise<{ focus(): void }> {
  const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
  const appUrl = rendererPage('index.html', devServerUrl);
  let mainWindow: BrowserWindow | null = null;
  // Main's words in the counter's language, once the core that knows it is made (English before).
  let coreWords: MainWords | null = null;
  const say: Pick<MainWords, 'text' | 'language'> = {
    text: (text) => (coreWords ? coreWords.text(text) : englishText(text)),
    language: () => coreWords?.language() ?? 'en',
  };

  denyAllPermissions(session.defaultSession);
  serveRendererBundle(RENDERER_BUNDLE);
  const trainingService = await startTrainingService();
  const core = createCore({
    dataDir: app.getPath('userData'),
    secrets: createKeychainStore('Packdesk'),
    version: app.getVersion(),
    builtInService: () => (trainingService ? asBuiltInService(trainingService) : null),
    paymentWindows: electronPaymentWindows(() => mainWindow, rendererPage('payment.html', devServerUrl), say),
    pdfPrinter: electronPdfPrinter(() => mainWindow),
    fileSaver: electronFileSaver(() => mainWindow),
    openExternal: (url) => shell.openExternal(url),
    askAgent: nativeAgentQuestions(() => mainWindow),
    // Only an installed Packdesk updates itself (electron-updater also refuses otherwise); `npm start` says updates are off.
    updater: app.isPackaged ? prepareFeedUpdater(installedUpdater(), app.getPath('userData')) : undefined,
  });

  coreWords = core.language.words;

  const trustedIds = new Set<number>();
  const handlers: Handlers = {
    ...core.handlers,
    // The menu follows the language the agent chooses.
    'language:set': async (input) => {
      const choice = await core.handlers['language:set'](input);
      followLanguage();
      return choice;
    },
  };
  const dispatch = createDispatcher(handlers, logUnexpectedFailure, core.language.words);
  const unregisterIpc = registerIpc(
    ipcMain,
    dispatch,
    (event) =>
      isTrustedSender(
        { webContentsId: event.sender.id, frameUrl: event.senderFrame?.url ?? null, isMainFrame: event.senderFrame?.parent === null },
        trustedIds,
        appUrl,
      ),
    core.language.words,
  );

  const window = createMainWindow({
    preload: join(import.meta.dirname, '../preload/index.cjs'),
    appUrl,
    preferences: core.preferences,
    serviceOrigins: () => core.serviceOrigins(),
  });
  mainWindow = window;
  trustedIds.add(window.webContents.id);
  const unsubscribe = core.events.subscribe((event) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
  });
  window.on('closed', () => {
    unsubscribe();
    trustedIds.delete(window.webContents.id);
    mainWindow = null;
  });

  const navigate = (screen: 'new-booking' | 'bookings' | 'settings') => core.events.emit('event:navigate', { screen });
  const menuActions = ledgerMenuActions(core, () => mainWindow);
  // Built in the language in use, and again when it changes (chosen, or another agent signed in), once its words are loaded.
  let menuLanguage: string | null = null;
  const buildMenu = (language: string | null) => {
    menuLanguage = language;
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate(navigate, process.platform === 'darwin', devServerUrl !== null, menuActions, say)),
    );
  };
  function followLanguage(): void {
    core.language.words
      .follow()
      .then(() => {
        const language = core.language.current().language;
        if (language !== menuLanguage) buildMenu(language);
      })
      .catch((error: unknown) => console.error('[language] the menu was not worded again', error));
  }
  buildMenu(null);
  followLanguage();
  const unfollowPeople = core.events.subscribe((event) => {
    if (event.name === 'event:people-change') followLanguage();
  });

  // The computer locked or put to sleep: so is the counter, until the agent's PIN (nothing of a traveler shows).
  powerMonitor.on('lock-screen', () => core.access.lock());
  powerMonitor.on('suspend', () => core.access.lock());

  app.on('window-all-closed', () => app.quit());
  let quit: 'running' | 'closing' | 'closed' = 'running';
  app.on('before-quit', (event) => {
    if (quit === 'closed') return;
    // Held until the databases are closed in order; then the quit goes on.
    event.preventDefault();
    if (quit === 'closing') return;
    quit = 'closing';
    if (mainWindow && !mainWindow.isDestroyed()) {
      saveWindowState(mainWindow, core.preferences);
      // Its close during the quit must not write into a closed database.
      mainWindow.removeAllListeners('close');
    }
    unregisterIpc();
    unfollowPeople();
    void core
      .shutdown(QUIT_GRACE_MS)
      .then(() => trainingService?.close())
      .catch((error: unknown) => console.error('[quit] closing did not finish cleanly', error))
      .finally(() => {
        quit = 'closed';
        app.quit();
      });
  });

  core.start().catch((error: unknown) => console.error('[start] settling the writes left open did not finish', error));
  return {
    focus() {
      if (!mainWindow) return;
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    },
  };
}

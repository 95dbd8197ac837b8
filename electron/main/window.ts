import { screen } from 'electron';
import type { BrowserWindow } from 'electron';
import { DEFAULT_WINDOW_SIZE, restorableWindowState } from '../core/window-state';
import type { Preferences } from '../core/preferences';
import { createSecureWindow, hardenWebContents } from './hardening';

const STATE_KEY = 'window_state';

export interface MainWindowOptions {
  preload: string;
  /** The dev server address, or app://packdesk/index.html (the bundle, served by main). */
  appUrl: string;
  preferences: Preferences;
  /** Origins whose links may open in the system browser: the active profile's service, the built-in one. */
  serviceOrigins: () => readonly (string | null)[];
}

/** The one main window: secure preferences, hardened, placed where the agent left it. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const saved = restorableWindowState(
    options.preferences.get(STATE_KEY),
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = createSecureWindow(
    {
      ...(saved ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height } : DEFAULT_WINDOW_SIZE),
      minWidth: 960,
      minHeight: 640,
      show: false,
      title: 'Packdesk',
      backgroundColor: '#f8f9fa',
    },
    { preload: options.preload },
  );
  if (saved?.maximized) window.maximize();
  hardenWebContents(window.webContents, options.appUrl, options.serviceOrigins);
  window.once('ready-to-show', () => window.show());
  window.on('close', () => saveWindowState(window, options.preferences));
  void window.loadURL(options.appUrl);
  return window;
}

/** Where the window is, for the next start. A quit saves it before the settings database closes. */
export function saveWindowState(window: BrowserWindow, preferences: Preferences): void {
  const bounds = window.getNormalBounds();
  preferences.set(STATE_KEY, JSON.stringify({ ...bounds, maximized: window.isMaximized() }));
}

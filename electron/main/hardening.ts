import { BrowserWindow, shell } from 'electron';
import type { Session, WebContents } from 'electron';
import { isAppUrl, mayOpenExternally } from '../core/link-policy';

/**
 * Every Packdesk window is made here, with the secure preferences written out where an auditor
 * (and electronegativity) reads them: isolated, sandboxed, no Node, no webviews, no middle-click.
 */
export function createSecureWindow(
  options: Electron.BrowserWindowConstructorOptions,
  web: { preload?: string; session?: Session; scripts?: false } = {},
): BrowserWindow {
  return new BrowserWindow({
    ...options,
    webPreferences: {
      ...(web.preload ? { preload: web.preload } : {}),
      ...(web.session ? { session: web.session } : {}),
      // A page that only shows what it is given (a document to print) runs no script at all.
      ...(web.scripts === false ? { javascript: false } : {}),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
}

/** Every permission (camera, notifications, geolocation, …) is refused: the counter needs none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * Navigation away from the app's page and every new window are refused. A link on the configured
 * service's own origin opens in the system browser instead; any other is refused and logged (a
 * payment link opens through its booking, `bookings:open-payment-link`).
 */
export function hardenWebContents(contents: WebContents, appUrl: string, serviceOrigins: () => readonly (string | null)[]): void {
  const openIfAllowed = (url: string) => {
    if (mayOpenExternally(url, serviceOrigins())) void shell.openExternal(url);
    else console.warn(`[links] refused to open ${url.slice(0, 200)}: not on the service’s own origin`);
  };
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, appUrl)) return;
    event.preventDefault();
    openIfAllowed(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url);
    return { action: 'deny' };
  });
}

/** Security decisions as small pure functions, so they can be tested with hostile inputs in plain Node. */
import { hasSafeScheme, parseUrl as parse } from '../../shared/links';

/**
 * May a link the page asked to open leave for the system browser? Only one on the configured
 * service's own origin (the active profile's address, or the built-in service's). Any other link,
 * a payment link included, is opened only through the booking it belongs to (`bookings:open-payment-link`).
 */
export function mayOpenExternally(raw: string, serviceOrigins: readonly (string | null)[]): boolean {
  const url = parse(raw);
  if (!url || !hasSafeScheme(url)) return false;
  return serviceOrigins.some((origin) => origin !== null && parse(origin)?.origin === url.origin);
}

/**
 * Is this URL the app's own page: app://packdesk, the dev server, or (the payment windows) the
 * packaged file? Navigation anywhere else is refused.
 */
export function isAppUrl(raw: string, appUrl: string): boolean {
  const url = parse(raw);
  const app = parse(appUrl);
  if (!url || !app || url.username || url.password) return false;
  if (app.protocol === 'file:') {
    // A file: URL naming a host is a file on another machine (Windows opens it over SMB): never ours.
    return url.protocol === 'file:' && url.host === '' && app.host === '' && url.pathname === app.pathname;
  }
  // Scheme and host (with its port): the origin, also for app://, whose URL origin is 'null' like any other custom scheme's.
  return url.protocol === app.protocol && url.host === app.host && app.host !== '';
}

/** An IPC call is ours only if it comes from one of our windows' main frame, showing our page. */
export function isTrustedSender(
  sender: { webContentsId: number; frameUrl: string | null; isMainFrame: boolean },
  trustedWebContentsIds: ReadonlySet<number>,
  appUrl: string,
): boolean {
  return (
    trustedWebContentsIds.has(sender.webContentsId) && sender.isMainFrame && sender.frameUrl !== null && isAppUrl(sender.frameUrl, appUrl)
  );
}

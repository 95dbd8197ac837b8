/** Security decisions as small pure functions, so they can be tested with hostile inputs in plain Node. */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function parse(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * May this link leave for the system browser? Only https links, or links to the built-in service's
 * own loopback address (its payment pages), and never with credentials in them.
 */
export function mayOpenExternally(raw: string, builtInServiceUrl: string | null): boolean {
  const url = parse(raw);
  if (!url || url.username || url.password) return false;
  if (url.protocol === 'https:') return !LOOPBACK.has(url.hostname);
  if (url.protocol !== 'http:' || !builtInServiceUrl) return false;
  const builtIn = parse(builtInServiceUrl);
  return builtIn !== null && LOOPBACK.has(url.hostname) && url.origin === builtIn.origin;
}

/** Is this URL the app's own page (the packaged file or the dev server)? Navigation anywhere else is refused. */
export function isAppUrl(raw: string, appUrl: string): boolean {
  const url = parse(raw);
  const app = parse(appUrl);
  if (!url || !app) return false;
  if (app.protocol === 'file:') return url.protocol === 'file:' && url.pathname === app.pathname;
  return url.origin === app.origin;
}

/** An IPC call is ours only if it comes from one of our windows' main frame, showing our page. */
export function isTrustedSender(
  sender: { webContentsId: number; frameUrl: string | null; isMainFrame: boolean },
  trustedWebContentsIds: ReadonlySet<number>,
  appUrl: string,
): boolean {
  return (
    trustedWebContentsIds.has(sender.webContentsId) &&
    sender.isMainFrame &&
    sender.frameUrl !== null &&
    isAppUrl(sender.frameUrl, appUrl)
  );
}

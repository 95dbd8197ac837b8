/**
 * The main window's page comes from app://packdesk/, served by main from the renderer bundle (a
 * custom protocol, as Electron's security checklist asks, instead of file://). What may be served is
 * decided here, as pure functions tested with hostile addresses in plain Node.
 */
import { extname, resolve, sep } from 'node:path';

export const APP_SCHEME = 'app';
const APP_HOST = 'packdesk';
/** The main window's page when the app runs from its own files (not the dev server). */
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * The main page's Content-Security-Policy, sent as a header as well as in index.html's meta tag
 * (a header also enforces frame-ancestors, which a meta tag cannot).
 */
export const APP_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

/**
 * The file of the renderer bundle an app:// request names, or null: only app://packdesk, only a
 * path that stays inside the bundle's folder once decoded (no `..`, encoded slashes or
 * backslashes out of it), only the kinds of file a page is built from.
 */
export function bundleFileFor(requestUrl: string, bundleDir: string): string | null {
  let url: URL;
  let path: string;
  try {
    url = new URL(requestUrl);
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) return null;
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) return null;
  const root = resolve(bundleDir);
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  if (!file.startsWith(root + sep) || !(extname(file) in CONTENT_TYPES)) return null;
  return file;
}

/** The headers a bundle file is served with: its type, never sniffed; the page's CSP on HTML. */
export function bundleFileHeaders(file: string): Record<string, string> {
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  return {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    ...(type.startsWith('text/html') ? { 'Content-Security-Policy': APP_PAGE_CSP } : {}),
  };
}

import { readFile, stat } from 'node:fs/promises';
import { protocol } from 'electron';
import { APP_SCHEME, bundleFileFor, bundleFileHeaders } from '../core/app-protocol';

/**
 * Before the app is ready: app:// is a standard, secure scheme (relative URLs and ES modules resolve,
 * the page is a secure context). Nothing more: no CSP bypass, no service workers, and no CORS, so no
 * other origin can read the bundle.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * Serves the renderer bundle in `bundleDir`, and only it, on app://packdesk/ (the default session's,
 * so the payment windows, on their own sessions, cannot load it). Read with Node's fs, which reads
 * inside app.asar whatever the file protocol's fuse says.
 */
export function serveRendererBundle(bundleDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = request.method === 'GET' ? bundleFileFor(request.url, bundleDir) : null;
    if (!file) return notFound();
    try {
      if (!(await stat(file)).isFile()) return notFound();
      return new Response(await readFile(file), { status: 200, headers: bundleFileHeaders(file) });
    } catch {
      return notFound();
    }
  });
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { APP_PAGE_CSP, bundleFileFor, bundleFileHeaders } from '../../electron/core/app-protocol';
import { isAppUrl, isTrustedSender } from '../../electron/core/link-policy';

const BUNDLE = '/opt/Packdesk/resources/app.asar/out/renderer';

describe('what app://packdesk serves', () => {
  test.each([
    ['app://packdesk/index.html', `${BUNDLE}/index.html`],
    ['app://packdesk/', `${BUNDLE}/index.html`],
    ['app://packdesk/assets/index-DzzpR-x8.js', `${BUNDLE}/assets/index-DzzpR-x8.js`],
    ['app://packdesk/assets/index-B1.css?v=2#x', `${BUNDLE}/assets/index-B1.css`],
    ['app://packdesk/assets/a%20b.js', `${BUNDLE}/assets/a b.js`],
  ])('%s is the bundle’s %s', (url, file) => {
    expect(bundleFileFor(url, BUNDLE)).toBe(file);
  });

  test.each([
    // Out of the bundle's folder, however it is spelled.
    'app://packdesk/assets/..%2F..%2F..%2Fpackage.json',
    'app://packdesk/assets%2F..%2F..%2F..%2Fmain%2Findex.js',
    'app://packdesk/assets/..%5C..%5Cmain%5Cindex.js',
    'app://packdesk/assets\\..\\..\\main\\index.js',
    'app://packdesk/index.html%00.png',
    'app://packdesk/%E0%A4%A',
    // Another host, credentials, another scheme.
    'app://evil/index.html',
    'app://PACKDESK/index.html',
    'app://user:pass@packdesk/index.html',
    'file:///opt/Packdesk/resources/app.asar/out/renderer/index.html',
    'https://packdesk/index.html',
    // Not something a page is built from.
    'app://packdesk/assets/',
    'app://packdesk/assets/index.js.map',
    'app://packdesk/../app.asar',
    'not a url',
  ])('%s is refused', (url) => {
    expect(bundleFileFor(url, BUNDLE)).toBeNull();
  });

  test('dot segments are resolved in the address itself, as Chromium does: they stay inside the bundle', () => {
    expect(bundleFileFor('app://packdesk/../../main/index.js', BUNDLE)).toBe(`${BUNDLE}/main/index.js`);
    expect(bundleFileFor('app://packdesk/%2e%2e/%2e%2e/package.json', BUNDLE)).toBe(`${BUNDLE}/package.json`);
  });

  test('files are served with their type, never sniffed; the page with its CSP', () => {
    expect(bundleFileHeaders(`${BUNDLE}/index.html`)).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': APP_PAGE_CSP,
    });
    expect(bundleFileHeaders(`${BUNDLE}/assets/index.js`)).toEqual({
      'Content-Type': 'text/javascript; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  test('the CSP header is the one the page itself declares', () => {
    const html = readFileSync(join(import.meta.dirname, '../../renderer/index.html'), 'utf8');
    const declared = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(declared).toBe(APP_PAGE_CSP);
    expect(APP_PAGE_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});

describe('the main window’s own page on app://packdesk', () => {
  const page = 'app://packdesk/index.html';

  test('its pages are the app; no other scheme or host is', () => {
    expect(isAppUrl('app://packdesk/index.html#/bookings', page)).toBe(true);
    for (const other of [
      'evil://packdesk/index.html',
      'app://evil/index.html',
      'app://packdesk.evil.example/index.html',
      'app://user@packdesk/index.html',
      'file:///opt/Packdesk/resources/app.asar/out/renderer/index.html',
      'http://packdesk/index.html',
      'about:blank',
    ]) {
      expect(isAppUrl(other, page), other).toBe(false);
    }
  });

  test('a custom scheme with no host is never an app address', () => {
    expect(isAppUrl('app:index.html', 'app:index.html')).toBe(false);
  });

  test('only its main frame is a trusted sender', () => {
    expect(isTrustedSender({ webContentsId: 1, frameUrl: page, isMainFrame: true }, new Set([1]), page)).toBe(true);
    expect(isTrustedSender({ webContentsId: 1, frameUrl: 'evil://packdesk/index.html', isMainFrame: true }, new Set([1]), page)).toBe(
      false,
    );
  });
});

import { describe, expect, test } from 'vitest';
import { isAppUrl, isTrustedSender, mayOpenExternally } from '../../electron/core/link-policy';
import { openablePaymentLink } from '../../shared/links';

const BUILT_IN = 'http://127.0.0.1:43110';

describe('links that may leave for the system browser', () => {
  const origins = [BUILT_IN, 'https://api.partner.example'];

  test.each([`${BUILT_IN}/sandbox/pay/modification/m_1`, 'https://api.partner.example/help'])(
    'allows %s, on the configured service’s own origin',
    (url) => {
      expect(mayOpenExternally(url, origins)).toBe(true);
    },
  );

  test.each([
    // Any https link is no longer enough: the page could be made to open anything.
    'https://evil.example/',
    'https://pay.example.com/link/abc',
    'https://api.partner.example.evil.example/',
    'javascript:alert(document.cookie)',
    'file:///C:/Windows/System32/calc.exe',
    'file://attacker.example/share/payload.exe',
    '\\\\attacker.example\\share\\payload.exe',
    'smb://attacker.example/share',
    'http://api.partner.example/help',
    'http://127.0.0.1:9999/other-local-service',
    'https://user:password@api.partner.example/',
    'https://127.0.0.1/admin',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '',
    'not a url',
  ])('refuses %s', (url) => {
    expect(mayOpenExternally(url, origins)).toBe(false);
  });

  test('with no service configured, nothing leaves', () => {
    expect(mayOpenExternally(`${BUILT_IN}/pay`, [null])).toBe(false);
  });

  test('a payment link the service returned opens if its scheme is safe', () => {
    expect(openablePaymentLink('https://pay.example.com/link/abc')).toBe('https://pay.example.com/link/abc');
    expect(openablePaymentLink(`${BUILT_IN}/sandbox/pay/modification/MOD1`)).toBe(`${BUILT_IN}/sandbox/pay/modification/MOD1`);
    for (const bad of ['javascript:alert(1)', 'http://pay.example.com/x', 'file:///etc/passwd', 'https://u:p@pay.example.com/', null, ''])
      expect(openablePaymentLink(bad)).toBeNull();
  });
});

describe('the app’s own page', () => {
  test('the packaged file, and only that file', () => {
    const app = 'file:///opt/Packdesk/resources/app/out/renderer/index.html';
    expect(isAppUrl(`${app}#settings`, app)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', app)).toBe(false);
    expect(isAppUrl('https://evil.example/', app)).toBe(false);
  });

  test.each([
    // The same path on another machine: Windows fetches it over SMB, and its page must not pass as ours.
    'file://attacker.example/opt/Packdesk/resources/app/out/renderer/index.html',
    'file://192.168.1.20/opt/Packdesk/resources/app/out/renderer/index.html',
    'file://attacker.example:445/opt/Packdesk/resources/app/out/renderer/index.html',
  ])('the packaged file’s path on another host, %s, is not the app', (url) => {
    expect(isAppUrl(url, 'file:///opt/Packdesk/resources/app/out/renderer/index.html')).toBe(false);
  });

  test('a file: app address naming a host is trusted for nothing', () => {
    const remote = 'file://attacker.example/share/index.html';
    expect(isAppUrl(remote, remote)).toBe(false);
  });

  test('the dev server, by origin', () => {
    expect(isAppUrl('http://localhost:5173/index.html', 'http://localhost:5173')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
  });
});

describe('IPC senders', () => {
  const app = 'file:///app/out/renderer/index.html';
  const trusted = new Set([7]);

  test('our window’s main frame on our page is trusted', () => {
    expect(isTrustedSender({ webContentsId: 7, frameUrl: app, isMainFrame: true }, trusted, app)).toBe(true);
  });

  test.each([
    ['another window', { webContentsId: 8, frameUrl: app, isMainFrame: true }],
    ['a sub-frame', { webContentsId: 7, frameUrl: app, isMainFrame: false }],
    ['a page that navigated away', { webContentsId: 7, frameUrl: 'https://evil.example/', isMainFrame: true }],
    ['a frame with no URL', { webContentsId: 7, frameUrl: null, isMainFrame: true }],
    [
      'our page’s path on another host',
      { webContentsId: 7, frameUrl: 'file://attacker.example/app/out/renderer/index.html', isMainFrame: true },
    ],
  ])('%s is refused', (_name, sender) => {
    expect(isTrustedSender(sender, trusted, app)).toBe(false);
  });
});

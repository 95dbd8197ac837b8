import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { APP_PAGE_CSP } from '../../electron/core/app-protocol';
import { app, protocol, resetElectron } from './electron-stand-in';

vi.mock('electron', () => import('./electron-stand-in'));

const { registerAppScheme, serveRendererBundle } = await import('../../electron/main/app-protocol');

let root = '';
beforeEach(() => {
  resetElectron();
  root = mkdtempSync(join(tmpdir(), 'packdesk-bundle-'));
  // The renderer bundle, and beside it what must never be served: main's code, the app's package.json.
  mkdirSync(join(root, 'renderer/assets'), { recursive: true });
  mkdirSync(join(root, 'main'), { recursive: true });
  writeFileSync(join(root, 'renderer/index.html'), '<!doctype html><title>Packdesk</title>');
  writeFileSync(join(root, 'renderer/assets/index-abc.js'), 'export const ready = true;');
  writeFileSync(join(root, 'main/index.js'), 'main process code');
  writeFileSync(join(root, 'package.json'), '{"name":"packdesk"}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the app:// scheme', () => {
  test('is made standard and secure before the app is ready, and nothing more', () => {
    registerAppScheme();
    expect(protocol.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    app.becomeReady();
    expect(() => registerAppScheme()).toThrow(/before app is ready/);
  });

  test('serves the bundle’s page with its CSP, and its scripts as JavaScript', async () => {
    serveRendererBundle(join(root, 'renderer'));
    const page = await protocol.fetch('app://packdesk/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(APP_PAGE_CSP);
    expect(await page.text()).toContain('<title>Packdesk</title>');
    const script = await protocol.fetch('app://packdesk/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test.each([
    'app://packdesk/..%2Fmain%2Findex.js',
    'app://packdesk/assets/..%2F..%2Fpackage.json',
    'app://packdesk/assets%5C..%5C..%5Cmain%5Cindex.js',
    'app://packdesk/../main/index.js',
    'app://evil/index.html',
    'app://packdesk/assets',
    'app://packdesk/missing.js',
  ])('answers 404 to %s: nothing outside the bundle, no folder, nothing missing', async (url) => {
    serveRendererBundle(join(root, 'renderer'));
    const answer = await protocol.fetch(url);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe('Not found');
  });

  test('only reads: a POST is not found either', async () => {
    serveRendererBundle(join(root, 'renderer'));
    expect((await protocol.fetch('app://packdesk/index.html', { method: 'POST', body: 'x' })).status).toBe(404);
  });
});

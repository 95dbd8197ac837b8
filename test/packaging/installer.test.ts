import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { listPackage, statFile } from '@electron/asar';
import { beforeAll, describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const MAKE_DIR = join(ROOT, 'dist-installers/make');
const MiB = 1024 * 1024;

const sh = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' });

/** Sum of the sizes of every file under a folder. */
function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

/** The dependencies of a Depends line not installed here (an alternative counts when any of its choices is). */
function missingDepends(depends: string): string[] {
  const installed = (name: string) => sh('dpkg-query', ['-W', '-f=${Status}', name]).stdout.includes('install ok installed');
  return depends
    .split(',')
    .map((alternatives) => alternatives.split('|').map((choice) => choice.trim().split(' ')[0] as string))
    .filter((choices) => !choices.some(installed))
    .map((choices) => choices.join(' | '));
}

let deb = '';
let extracted = '';

// `npm run package` as a user runs it, with the stand-in Electron this machine needs (no GitHub).
beforeAll(() => {
  rmSync(join(ROOT, 'dist-installers'), { recursive: true, force: true });
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/package.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PACKDESK_ELECTRON_STAND_IN: '1' },
  });
  expect(built.status, built.stdout + built.stderr).toBe(0);
  const debs = readdirSync(join(MAKE_DIR, 'deb/x64')).filter((name) => name.endsWith('.deb'));
  expect(debs).toHaveLength(1);
  deb = join(MAKE_DIR, 'deb/x64', debs[0] as string);
  extracted = mkdtempSync(join(tmpdir(), 'packdesk-deb-'));
  expect(sh('dpkg-deb', ['-x', deb, extracted]).status).toBe(0);
  return () => rmSync(extracted, { recursive: true, force: true });
}, 300_000);

describe('the Linux installer', () => {
  test('is a .deb named Packdesk, at the version of package.json, that depends on libsecret for the keychain', () => {
    const control = sh('dpkg-deb', ['-f', deb]).stdout;
    expect(control).toMatch(/^Package: packdesk$/m);
    expect(control).toMatch(new RegExp(`^Version: ${VERSION.replace(/\./g, '\\.')}~standin$`, 'm'));
    expect(control).toMatch(/^Depends: .*\blibsecret-1-0\b/m);
  });

  test('comes with its update metadata: latest-linux.yml naming it, with its sha512 and size, for a feed', () => {
    const feed = readFileSync(join(MAKE_DIR, 'latest-linux.yml'), 'utf8');
    const bytes = readFileSync(deb);
    expect(feed).toMatch(new RegExp(`^version: ${VERSION.replace(/\./g, '\\.')}$`, 'm'));
    expect(feed).toContain(
      `  - url: deb/x64/${basename(deb)}\n    sha512: ${createHash('sha512').update(bytes).digest('base64')}\n    size: ${bytes.length}\n`,
    );
  });

  test('puts the app in /usr/lib/packdesk, a command on the PATH, and a desktop entry and icon where the entry says', () => {
    const app = join(extracted, 'usr/lib/packdesk');
    expect(existsSync(join(app, 'packdesk'))).toBe(true);
    expect(existsSync(join(app, 'resources/app.asar'))).toBe(true);
    expect(sh('readlink', [join(extracted, 'usr/bin/packdesk')]).stdout.trim()).toBe('../lib/packdesk/packdesk');
    const entry = readFileSync(join(extracted, 'usr/share/applications/packdesk.desktop'), 'utf8');
    expect(entry).toMatch(/^Name=Packdesk$/m);
    expect(entry).toMatch(/^Exec=packdesk( |$)/m);
    expect(entry).toMatch(/^Icon=packdesk$/m);
    expect(statSync(join(extracted, 'usr/share/pixmaps/packdesk.png')).size).toBeGreaterThan(1000);
  });

  test('app.asar holds the build and the production dependencies only, with keytar’s native module unpacked', () => {
    const resources = join(extracted, 'usr/lib/packdesk/resources');
    const archive = join(resources, 'app.asar');
    const files = listPackage(archive, { isPack: false });
    const isFile = (file: string) => 'size' in statFile(archive, file.slice(1));
    for (const needed of [
      '/package.json',
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/out/renderer/payment.html',
    ]) {
      expect(files).toContain(needed);
    }
    // Packages with files in the archive (pruning leaves some empty scope folders behind, which hold nothing).
    const packages = new Set(
      files
        .filter((file) => file.startsWith('/node_modules/') && isFile(file))
        .map((file) => {
          const [, , scopeOrName, name] = file.split('/');
          return scopeOrName?.startsWith('@') ? `${scopeOrName}/${name ?? ''}` : (scopeOrName as string);
        }),
    );
    expect(packages).toContain('keytar');
    for (const devOnly of [
      'vitest',
      'playwright-core',
      'electron',
      'node',
      'typescript',
      'react',
      'react-dom',
      '@mantine',
      'zod',
      'vite',
      'eslint',
    ]) {
      expect(packages, devOnly).not.toContain(devOnly);
    }
    expect(files.some((file) => file.startsWith('/out/soak') || file.startsWith('/out/bench') || file.startsWith('/test/'))).toBe(false);
    expect(existsSync(join(resources, 'app.asar.unpacked/node_modules/keytar/build/Release/keytar.node'))).toBe(true);
  });

  test('the app’s own part (app.asar and what is unpacked beside it) is at most 15 MB', () => {
    const resources = join(extracted, 'usr/lib/packdesk/resources');
    const bytes = statSync(join(resources, 'app.asar')).size + folderBytes(join(resources, 'app.asar.unpacked'));
    expect(bytes).toBeLessThanOrEqual(15 * MiB);
  });

  // Installing needs root and the runtime libraries (.ci/run installs them); elsewhere this is skipped, saying why.
  test('installs with dpkg -i, its files where the package says, and removes cleanly', ({ skip }) => {
    const missing = missingDepends(sh('dpkg-deb', ['-f', deb, 'Depends']).stdout);
    if (process.getuid?.() !== 0) skip('dpkg -i needs root');
    if (missing.length) skip(`the installer's dependencies are not installed here: ${missing.join(', ')}`);
    const installed = sh('dpkg', ['-i', deb]);
    try {
      expect(installed.status, installed.stdout + installed.stderr).toBe(0);
      const listed = sh('dpkg', ['-L', 'packdesk']).stdout.split('\n');
      expect(listed).toContain('/usr/share/applications/packdesk.desktop');
      expect(listed).toContain('/usr/lib/packdesk/resources/app.asar');
      expect(existsSync('/usr/bin/packdesk')).toBe(true);
      expect(sh('which', ['packdesk']).stdout.trim()).toBe('/usr/bin/packdesk');
    } finally {
      expect(sh('dpkg', ['-r', 'packdesk']).status).toBe(0);
    }
    expect(existsSync('/usr/lib/packdesk/resources/app.asar')).toBe(false);
  });
});

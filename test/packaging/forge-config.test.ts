import { describe, expect, test } from 'vitest';
import config, { KEPT } from '../../forge.config';

/** Forge's makers as configured: each names the platforms it builds for. */
const makers = (config.makers ?? []) as { name: string; platforms: string[] | null; defaultPlatforms?: string[] }[];
const makerFor = (platform: string) =>
  makers.filter((maker) => (maker.platforms ?? maker.defaultPlatforms ?? []).includes(platform)).map((maker) => maker.name);

describe('the installers each platform gets', () => {
  test('Linux a .deb, Windows a Setup.exe, macOS a .dmg; each also a .zip', () => {
    expect(makerFor('linux')).toEqual(expect.arrayContaining(['deb', 'zip']));
    expect(makerFor('win32')).toEqual(expect.arrayContaining(['squirrel', 'zip']));
    expect(makerFor('darwin')).toEqual(expect.arrayContaining(['dmg', 'zip']));
  });

  test('what goes into app.asar: the app’s build and its production dependencies, nothing of the workshop', () => {
    const packagerConfig = config.packagerConfig ?? {};
    const ignore = packagerConfig.ignore as (path: string) => boolean;
    for (const kept of [
      '',
      '/package.json',
      '/out',
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/payment.html',
      '/node_modules/keytar/package.json',
    ]) {
      expect(ignore(kept), kept).toBe(false);
    }
    for (const left of [
      '/electron/core/core.ts',
      '/test/e2e/harness.ts',
      '/out/bench/run.mjs',
      '/out/soak/x.js',
      '/bench/run.ts',
      '/.git/HEAD',
      '/dist-installers/make/x.deb',
      '/README.md',
      '/docs/ledger.md',
    ]) {
      expect(ignore(left), left).toBe(true);
    }
    expect(KEPT.test('/outside')).toBe(false);
    expect(packagerConfig).toMatchObject({ name: 'Packdesk', executableName: 'packdesk', asar: { unpack: '**/*.node' } });
  });
});

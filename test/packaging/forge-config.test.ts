import { describe, expect, test, vi } from 'vitest';
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

describe('signing, from the release machine’s environment', () => {
  const SIGNING = {
    APPLE_IDENTITY: 'Developer ID Application: Packdesk Lda (AB12CD34EF)',
    APPLE_ID: 'release@packdesk.app',
    APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh-ijkl-mnop',
    APPLE_TEAM_ID: 'AB12CD34EF',
    WINDOWS_CERTIFICATE_FILE: '/secure/packdesk.pfx',
    WINDOWS_CERTIFICATE_PASSWORD: 'pfx-password',
    WINDOWS_TIMESTAMP_SERVER: '',
  };

  /** forge.config.ts as Forge loads it under these variables, and what it prints when packaging starts. */
  async function loadConfig(env: Record<string, string>) {
    for (const name of Object.keys(SIGNING)) vi.stubEnv(name, env[name] ?? '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.resetModules();
    const loaded = (await import('../../forge.config')).default;
    // Nothing is said on loading (other tools load this file too); at package time, Forge runs this hook first.
    expect(warn).not.toHaveBeenCalled();
    const prePackage = loaded.hooks?.prePackage as (() => Promise<void>) | undefined;
    await prePackage?.();
    const printed = warn.mock.calls.map((call) => call.join(' '));
    warn.mockRestore();
    vi.unstubAllEnvs();
    const squirrel = (loaded.makers ?? []).find((maker) => (maker as { name?: string }).name === 'squirrel') as unknown as {
      config: Record<string, unknown>;
      prepareConfig(arch: string): Promise<void>;
    };
    // As Forge does before making: the maker's options for the architecture.
    await squirrel.prepareConfig('x64');
    return { packager: loaded.packagerConfig ?? {}, squirrel: squirrel.config, printed };
  }

  test('every variable set: macOS signed with the identity and notarized, Windows app and Setup.exe signed; nothing printed', async () => {
    const { packager, squirrel, printed } = await loadConfig(SIGNING);
    expect(packager.osxSign).toMatchObject({ identity: SIGNING.APPLE_IDENTITY });
    expect(packager.osxNotarize).toEqual({
      appleId: SIGNING.APPLE_ID,
      appleIdPassword: SIGNING.APPLE_APP_SPECIFIC_PASSWORD,
      teamId: SIGNING.APPLE_TEAM_ID,
    });
    const windowsSign = { certificateFile: SIGNING.WINDOWS_CERTIFICATE_FILE, certificatePassword: SIGNING.WINDOWS_CERTIFICATE_PASSWORD };
    expect(packager.windowsSign).toEqual(windowsSign);
    expect(squirrel.windowsSign).toEqual(windowsSign);
    expect(printed.filter((line) => line.includes('signed'))).toEqual([]);
  });

  test('none set: the build goes on unsigned and one line says what is not signed and which variables would sign it', async () => {
    const { packager, squirrel, printed } = await loadConfig({});
    expect(packager.osxSign).toBeUndefined();
    expect(packager.osxNotarize).toBeUndefined();
    expect(packager.windowsSign).toBeUndefined();
    expect(squirrel.windowsSign).toBeUndefined();
    expect(printed).toEqual([
      'Not signed: macOS (APPLE_IDENTITY not set); Windows (WINDOWS_CERTIFICATE_FILE not set). See README, "Signing".',
    ]);
  });

  test('an identity without the Apple ID: signed, not notarized, and the line names what is missing', async () => {
    const { packager, printed } = await loadConfig({ APPLE_IDENTITY: SIGNING.APPLE_IDENTITY, APPLE_ID: SIGNING.APPLE_ID });
    expect(packager.osxSign).toMatchObject({ identity: SIGNING.APPLE_IDENTITY });
    expect(packager.osxNotarize).toBeUndefined();
    expect(printed).toEqual([
      'Not signed: macOS signed but not notarized (APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID not set); Windows (WINDOWS_CERTIFICATE_FILE not set). See README, "Signing".',
    ]);
  });
});

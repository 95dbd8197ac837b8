import { MakerDeb } from '@electron-forge/maker-deb';
import { MakerDMG } from '@electron-forge/maker-dmg';
import { MakerSquirrel } from '@electron-forge/maker-squirrel';
import { MakerZIP } from '@electron-forge/maker-zip';
import { FusesPlugin } from '@electron-forge/plugin-fuses';
import type { ForgeConfig } from '@electron-forge/shared-types';
import { PACKAGED_FUSES } from './packaging/fuses';
import { signingFrom } from './packaging/signing';

// Where Electron cannot be downloaded, the build takes a local folder holding
// electron-v<version>-<platform>-<arch>.zip (`npm run package` makes a stand-in there in CI).
const electronZipDir = process.env.PACKDESK_ELECTRON_ZIP_DIR;
// A stand-in Electron has no fuse wire to flip; its installers are for inspection only.
const standIn = process.env.PACKDESK_ELECTRON_STAND_IN === '1';
// Signing comes from the release machine's environment (packaging/signing.ts); without it, one line says what is not signed.
const signing = signingFrom(process.env);

/** Only what the app loads at run time: electron-vite's build of the app (not of the benches) and the production dependencies. */
export const KEPT = /^\/(package\.json$|out$|out\/(main|preload|renderer)(\/|$)|node_modules(\/|$))/;

const config: ForgeConfig = {
  // Not `out`: that is electron-vite's build, and the packager leaves its own output folder out.
  outDir: 'dist-installers',
  packagerConfig: {
    name: 'Packdesk',
    executableName: 'packdesk',
    appBundleId: 'app.packdesk.counter',
    appCategoryType: 'public.app-category.business',
    icon: 'packaging/icon',
    asar: { unpack: '**/*.node' },
    // keytar's build folder also holds an intermediate copy of its .node (obj.target): not needed.
    ignore: (path: string) => path !== '' && (!KEPT.test(path) || path.includes('/build/Release/obj.target')),
    ...(electronZipDir ? { electronZipDir } : {}),
    ...(signing.osxSign ? { osxSign: signing.osxSign } : {}),
    ...(signing.osxNotarize ? { osxNotarize: signing.osxNotarize } : {}),
    ...(signing.windowsSign ? { windowsSign: signing.windowsSign } : {}),
  },
  // keytar is N-API: the same .node runs under Node and Electron.
  rebuildConfig: { onlyModules: [] },
  makers: [
    new MakerDeb({
      options: {
        name: 'packdesk',
        productName: 'Packdesk',
        ...(standIn ? { version: `${process.env.npm_package_version ?? '0.0.0'}~standin` } : {}),
        genericName: 'Travel booking counter',
        description: 'The booking counter for travel agents, on the Package Booking Service.',
        productDescription:
          'Search packages, price stays, hold and pay with cards (3-D Secure included), track bookings until they are paid, cancel and change them. Keeps an offline history of every booking and runs training sessions on a built-in copy of the service.',
        section: 'misc',
        categories: ['Office'],
        icon: 'packaging/icon.png',
        bin: 'packdesk',
        maintainer: 'Packdesk <support@packdesk.app>',
        homepage: 'https://packdesk.app',
        // The OS keychain holds the service keys (keytar talks to it through libsecret).
        depends: ['libsecret-1-0'],
        recommends: ['gnome-keyring'],
      },
    }),
    // Windows: a Squirrel Setup.exe that installs per user and adds a Start menu entry (Forge's NSIS
    // maker could not be installed here: it fetches node-gyp from GitHub).
    new MakerSquirrel({
      name: 'Packdesk',
      setupIcon: 'packaging/icon.ico',
      setupExe: 'Packdesk-Setup.exe',
      noMsi: true,
      ...(signing.windowsSign ? { windowsSign: signing.windowsSign } : {}),
    }),
    new MakerDMG({ name: 'Packdesk', icon: 'packaging/icon.icns', format: 'ULFO' }),
    new MakerZIP({}, ['linux', 'darwin', 'win32']),
  ],
  plugins: standIn ? [] : [new FusesPlugin(PACKAGED_FUSES)],
  hooks: {
    // Said when packaging starts, not whenever a tool loads this file.
    prePackage: () => {
      if (signing.unsigned) console.warn(signing.unsigned);
      return Promise.resolve();
    },
  },
};

export default config;
